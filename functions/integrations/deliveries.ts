/**
 * Delivery records (docs/decisions/0092-webhook-retries.md): one item per (event, endpoint), its id
 * the `webhook-id` every attempt and replay carries. A delivery is queued by writing, in one
 * transaction, the record (or its change) and an outbox item with a `webhook.delivery` job naming
 * the record and a fresh ticket; the delivery worker claims the record only with that ticket, so
 * a job delivered twice, or queued again by the sweeper, attempts it once.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "../../events/envelopes";
import { DELIVERY_RETENTION_DAYS, type DeliveryState, type DeliveryView } from "../../events/webhooks";
import type { Clock } from "../lib/clock";
import { isConditionRefused, type TransactItem } from "../lib/transact";
import { outboxItemFor } from "../model/outbox";
import type { RetrySchedule } from "./schedule";

export const DUE = "due";

export interface DeliveryItem {
  readonly id: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  /** The lead the payload is about ("<kind>#<id>"): how a privacy request finds it (byLead). */
  readonly leadRef?: string;
  /** The exact body sent (JSON text). */
  readonly body: string;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly createdAt: string;
  /** The first attempt's time, or the last replay's: the 24 hours are counted from it. */
  readonly windowStart: string;
  readonly nextAttemptAt?: string;
  /** "due" while waiting for an attempt: the sweeper's index holds only those. */
  readonly dueKey?: string;
  readonly ticket?: string;
  readonly lastAttemptAt?: string;
  readonly responseStatus?: number;
  readonly latencyMs?: number;
  readonly responseBody?: string;
  readonly error?: string;
  readonly expiresAt: number;
}

export interface DeliveryDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly deliveries: string; readonly outbox: string };
  readonly clock: Clock;
  readonly schedule: RetrySchedule;
}

/** The webhook-id of an event's delivery to an endpoint: the same however often it is made. */
export function deliveryId(eventId: string, endpointId: string): string {
  return `msg_${createHash("sha256").update(`${eventId}\n${endpointId}`).digest("base64url").slice(0, 27)}`;
}

/** The job that asks the delivery worker for one attempt, as an outbox item. */
export function jobPut(deps: DeliveryDeps, id: string, ticket: string): TransactItem {
  const now = deps.clock().toISOString();
  const event: DomainEvent = {
    type: "webhook.delivery",
    version: 1,
    id: ticket,
    occurredAt: now,
    data: { deliveryId: id, ticket },
  };
  return { Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event, now) } };
}

function leaseEnd(deps: DeliveryDeps): string {
  return new Date(deps.clock().getTime() + deps.schedule.leaseMs).toISOString();
}

/**
 * A new delivery and its first job, in one transaction; false when the delivery exists already
 * (the event arrived again): nothing is queued twice.
 */
export async function createDelivery(
  deps: DeliveryDeps,
  input: { eventId: string; eventType: string; endpointId: string; body: string; leadRef?: string },
): Promise<boolean> {
  const now = deps.clock();
  const ticket = randomUUID();
  const id = deliveryId(input.eventId, input.endpointId);
  const item: DeliveryItem = {
    id,
    ...input,
    state: "pending",
    attempts: 0,
    createdAt: now.toISOString(),
    windowStart: now.toISOString(),
    nextAttemptAt: leaseEnd(deps),
    dueKey: DUE,
    ticket,
    expiresAt: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400,
  };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.tables.deliveries,
              Item: item,
              ConditionExpression: "attribute_not_exists(id)",
            },
          },
          jobPut(deps, id, ticket),
        ],
      }),
    );
  } catch (error) {
    if (isConditionRefused(error)) return false;
    throw error;
  }
  return true;
}

/**
 * Queues a delivery again under a new ticket. `expect` guards what was read (the sweeper: the
 * ticket and time it saw; a replay: that the delivery is not pending). False when it moved.
 */
export async function requeue(
  deps: DeliveryDeps,
  id: string,
  expect: { ticket?: string; nextAttemptAt?: string } | "replay",
): Promise<boolean> {
  const ticket = randomUUID();
  const replay = expect === "replay";
  const condition = replay
    ? "attribute_exists(id) AND #state <> :pending"
    : "#state = :pending AND ticket = :seenTicket AND nextAttemptAt = :seenAt";
  const now = deps.clock().toISOString();
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.tables.deliveries,
              Key: { id },
              UpdateExpression: `SET ticket = :ticket, nextAttemptAt = :lease, dueKey = :due, #state = :pending${
                replay ? ", windowStart = :now" : ""
              }`,
              ConditionExpression: condition,
              ExpressionAttributeNames: { "#state": "state" },
              ExpressionAttributeValues: {
                ":ticket": ticket,
                ":lease": leaseEnd(deps),
                ":due": DUE,
                ":pending": "pending",
                ...(replay
                  ? { ":now": now }
                  : { ":seenTicket": expect.ticket ?? "", ":seenAt": expect.nextAttemptAt ?? "" }),
              },
            },
          },
          jobPut(deps, id, ticket),
        ],
      }),
    );
  } catch (error) {
    if (isConditionRefused(error)) return false;
    throw error;
  }
  return true;
}

export function deliveryView(item: DeliveryItem): DeliveryView {
  return {
    id: item.id,
    endpointId: item.endpointId,
    eventType: item.eventType,
    eventId: item.eventId,
    state: item.state,
    attempts: item.attempts,
    createdAt: item.createdAt,
    ...(item.lastAttemptAt ? { lastAttemptAt: item.lastAttemptAt } : {}),
    ...(item.state === "pending" && item.nextAttemptAt ? { nextAttemptAt: item.nextAttemptAt } : {}),
    ...(item.responseStatus !== undefined ? { responseStatus: item.responseStatus } : {}),
    ...(item.latencyMs !== undefined ? { latencyMs: item.latencyMs } : {}),
    ...(item.responseBody !== undefined ? { responseBody: item.responseBody } : {}),
    ...(item.error ? { error: item.error } : {}),
  };
}

/** An endpoint's deliveries, newest first, optionally only those created in [from, to]. */
export async function endpointDeliveries(
  deps: Pick<DeliveryDeps, "db" | "tables">,
  endpointId: string,
  options: { limit: number; from?: string; to?: string; state?: DeliveryState },
): Promise<DeliveryItem[]> {
  const items: DeliveryItem[] = [];
  let start: Record<string, unknown> | undefined;
  const range = options.from && options.to;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.deliveries,
        IndexName: "byEndpoint",
        KeyConditionExpression: range
          ? "endpointId = :endpoint AND createdAt BETWEEN :from AND :to"
          : "endpointId = :endpoint",
        ...(options.state
          ? { FilterExpression: "#state = :state", ExpressionAttributeNames: { "#state": "state" } }
          : {}),
        ExpressionAttributeValues: {
          ":endpoint": endpointId,
          ...(range ? { ":from": options.from, ":to": options.to } : {}),
          ...(options.state ? { ":state": options.state } : {}),
        },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as DeliveryItem[]));
    start = page.LastEvaluatedKey;
  } while (start && items.length < options.limit);
  return items.slice(0, options.limit);
}

/** A delivery by id (the log's replay checks it belongs to the endpoint named). */
export async function findDelivery(
  deps: Pick<DeliveryDeps, "db" | "tables">,
  id: string,
): Promise<DeliveryItem | undefined> {
  const found = await deps.db.send(
    new GetCommand({ TableName: deps.tables.deliveries, Key: { id }, ConsistentRead: true }),
  );
  return found.Item as DeliveryItem | undefined;
}
