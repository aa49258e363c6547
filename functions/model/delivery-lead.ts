/**
 * Which lead a webhook delivery's payload is about (functions/integrations writes it, a privacy
 * request reads it: functions/privacy): the deliveries table's `leadRef` and its byLead index; and
 * the mark an erasure leaves there for each erased lead, so that an event about it still queued, or
 * a delivery made while the erasure ran, sends nothing afterwards (docs/decisions/0095); and the
 * mark of each erased delivery, so that a replay of it is refused with a reason rather than "no
 * such delivery" (docs/decisions/0119-personal-data-map.md).
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";

export const DELIVERIES_BY_LEAD = "byLead";

/** "<kind>#<id>": a delivery's `leadRef`. */
export function deliveryLeadRef(kind: string, id: string): string {
  return `${kind}#${id}`;
}

/**
 * How long the mark of an erased lead stays: longer than an event can wait in a queue (SQS keeps a
 * message 14 days at most) or a delivery can be retried (24 hours, then a replay's 24 hours).
 */
export const ERASED_LEAD_MARK_DAYS = 15;

function erasedLeadKey(leadRef: string): { id: string } {
  return { id: `erased-lead#${leadRef}` };
}

/** The mark of an erased lead: ids only, no personal data; removed by the table's TTL. */
export function erasedLeadItem(leadRef: string, erasedAt: Date): Record<string, unknown> {
  return {
    ...erasedLeadKey(leadRef),
    erasedAt: erasedAt.toISOString(),
    expiresAt: Math.floor(erasedAt.getTime() / 1000) + ERASED_LEAD_MARK_DAYS * 86_400,
  };
}

/** Whether a privacy request erased the lead (`leadRef`, "<kind>#<id>"). */
export async function isLeadErased(
  db: DynamoDBDocumentClient,
  deliveriesTable: string,
  leadRef: string,
): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: deliveriesTable,
      Key: erasedLeadKey(leadRef),
      ConsistentRead: true,
      ProjectionExpression: "id",
    }),
  );
  return Item !== undefined;
}

function erasedDeliveryKey(deliveryId: string): { id: string } {
  return { id: `erased-delivery#${deliveryId}` };
}

/**
 * The mark of an erased delivery: its id and when, no payload; removed by the table's TTL when the
 * delivery itself would have been (DELIVERY_RETENTION_DAYS after it was made).
 */
export function erasedDeliveryItem(
  deliveryId: string,
  erasedAt: Date,
  expiresAt: number | undefined,
): Record<string, unknown> {
  return {
    ...erasedDeliveryKey(deliveryId),
    erasedAt: erasedAt.toISOString(),
    expiresAt: expiresAt ?? Math.floor(erasedAt.getTime() / 1000) + ERASED_LEAD_MARK_DAYS * 86_400,
  };
}

/** Whether a privacy request erased the delivery with this id. */
export async function isDeliveryErased(
  db: DynamoDBDocumentClient,
  deliveriesTable: string,
  deliveryId: string,
): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: deliveriesTable,
      Key: erasedDeliveryKey(deliveryId),
      ConsistentRead: true,
      ProjectionExpression: "id",
    }),
  );
  return Item !== undefined;
}
