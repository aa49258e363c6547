/**
 * The consumer of TTL deletions of lead records (docs/decisions/0103-counts-follow-ttl-deletions.md):
 * the registry's LEAD_EXPIRY function fed by both lead tables' streams (old images), filtered to
 * REMOVE records made by DynamoDB's time to live, with partial batch responses, bisecting, a failure
 * queue for the batches it gave up on, and alarms on that queue and on the stream's lag.
 */
import { Duration, Validations } from "aws-cdk-lib";
import { EventSourceMapping, FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { TTL_DELETION_IDENTITY } from "../../functions/lib/dynamo";
import type { TableKey } from "../../functions/model/tables";
import { LEAD_EXPIRY } from "../../functions/registry";
import { createRegistryFunction, type FunctionContext, type RegistryFunction } from "./function";
import { pascal } from "./messaging";
import { DEAD_LETTER_RETENTION, secureQueue } from "./queues";

/** The tables whose TTL deletions it consumes: the two kinds of lead. */
export const EXPIRING_TABLES: readonly TableKey[] = ["signups", "contacts"];

/**
 * A stream keeps records 24 hours; a batch that still fails after these retries (each failing
 * batch bisected) goes to the failure queue, and its records keep being counted, as before this
 * consumer, until their day's counters expire.
 */
export const EXPIRY_STREAM_SETTINGS = { batchSize: 100, retryAttempts: 10, maxRecordAge: Duration.hours(24) };
/** TTL deletions come in bursts; a backlog older than this means the consumer is failing. */
export const EXPIRY_MAX_LAG = Duration.minutes(30);

export interface LeadExpiryProps {
  readonly context: FunctionContext;
}

export class LeadExpiry extends Construct {
  readonly consumer: RegistryFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, { context }: LeadExpiryProps) {
    super(scope, id);
    this.consumer = createRegistryFunction(this, "LeadExpiry", LEAD_EXPIRY, "worker", context);
    this.failures = secureQueue(this, "LeadExpiryFailures", context.stage, {
      queueName: `repdesk-${context.stage.name}-lead-expiry-failures`,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    Validations.of(this.failures).acknowledge({
      id: "AwsSolutions-SQS3",
      reason:
        "This queue is itself the on-failure destination of the lead tables' stream mappings (it holds failure records); an alarm watches it.",
    });
    for (const key of EXPIRING_TABLES) {
      const mapping = new EventSourceMapping(this, `${pascal(key)}Stream`, {
        target: this.consumer.fn,
        eventSourceArn: context.data.grantStreamRead(this.consumer.fn, key),
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: EXPIRY_STREAM_SETTINGS.batchSize,
        bisectBatchOnError: true,
        retryAttempts: EXPIRY_STREAM_SETTINGS.retryAttempts,
        maxRecordAge: EXPIRY_STREAM_SETTINGS.maxRecordAge,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
        // Only what TTL deleted reaches the function (every other change of a lead table is streamed too).
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual("REMOVE"),
            userIdentity: {
              type: FilterRule.isEqual(TTL_DELETION_IDENTITY.type),
              principalId: FilterRule.isEqual(TTL_DELETION_IDENTITY.principalId),
            },
          }),
        ],
      });
      mapping.node.addDependency(this.consumer.role);
    }
    context.monitoring.queueNotEmpty(
      "LeadExpiryFailures",
      this.failures,
      "Stream batches of TTL deletions the lead-expiry function gave up on (their records stay counted until their day's counters expire)",
    );
    context.monitoring.streamLag("LeadExpiry", this.consumer.fn, EXPIRY_MAX_LAG, "the lead tables' streams");
  }
}
