/**
 * The queues of functions/registry.ts with their dead-letter queues and workers, and the outbox
 * relay that moves events from the outbox table to the queues: fed by the table's stream (inserts
 * only) and, as a safety net for anything the stream path failed to move, by a sweep every five
 * minutes.
 */
import { Duration, Validations } from "aws-cdk-lib";
import { Rule, RuleTargetInput, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction as LambdaTarget } from "aws-cdk-lib/aws-events-targets";
import { EventSourceMapping, FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { SES_DAILY_QUOTA_MESSAGE } from "../../functions/lib/ses-mailer";
import { OUTBOX_DEAD_MESSAGE } from "../../functions/model/outbox";
import {
  OUTBOX_RELAY,
  QUEUES,
  type QueueDefinition,
  SCHEDULED_FUNCTIONS,
  WORKERS,
} from "../../functions/registry";
import { createRegistryFunction, type FunctionContext, type RegistryFunction, timeoutOf } from "./function";
import { DEAD_LETTER_RETENTION, secureQueue, workQueueTimings } from "./queues";

export { VISIBILITY_TIMEOUT_FACTOR } from "./queues";

const DLQ_RETENTION = DEAD_LETTER_RETENTION;
/** A work queue's oldest message older than this raises an alarm (normally seconds). */
export const WORK_QUEUE_MAX_AGE = Duration.minutes(15);
export const WORKER_BATCH_SIZE = 10;
/** Concurrent batches per worker: enough for bursts, and SES's send rate stays safe. */
export const WORKER_MAX_CONCURRENCY = 5;
/** SQS event source mappings run at least two concurrent batches (AWS Lambda: MaximumConcurrency 2-1000). */
export const MIN_MAPPING_CONCURRENCY = 2;
/**
 * A mail worker sends at most this many e-mails per message: one in its lane, two for a message
 * queued before the lanes (docs/decisions/0098-mail-lanes.md); the batch size allows for two.
 */
const EMAILS_PER_MESSAGE = 2;
/** The workers that send e-mail share the stage's SES rate evenly (one per mail lane). */
const MAIL_LANES = WORKERS.filter((worker) => worker.sendsEmail).length;

/**
 * How a worker that sends e-mail keeps under its share of the stage's SES rate (`sesMaxSendRate`
 * split evenly between the mail lanes): its queue mapping runs at most MIN_MAPPING_CONCURRENCY
 * batches at once and each instance spaces its sends by `minIntervalMs` (functions/lib/ses-mailer.ts),
 * so together the lanes send at most the rate; the batch is small enough to finish within half the
 * function's timeout at that pace.
 */
export function sendRateSettings(maxPerSecond: number, timeoutSeconds: number) {
  const maxConcurrency = MIN_MAPPING_CONCURRENCY;
  const lanePerSecond = maxPerSecond / MAIL_LANES;
  const minIntervalMs = Math.ceil((1000 * maxConcurrency) / lanePerSecond);
  const fits = Math.floor((timeoutSeconds * 1000) / 2 / (EMAILS_PER_MESSAGE * minIntervalMs));
  return { maxConcurrency, minIntervalMs, batchSize: Math.max(1, Math.min(WORKER_BATCH_SIZE, fits)) };
}

export const RELAY_STREAM_SETTINGS = { batchSize: 100, retryAttempts: 5, maxRecordAge: Duration.hours(1) };
export const SWEEP_INTERVAL = Duration.minutes(5);
/** The payload the relay receives from the schedule, telling it to sweep the whole outbox. */
export const SWEEP_EVENT = { source: "repdesk.outbox", "detail-type": "Outbox sweep" } as const;
/** EventBridge retries a failed scheduled invocation this often, then hands the event to a dead-letter queue. */
export const SCHEDULE_RETRY_ATTEMPTS = 2;
export const SCHEDULE_MAX_EVENT_AGE = Duration.hours(1);
/** A scheduled run's time limit ends this long before the next run is due (half an interval under two minutes). */
export const SCHEDULE_TIMEOUT_MARGIN = Duration.minutes(1);

/**
 * A scheduled function's time limit: its registry entry's, but never reaching its interval, so a
 * run ends before the next one starts (a run that would overlap is throttled anyway: scheduled
 * functions have a reserved concurrency of 1, and the throttled event is retried).
 */
export function scheduledTimeout(definition: (typeof SCHEDULED_FUNCTIONS)[number]): Duration {
  const own = timeoutOf(definition, "worker").toSeconds();
  const interval = definition.everyMinutes * 60;
  const limit = interval - Math.min(SCHEDULE_TIMEOUT_MARGIN.toSeconds(), interval / 2);
  return Duration.seconds(Math.min(own, limit));
}

export interface MessagingProps {
  readonly context: FunctionContext;
}

export class Messaging extends Construct {
  readonly queues = new Map<string, Queue>();
  readonly deadLetterQueues = new Map<string, Queue>();
  readonly workers = new Map<string, RegistryFunction>();
  readonly relay: RegistryFunction;
  readonly scheduled = new Map<string, RegistryFunction>();
  /** Failed scheduled runs, by function name. */
  readonly scheduleDeadLetters = new Map<string, Queue>();
  /** Where the stream path records batches it gave up on (the sweep still moves their events). */
  readonly relayFailures: Queue;

  constructor(scope: Construct, id: string, { context }: MessagingProps) {
    super(scope, id);
    const { stage, monitoring } = context;
    for (const worker of WORKERS) {
      this.workers.set(
        worker.name,
        createRegistryFunction(this, pascal(worker.name), worker, "worker", context),
      );
    }
    for (const definition of QUEUES) this.createQueue(definition, context);

    // The queues exist now: the relay's environment carries their URLs, and it may send to them.
    const withQueues: FunctionContext = {
      ...context,
      environment: { ...context.environment, queueUrl: (name) => this.queue(name).queueUrl },
    };
    this.relay = createRegistryFunction(this, "OutboxRelay", OUTBOX_RELAY, "relay", withQueues);
    for (const name of OUTBOX_RELAY.queues) this.queue(name).grantSendMessages(this.relay.fn);

    this.relayFailures = secureQueue(this, "OutboxRelayFailures", stage, {
      queueName: `repdesk-${stage.name}-outbox-relay-failures`,
      retentionPeriod: DLQ_RETENTION,
    });
    Validations.of(this.relayFailures).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is itself the dead-letter destination of the outbox stream mapping (it holds failure records, not events); an alarm watches it.",
    });
    const streamArn = context.data.grantStreamRead(this.relay.fn, "outbox");
    const mapping = new EventSourceMapping(this, "OutboxStream", {
      target: this.relay.fn,
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: RELAY_STREAM_SETTINGS.batchSize,
      bisectBatchOnError: true,
      retryAttempts: RELAY_STREAM_SETTINGS.retryAttempts,
      maxRecordAge: RELAY_STREAM_SETTINGS.maxRecordAge,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(this.relayFailures),
      filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual("INSERT") })],
    });
    mapping.node.addDependency(this.relay.role);

    // The sweep rule invokes the relay asynchronously: a run that fails every Lambda retry goes to
    // the relay's failure queue (alarmed) instead of vanishing.
    this.relay.fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: SWEEP_INTERVAL,
      onFailure: new SqsDestination(this.relayFailures),
    });
    new Rule(this, "OutboxSweep", {
      description: "Safety net: relays outbox events that the stream path did not deliver",
      schedule: Schedule.rate(SWEEP_INTERVAL),
      targets: [
        new LambdaTarget(this.relay.fn, { event: RuleTargetInput.fromObject(SWEEP_EVENT), retryAttempts: 2 }),
      ],
    });

    for (const definition of SCHEDULED_FUNCTIONS) this.createScheduled(definition, context);

    monitoring.queueNotEmpty(
      "OutboxRelayFailures",
      this.relayFailures,
      "Outbox relay gave up on stream batches or sweeps",
    );
    monitoring.streamLag("OutboxRelay", this.relay.fn, Duration.minutes(5));
    monitoring.logLine(
      "OutboxDeadItems",
      this.relay.logGroup,
      OUTBOX_DEAD_MESSAGE,
      "An outbox item could not be read and was set aside (deadAt): read it, fix or delete it",
    );
  }

  /**
   * A scheduled function: an EventBridge rule every `everyMinutes` (its scheduled time is the run's
   * "now"). EventBridge invokes Lambda asynchronously, so two kinds of failure end in the same
   * dead-letter queue (alarmed): an event EventBridge could not deliver (the rule target's
   * dead-letter queue), and a run whose function failed every retry (the function's on-failure
   * destination; EventBridge's queue never sees those, since Lambda accepted the event). The
   * function's Errors alarm (createRegistryFunction) also fires on any failed run.
   */
  private createScheduled(definition: (typeof SCHEDULED_FUNCTIONS)[number], context: FunctionContext): void {
    const id = pascal(definition.name);
    const fn = createRegistryFunction(this, id, definition, "worker", context, {
      timeout: scheduledTimeout(definition),
      reservedConcurrentExecutions: 1,
    });
    const deadLetters = secureQueue(this, `${id}ScheduleDeadLetters`, context.stage, {
      queueName: `repdesk-${context.stage.name}-${definition.name}-dlq`,
      retentionPeriod: DLQ_RETENTION,
    });
    Validations.of(deadLetters).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is itself the dead-letter destination of the schedule's target (it holds the events of failed runs); an alarm watches it.",
    });
    fn.fn.configureAsyncInvoke({
      retryAttempts: SCHEDULE_RETRY_ATTEMPTS,
      maxEventAge: SCHEDULE_MAX_EVENT_AGE,
      onFailure: new SqsDestination(deadLetters),
    });
    new Rule(this, `${id}Schedule`, {
      description: `Runs ${definition.name} every ${definition.everyMinutes} minutes`,
      schedule: Schedule.rate(Duration.minutes(definition.everyMinutes)),
      targets: [
        new LambdaTarget(fn.fn, {
          retryAttempts: SCHEDULE_RETRY_ATTEMPTS,
          maxEventAge: SCHEDULE_MAX_EVENT_AGE,
          deadLetterQueue: deadLetters,
        }),
      ],
    });
    context.monitoring.queueNotEmpty(
      `${id}ScheduleDeadLetters`,
      deadLetters,
      `Scheduled runs of ${definition.name} that failed every retry`,
    );
    this.scheduled.set(definition.name, fn);
    this.scheduleDeadLetters.set(`${definition.name}-schedule`, deadLetters);
  }

  queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  private createQueue(definition: QueueDefinition, context: FunctionContext): void {
    const worker = this.workers.get(definition.worker);
    if (!worker) throw new Error(`Queue ${definition.name} names unknown worker ${definition.worker}`);
    const prefix = `repdesk-${context.stage.name}-${definition.name}`;
    const id = pascal(definition.name);
    const deadLetterQueue = secureQueue(this, `${id}DeadLetters`, context.stage, {
      queueName: `${prefix}-dlq`,
      retentionPeriod: DLQ_RETENTION,
    });
    // Visibility and retention from this queue's own worker (infra/constructs/queues.ts).
    const queue = secureQueue(this, `${id}Queue`, context.stage, {
      queueName: prefix,
      ...workQueueTimings(worker.timeout),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
    });
    const workerDefinition = WORKERS.find((w) => w.name === definition.worker);
    const paced = workerDefinition?.sendsEmail
      ? sendRateSettings(context.stage.sesMaxSendRate, worker.timeout.toSeconds())
      : undefined;
    if (paced) {
      // The worker spaces its sends by paced.minIntervalMs (infra/environment.ts). A send refused for the day fails its message (retried later; the backlog alarm fires too).
      context.monitoring.logLine(
        `${id}SesDailyQuota`,
        worker.logGroup,
        SES_DAILY_QUOTA_MESSAGE,
        "SES refused e-mails for the day's sending quota: messages wait in the queue; ask AWS for a higher quota",
      );
    }
    worker.fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: paced?.batchSize ?? WORKER_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: paced?.maxConcurrency ?? WORKER_MAX_CONCURRENCY,
      }),
    );
    context.monitoring.queueNotEmpty(
      `${id}DeadLetters`,
      deadLetterQueue,
      `Dead letters of ${definition.name}`,
    );
    context.monitoring.queueAge(`${id}Queue`, queue, WORK_QUEUE_MAX_AGE, `Backlog of ${definition.name}`);
    this.queues.set(definition.name, queue);
    this.deadLetterQueues.set(definition.name, deadLetterQueue);
  }
}

export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join("");
}
