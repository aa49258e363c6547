/**
 * A lead's timeline, kept in the audit table (it is the audit trail too): one item per entry under
 * pk "lead#<kind>#<id>", sk "<ISO time>#<uuid>" (the entry's id), written once with a condition
 * that it is new. Nothing changes an entry afterwards; a note edit is a new "note-edit" entry.
 * The "submitted" entry is not stored: it is read from the record itself (createdAt, country),
 * which never changes either. An entry carries its lead's `expiresAt`, so DynamoDB's time to live
 * removes a lead's timeline with the lead (docs/decisions/0096-retention-you-can-see.md).
 */
import { randomUUID } from "node:crypto";
import { type DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { TimelineEntry } from "../../events/desk";
import type { TransactItem } from "../lib/transact";

export type NewTimelineEntry = Omit<TimelineEntry, "id" | "at"> & { readonly at: Date };

/** The lead a timeline belongs to; `expiresAt` (epoch seconds) when its stage has a retention period. */
export interface TimelineLead {
  readonly kind: string;
  readonly id: string;
  readonly expiresAt?: number | undefined;
}

/** The lead's expiry as stored on its record (absent when the stage keeps records). */
export function expiryOf(record: Readonly<Record<string, unknown>> | undefined): number | undefined {
  return typeof record?.expiresAt === "number" ? record.expiresAt : undefined;
}

export function timelinePk(kind: string, leadId: string): string {
  return `lead#${kind}#${leadId}`;
}

/** `order` keeps entries written at the same instant (one change's status and owner) in order. */
export function timelineItem(
  lead: TimelineLead,
  entry: NewTimelineEntry,
  order = 0,
): Record<string, unknown> {
  const at = entry.at.toISOString();
  const fields = Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
  return {
    ...fields,
    pk: timelinePk(lead.kind, lead.id),
    sk: `${at}#${order}${randomUUID()}`,
    at,
    ...(lead.expiresAt === undefined ? {} : { expiresAt: lead.expiresAt }),
  };
}

/** The entry as one action of a transaction, written with the change it records. */
export function timelinePut(
  table: string,
  lead: TimelineLead,
  entry: NewTimelineEntry,
  order = 0,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: timelineItem(lead, entry, order),
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** Most entries one timeline returns (oldest first); a lead gathers a few dozen in practice. */
export const TIMELINE_LIMIT = 500;

export async function readTimeline(
  db: DynamoDBDocumentClient,
  table: string,
  kind: string,
  leadId: string,
): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": timelinePk(kind, leadId) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const parsed = TimelineEntry.safeParse({ ...item, id: item.sk });
      if (parsed.success) entries.push(parsed.data);
    }
    start = page.LastEvaluatedKey;
  } while (start && entries.length < TIMELINE_LIMIT);
  return entries.slice(0, TIMELINE_LIMIT);
}
