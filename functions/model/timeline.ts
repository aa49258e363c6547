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

/** An entry before it has its id (events/desk-decide.ts decides the desk's). */
export type TimelineDraft = Omit<TimelineEntry, "id">;

/** A draft with its time as a Date (the pipeline's and the deletion's entries). */
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

/**
 * The entry as the timeline shows it: the draft (its absent fields left out) with its id, which is
 * its sort key: its time, then `order`, which keeps entries of one instant (a reply, the status it
 * moves, the owner) in order, then a uuid.
 */
export function timelineEntry(draft: TimelineDraft | NewTimelineEntry, order = 0): TimelineEntry {
  const at = typeof draft.at === "string" ? draft.at : draft.at.toISOString();
  const fields = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
  return { ...fields, at, id: `${at}#${order}${randomUUID()}` } as TimelineEntry;
}

/** The stored item of an entry: its fields under the lead's key, expiring with the lead. */
export function timelineRecord(lead: TimelineLead, entry: TimelineEntry): Record<string, unknown> {
  const { id, ...fields } = entry;
  return {
    ...fields,
    pk: timelinePk(lead.kind, lead.id),
    sk: id,
    ...(lead.expiresAt === undefined ? {} : { expiresAt: lead.expiresAt }),
  };
}

/**
 * The entry as one action of a transaction, written with the change it records and only if new.
 * `extra`: attributes stored beside the entry's fields (a reply's claim key).
 */
export function timelineWrite(
  table: string,
  lead: TimelineLead,
  entry: TimelineEntry,
  extra: Readonly<Record<string, unknown>> = {},
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: { ...timelineRecord(lead, entry), ...extra },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** A draft's write: its entry (timelineEntry), then that entry's action (timelineWrite). */
export function timelinePut(
  table: string,
  lead: TimelineLead,
  entry: TimelineDraft | NewTimelineEntry,
  order = 0,
): TransactItem {
  return timelineWrite(table, lead, timelineEntry(entry, order));
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
