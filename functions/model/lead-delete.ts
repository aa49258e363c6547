/**
 * Removing one stored lead record as actions of a transaction: the record (only the version that
 * was read, so the counters lose exactly what it was counted in), its day and hour counters with
 * its status and owner counts, its response figures (functions/model/response-figures.ts, promise-figures.ts), and its address's open-lead lookup when that points at it
 * (docs/decisions/0075). The search and desk index entries are attributes of the record and go
 * with it. One home for the Command Center's delete (functions/leads/delete-lead.ts) and the
 * Privacy page's erase (functions/privacy/erase.ts); what it does to the counts (`leadRecordCounts`)
 * is also what a TTL deletion of the record applies (functions/leads/expiry.ts).
 */
import type { TransactItem } from "../lib/transact";
import { countedOwner, counterUpdates, OWNER_COUNT } from "./lead-index";
import type { LeadKind } from "./lead-kinds";
import { type ProspectLookup, pointsAt, releaseOpenLead } from "./prospects";
import { claimsCondition, figuresRemoval, storedClaims } from "./response-figures";

export function leadRecordDelete(
  tables: { readonly records: string; readonly audit: string },
  lead: LeadKind,
  item: Record<string, unknown> & { id: string; createdAt: string },
  /** The address's lookup as read with the record (absent: the record has no address). */
  lookup: ProspectLookup | undefined,
): TransactItem[] {
  const counted = countedOwner(item);
  const version = typeof item.deskVersion === "number" ? item.deskVersion : undefined;
  const self = { kind: lead.kind, id: item.id };
  const email = typeof item.email === "string" ? item.email : undefined;
  // Its response figures (day and due day) lose what it is counted as (nothing without a claim yet).
  const claims = claimsCondition(storedClaims(item));
  return [
    {
      Delete: {
        TableName: tables.records,
        Key: { id: item.id },
        // Only the version we read: a concurrent delete fails this one; a desk change or the desk
        // backfill's owner count made meanwhile has the record read again.
        ConditionExpression: [
          "attribute_exists(id) AND createdAt = :createdAt",
          version === undefined ? "attribute_not_exists(deskVersion)" : "deskVersion = :version",
          counted ? "#ownerCount = :ownerCount" : "attribute_not_exists(#ownerCount)",
          claims.condition,
        ].join(" AND "),
        ExpressionAttributeNames: { "#ownerCount": OWNER_COUNT, ...claims.names },
        ExpressionAttributeValues: {
          ":createdAt": item.createdAt,
          ...(version === undefined ? {} : { ":version": version }),
          ...(counted ? { ":ownerCount": counted } : {}),
          ...claims.values,
        },
      },
    },
    ...leadRecordCounts(tables.records, lead, item),
    ...(email && lookup && pointsAt(lookup, self) ? [releaseOpenLead(tables.audit, email, self)] : []),
  ];
}

/**
 * What removing the record (as stored: `item`) does to the counts, as transaction actions: -1 in its
 * day and hour counters (total, facets, status, the owner counter it names) and its response
 * figures (day and due day) losing what it is counted as (nothing without a claim yet).
 */
export function leadRecordCounts(
  recordsTable: string,
  lead: LeadKind,
  item: Record<string, unknown> & { id: string; createdAt: string },
): TransactItem[] {
  return [...counterUpdates(recordsTable, lead, item, -1), ...figuresRemoval(recordsTable, lead, item)];
}
