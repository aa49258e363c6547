/**
 * A lead's timeline, kept in the audit table (it is the audit trail too): one item per entry under
 * pk "lead#<kind>#<id>", sk "<ISO time>#<uuid>" (the entry's id), written once with a condition
 * that it is new. Nothing changes an entry afterwards; a note edit is a new "note-edit" entry.
 * The "submitted" entry is not stored: it is read from the record itself (createdAt, country),
 * which never changes either.
 */
import { randomUUID } from "node:crypto";
import { type DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { TimelineEntry } from "../../events/desk";
import type { TransactItem } from "../lib/transact";

export type NewTimelineEntry = Omit<TimelineEntry, "id" | "at"> & { readonly at: Date };

export function timelinePk(kind: string, leadId: string): string {
  return `lead#${kind}#${leadId}`;
}

/** `order` keeps entries written at the same instant (one change's status and owner) in order. */
export function timelineItem(
  kind: string,
  leadId: string,
  entry: NewTimelineEntry,
  order = 0,
): Record<string, unknown> {
  const at = entry.at.toISOString();
  const fields = Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
  return { ...fields, pk: timelinePk(kind, leadId), sk: `${at}#${order}${randomUUID()}`, at };
}

/** The entry as one action of a transaction, written with the change it records. */
export function timelinePut(
  table: string,
  kind: string,
  leadId: string,
  entry: NewTimelineEntry,
  order = 0,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: timelineItem(kind, leadId, entry, order),
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
