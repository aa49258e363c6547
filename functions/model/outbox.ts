import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  ScanCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { DomainEvent } from "../../events/envelopes";
import { type Clock, systemClock } from "../lib/clock";
import { createLogger, describeError } from "../lib/log";
import type { EventPublisher, PublishOptions } from "../lib/publisher";
import { tableName } from "./tables";

/**
 * The transactional outbox (docs/decisions/0001-transactional-outbox.md): an event is written in
 * the same DynamoDB transaction as the record it describes, then relayed to the queues and deleted.
 */
export interface OutboxItem {
  /** The event id. */
  readonly id: string;
  readonly type: DomainEvent["type"];
  /** The envelope as JSON text (exactly what goes on the queue). */
  readonly event: string;
  readonly createdAt: string;
}

const log = createLogger({ component: "outbox" });

export function outboxItemFor(event: DomainEvent, createdAt: string = event.occurredAt): OutboxItem {
  return { id: event.id, type: event.type, event: JSON.stringify(event), createdAt };
}

/** The envelope of an outbox item (`event` as JSON text or, if written by hand, as a map). */
export function eventOfOutboxItem(item: Record<string, unknown>): DomainEvent {
  const raw = typeof item.event === "string" ? JSON.parse(item.event) : item.event;
  return DomainEvent.parse(raw);
}

/**
 * What to leave out of an event's routing (functions/pipeline/webhook-subscribers.ts). A filter serves one batch of
 * items already read: the relay makes one per batch, after reading it.
 */
export type OutboxRouteFilter = (event: DomainEvent) => Promise<PublishOptions>;

/**
 * Publishes the item's event, then deletes the item. A crash between the two publishes it again
 * later; consumers recognise a redelivery by the event id.
 */
export async function relayOutboxEvent(
  item: Record<string, unknown>,
  publisher: EventPublisher,
  db: DynamoDBDocumentClient,
  outboxTable: string = tableName("outbox"),
  routeFilter?: OutboxRouteFilter,
): Promise<DomainEvent> {
  return publishAndDelete(eventOfOutboxItem(item), item.id, publisher, db, outboxTable, routeFilter);
}

async function publishAndDelete(
  event: DomainEvent,
  itemId: unknown,
  publisher: EventPublisher,
  db: DynamoDBDocumentClient,
  outboxTable: string,
  routeFilter?: OutboxRouteFilter,
): Promise<DomainEvent> {
  await publisher.publish(event, routeFilter ? await routeFilter(event) : undefined);
  await db.send(new DeleteCommand({ TableName: outboxTable, Key: { id: itemId } }));
  return event;
}

/**
 * Sweeps that may find an item unreadable (not a valid envelope) before it is set aside as dead.
 * Such an item never becomes readable by waiting; failures to publish a readable one (an outage)
 * are retried for ever instead, since the event is sound.
 */
export const UNREADABLE_ATTEMPTS_BEFORE_DEAD = 3;
/** The log line of an item set aside; the stack alarms on it (infra/constructs/messaging.ts). */
export const OUTBOX_DEAD_MESSAGE = "outbox item dead";

/**
 * Counts one failed read of an item; at the limit marks it dead (`deadAt`): it stays in the table
 * for a person to read and fix or delete, and sweeps skip it. True when it is now dead.
 */
async function noteUnreadable(
  db: DynamoDBDocumentClient,
  outboxTable: string,
  itemId: unknown,
  reason: string,
  now: Date,
): Promise<boolean> {
  const counted = await db.send(
    new UpdateCommand({
      TableName: outboxTable,
      Key: { id: itemId },
      UpdateExpression: "ADD attempts :one SET lastError = :reason",
      ConditionExpression: "attribute_exists(id)",
      ExpressionAttributeValues: { ":one": 1, ":reason": reason.slice(0, 500) },
      ReturnValues: "ALL_NEW",
    }),
  );
  const attempts = Number(counted.Attributes?.attempts);
  if (attempts < UNREADABLE_ATTEMPTS_BEFORE_DEAD) return false;
  await db.send(
    new UpdateCommand({
      TableName: outboxTable,
      Key: { id: itemId },
      UpdateExpression: "SET deadAt = :now",
      ConditionExpression: "attribute_exists(id)",
      ExpressionAttributeValues: { ":now": now.toISOString() },
    }),
  );
  log.error(OUTBOX_DEAD_MESSAGE, {
    itemId: String(itemId).slice(0, 200),
    attempts,
    reason: reason.slice(0, 500),
  });
  return true;
}

export interface SweepOptions {
  readonly db: DynamoDBDocumentClient;
  readonly publisher: EventPublisher;
  /** Leave items younger than this to the stream (AWS); 0 relays everything (local runtime). */
  readonly olderThanMs: number;
  /** Most items to relay in one sweep. */
  readonly limit: number;
  readonly outboxTable?: string;
  readonly clock?: Clock;
  /** Makes the route filter of each page of items, once the page is read. */
  readonly routeFilter?: () => OutboxRouteFilter;
}

export interface SweepResult {
  readonly relayed: number;
  /** Items not relayed by this sweep (dead ones included). */
  readonly failed: number;
  /** Items this sweep set aside as dead (never readable). */
  readonly dead?: number;
}

/** BatchWriteItem's most requests per call. */
const DELETES_PER_BATCH = 25;
/** Calls per chunk for what DynamoDB left unprocessed (throttling) before the rest waits for a sweep. */
const DELETE_ATTEMPTS = 3;

/**
 * Deletes relayed items, 25 per call instead of one call each. What is still not deleted after a
 * few attempts is left (and logged): the next sweep publishes it again. Answers how many were left.
 */
async function deleteRelayed(
  db: DynamoDBDocumentClient,
  outboxTable: string,
  ids: readonly unknown[],
): Promise<number> {
  let left = 0;
  for (let start = 0; start < ids.length; start += DELETES_PER_BATCH) {
    let requests = ids
      .slice(start, start + DELETES_PER_BATCH)
      .map((id) => ({ DeleteRequest: { Key: { id } } }));
    try {
      for (let attempt = 1; requests.length > 0 && attempt <= DELETE_ATTEMPTS; attempt++) {
        const answer = await db.send(new BatchWriteCommand({ RequestItems: { [outboxTable]: requests } }));
        requests = (answer?.UnprocessedItems?.[outboxTable] ?? []) as typeof requests;
      }
    } catch (error) {
      log.error("outbox relay failed", { reason: describeError(error), items: requests.length });
    }
    if (requests.length > 0) log.error("outbox items relayed but not deleted", { items: requests.length });
    left += requests.length;
  }
  return left;
}

/** Relays whatever is waiting in the outbox, oldest first within each page. */
export async function sweepOutbox(options: SweepOptions): Promise<SweepResult> {
  const outboxTable = options.outboxTable ?? tableName("outbox");
  const now = (options.clock ?? systemClock)();
  const cutoff = now.getTime() - options.olderThanMs;
  let relayed = 0;
  let failed = 0;
  let dead = 0;
  const result = () => (dead > 0 ? { relayed, failed, dead } : { relayed, failed });
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await options.db.send(
      new ScanCommand({
        TableName: outboxTable,
        ConsistentRead: true,
        Limit: 100,
        ExclusiveStartKey: startKey,
        FilterExpression: "attribute_not_exists(deadAt)",
      }),
    );
    startKey = page.LastEvaluatedKey;
    const due = (page.Items ?? [])
      .filter(
        (item) =>
          Date.parse(String(item.createdAt)) <= cutoff || Number.isNaN(Date.parse(String(item.createdAt))),
      )
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    // Each due item's event is published, then the page's published items are deleted together
    // (a crash between the two publishes them again later, which consumers recognise by the id).
    const published: unknown[] = [];
    const routeFilter = options.routeFilter?.();
    let full = false;
    for (const item of due) {
      if (relayed + failed + published.length >= options.limit) {
        full = true;
        break;
      }
      let event: DomainEvent;
      try {
        event = eventOfOutboxItem(item);
      } catch (error) {
        failed += 1;
        const reason = describeError(error);
        log.error("outbox item unreadable", { itemId: String(item.id).slice(0, 200), reason });
        if (await noteUnreadable(options.db, outboxTable, item.id, reason, now)) dead += 1;
        continue;
      }
      try {
        await options.publisher.publish(event, routeFilter ? await routeFilter(event) : undefined);
        published.push(item.id);
      } catch (error) {
        failed += 1;
        log.error("outbox relay failed", { eventId: String(item.id), reason: describeError(error) });
      }
    }
    const notDeleted = await deleteRelayed(options.db, outboxTable, published);
    relayed += published.length - notDeleted;
    failed += notDeleted;
    if (full) return result();
  } while (startKey);
  return result();
}
