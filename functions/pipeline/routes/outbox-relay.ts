/**
 * Moves outbox events to the queues. Two triggers, one handler:
 * - the Outbox table's DynamoDB stream (INSERT records), failures reported per record so that the
 *   stream retries from the first failed one;
 * - a schedule (EventBridge) as a safety net: sweeps what the stream left behind.
 * The local runtime calls sweepOutbox() itself.
 * Either way an event goes to the webhook fan-out only while an active endpoint takes its type,
 * judged by endpoints read after the batch (functions/pipeline/webhook-subscribers.ts, decision 0108).
 */
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, ScheduledEvent } from "aws-lambda";
import { createDocumentClient } from "../../lib/dynamo";
import { once } from "../../lib/env";
import { createLogger, describeError } from "../../lib/log";
import type { EventPublisher } from "../../lib/publisher";
import { SqsPublisher } from "../../lib/sqs-publisher";
import { relayOutboxEvent, sweepOutbox } from "../../model/outbox";
import { tableName } from "../../model/tables";
import { queuesFor } from "../../registry";
import { webhookRouteFilter } from "../webhook-subscribers";

const log = createLogger({ worker: "outbox-relay" });

/** A scheduled sweep leaves items this young to the stream. */
export const SWEEP_OLDER_THAN_MS = 2 * 60_000;
export const SWEEP_LIMIT = 500;

export interface RelayDeps {
  readonly db: ReturnType<typeof createDocumentClient>;
  readonly publisher: EventPublisher;
  readonly outboxTable: string;
  /** The endpoints, read once per batch to leave the fan-out out when none takes an event. */
  readonly integrationsTable?: string;
}

const depsFromEnvironment = once<RelayDeps>(() => ({
  db: createDocumentClient({ requestTimeoutMs: 5_000 }),
  publisher: new SqsPublisher(queuesFor),
  outboxTable: tableName("outbox"),
  integrationsTable: tableName("integrations"),
}));

/** A route filter per batch, made when called: after the batch was read. */
function routeFilterOf(deps: RelayDeps) {
  const table = deps.integrationsTable;
  return table ? () => webhookRouteFilter(deps.db, table) : undefined;
}

function isStreamEvent(event: unknown): event is DynamoDBStreamEvent {
  return typeof event === "object" && event !== null && Array.isArray((event as DynamoDBStreamEvent).Records);
}

export async function relayStream(
  event: DynamoDBStreamEvent,
  deps: RelayDeps,
): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse["batchItemFailures"] = [];
  const routeFilter = routeFilterOf(deps)?.();
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== "INSERT" || !image) continue;
    const sequence = record.dynamodb?.SequenceNumber ?? "";
    try {
      // The stream's AttributeValue type (aws-lambda) and the SDK's are the same wire shape.
      const item = unmarshall(image as Record<string, AttributeValue>);
      const relayed = await relayOutboxEvent(item, deps.publisher, deps.db, deps.outboxTable, routeFilter);
      log.info("event relayed", { eventId: relayed.id, eventType: relayed.type, trigger: "stream" });
    } catch (error) {
      log.error("relay failed", { sequenceNumber: sequence, reason: describeError(error) });
      // Records are ordered: report the first failure; the stream retries from there.
      batchItemFailures.push({ itemIdentifier: sequence });
      break;
    }
  }
  return { batchItemFailures };
}

export function createRelayHandler(getDeps: () => RelayDeps = depsFromEnvironment) {
  return async (
    event: DynamoDBStreamEvent | ScheduledEvent,
  ): Promise<DynamoDBBatchResponse | { relayed: number; failed: number }> => {
    const deps = getDeps();
    if (isStreamEvent(event)) return relayStream(event, deps);
    const result = await sweepOutbox({
      db: deps.db,
      publisher: deps.publisher,
      outboxTable: deps.outboxTable,
      olderThanMs: SWEEP_OLDER_THAN_MS,
      limit: SWEEP_LIMIT,
      routeFilter: routeFilterOf(deps),
    });
    log.info("outbox swept", { ...result, trigger: "schedule" });
    // A sweep that left items behind is a failed invocation: Lambda's Errors metric (and its
    // alarm) is the only place a scheduled run's trouble shows. The items stay for the next sweep.
    if (result.failed > 0)
      throw new Error(`${result.failed} of ${result.relayed + result.failed} outbox items not relayed`);
    return result;
  };
}

export const handler = createRelayHandler();
