import { DeleteCommand, type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { DomainEvent } from "../../events";
import { tableName } from "../lib/env";
import { createLogger, describeError } from "../lib/log";
import type { EventPublisher } from "../lib/publisher";
import { type Clock, systemClock } from "./deps";

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
 * Publishes the item's event, then deletes the item. A crash between the two publishes it again
 * later; consumers recognise a redelivery by the event id.
 */
export async function relayOutboxEvent(
  item: Record<string, unknown>,
  publisher: EventPublisher,
  db: DynamoDBDocumentClient,
  outboxTable: string = tableName("outbox"),
): Promise<DomainEvent> {
  const event = eventOfOutboxItem(item);
  await publisher.publish(event);
  await db.send(new DeleteCommand({ TableName: outboxTable, Key: { id: item.id } }));
  return event;
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
}

export interface SweepResult {
  readonly relayed: number;
  readonly failed: number;
}

/** Relays whatever is waiting in the outbox, oldest first within each page. */
export async function sweepOutbox(options: SweepOptions): Promise<SweepResult> {
  const outboxTable = options.outboxTable ?? tableName("outbox");
  const cutoff = (options.clock ?? systemClock)().getTime() - options.olderThanMs;
  let relayed = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await options.db.send(
      new ScanCommand({
        TableName: outboxTable,
        ConsistentRead: true,
        Limit: 100,
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = page.LastEvaluatedKey;
    const due = (page.Items ?? [])
      .filter(
        (item) =>
          Date.parse(String(item.createdAt)) <= cutoff || Number.isNaN(Date.parse(String(item.createdAt))),
      )
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    for (const item of due) {
      if (relayed + failed >= options.limit) return { relayed, failed };
      try {
        await relayOutboxEvent(item, options.publisher, options.db, outboxTable);
        relayed += 1;
      } catch (error) {
        failed += 1;
        log.error("outbox relay failed", { eventId: String(item.id), reason: describeError(error) });
      }
    }
  } while (startKey);
  return { relayed, failed };
}
