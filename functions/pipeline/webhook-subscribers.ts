/**
 * No endpoint, no work (docs/decisions/0108-no-endpoint-no-work.md): the outbox relay leaves the
 * webhook fan-out's queue out of an event's routing when no active endpoint takes its type, so a
 * team without integrations pays no queue message, fan-out run or endpoint read per lead event.
 *
 * The endpoints are read after the events: a filter serves one batch of outbox items that were
 * read (or streamed) before it, and reads the endpoints on its first use, consistently. An event
 * written after an endpoint's save was answered is therefore always routed to the fan-out; only an
 * event older than the save can miss it — as it could before, when the fan-out read the endpoints.
 * A failed read skips nothing: the events go to the fan-out as they always did.
 */
import { type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createLogger, describeError } from "../lib/log";
import type { PublishOptions } from "../lib/publisher";
import { INTEGRATION_QUEUES } from "../model/integrations-registry";
import type { OutboxRouteFilter } from "../model/outbox";

const log = createLogger({ component: "webhook-subscribers" });

/** The fan-out's queue: every event type an endpoint can take goes there. */
const FAN_OUT = INTEGRATION_QUEUES.find(
  (queue) => queue.name === "webhook-events",
) as (typeof INTEGRATION_QUEUES)[0];
const FAN_OUT_TYPES: ReadonlySet<string> = new Set(FAN_OUT.consumes);
const SKIP_FAN_OUT: PublishOptions = { skipQueues: new Set([FAN_OUT.name]) };
const NOTHING_SKIPPED: PublishOptions = {};

/** The event types some active endpoint takes, read now (consistent: every save answered so far). */
export async function subscribedEventTypes(
  db: DynamoDBDocumentClient,
  integrationsTable: string,
): Promise<ReadonlySet<string>> {
  const types = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: integrationsTable,
        ConsistentRead: true,
        ProjectionExpression: "active, #events",
        ExpressionAttributeNames: { "#events": "events" },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.active !== true || !Array.isArray(item.events)) continue;
      for (const type of item.events) types.add(String(type));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return types;
}

/**
 * A filter for one batch of outbox items already read: make a new one per batch, after reading
 * it, never one for longer (a filter that outlived its batch could miss an endpoint saved since).
 */
export function webhookRouteFilter(db: DynamoDBDocumentClient, integrationsTable: string): OutboxRouteFilter {
  let subscribed: Promise<ReadonlySet<string> | undefined> | undefined;
  return async (event) => {
    if (!FAN_OUT_TYPES.has(event.type)) return NOTHING_SKIPPED;
    subscribed ??= subscribedEventTypes(db, integrationsTable).catch((error: unknown) => {
      log.warn("endpoints unread; events go to the fan-out", { reason: describeError(error) });
      return undefined;
    });
    const types = await subscribed;
    return types && !types.has(event.type) ? SKIP_FAN_OUT : NOTHING_SKIPPED;
  };
}
