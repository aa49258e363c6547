/**
 * A lead listing read straight from one index partition in order, with the facets, the desk
 * filters and (optionally) the search as a filter expression: byOwner for one person's leads
 * (docs/decisions/0088), byDesk for one status (oldest first by urgency), else byCreatedAt newest
 * first. A read keeps going until the page is full or the partition ends, within a budget of index
 * entries and time per request; when the budget stops it, the page (even an empty one) carries a
 * cursor and says it stopped early (`complete: false`), so a count of what it saw is a lower bound
 * and the Command Center offers "Load more" rather than "none found".
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { deskKey, ownerKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { CREATED_AT_INDEX, DESK_INDEX, OWNER_INDEX, SEARCH_INDEXES } from "../model/tables";
import { type DeskFilter, deskStatus } from "./desk-filter";
import { type Cursor, encodeCursor } from "./lead-cursor";
import { activeFacets, type LeadQuery, type LeadTable } from "./lead-listing";

/** Most index entries one filtered listing reads before it answers with what it has. */
const SCAN_BUDGET = 10_000;
/**
 * Longest one listing keeps reading before it answers with what it has (and a cursor): well within
 * the API's 29 s, so a slow table answers "more may match" instead of timing out.
 */
const TIME_BUDGET_MS = 5_000;
/** Most index entries a later page of a desk listing reads to count its matches (a lower bound beyond). */
export const COUNT_BUDGET = 10_000;

export interface IndexSource {
  readonly indexName: string;
  readonly partition: { readonly name: string; readonly value: string };
  /** Oldest first (urgency) instead of newest first. */
  readonly forward: boolean;
  /** The filters cannot match anything (urgency with a status other than New). */
  readonly empty?: boolean;
}

const BY_CREATED = { indexName: CREATED_AT_INDEX, forward: false } as const;

function byCreatedAt(lead: LeadKind): IndexSource {
  return { ...BY_CREATED, partition: { name: "kind", value: lead.kind } };
}

/**
 * The index a listing reads: byOwner for one person's leads (with or without a status, newest first
 * or most urgent first: the status is a filter over that person's leads only), byDesk for one
 * status (or urgency), else byCreatedAt. The unassigned are in no owner's partition: they are read
 * from byDesk or byCreatedAt with "no owner" as a filter. Without `ownerIndex` (not ready yet,
 * functions/leads/owner-index.ts) a person's leads are read that way too, with the owner as a filter.
 */
export function indexSource(lead: LeadKind, desk: DeskFilter = {}, ownerIndex = true): IndexSource {
  const status = deskStatus(desk);
  if (desk.urgency && desk.status && desk.status !== "new") return { empty: true, ...byCreatedAt(lead) };
  if (typeof desk.owner === "string" && ownerIndex)
    return {
      indexName: OWNER_INDEX,
      partition: { name: "ownerKey", value: ownerKey(lead, desk.owner) },
      forward: Boolean(desk.urgency),
    };
  return status
    ? {
        indexName: DESK_INDEX,
        partition: { name: "deskKey", value: deskKey(lead, status) },
        forward: Boolean(desk.urgency),
      }
    : byCreatedAt(lead);
}

/**
 * The filter expression of the facets, the owner (unless the byOwner index is read) and the status
 * (unless the byDesk index is read; New for most urgent first).
 */
function conditions(
  lead: LeadKind,
  query: LeadQuery,
  source: IndexSource,
): { names: Record<string, string>; values: Record<string, unknown>; filters: string[] } {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  activeFacets(lead, query.facets).forEach(([facet, value], i) => {
    names[`#f${i}`] = facet;
    values[`:f${i}`] = value;
    filters.push(`#f${i} = :f${i}`);
  });
  const desk = query.desk ?? {};
  const status = deskStatus(desk);
  if (desk.owner !== undefined && source.indexName !== OWNER_INDEX) {
    names["#owner"] = "owner";
    if (desk.owner === null) filters.push("attribute_not_exists(#owner)");
    else {
      values[":owner"] = desk.owner;
      filters.push("#owner = :owner");
    }
  }
  if (status && source.indexName !== DESK_INDEX) {
    names["#deskKey"] = "deskKey";
    values[":deskKey"] = deskKey(lead, status);
    filters.push("#deskKey = :deskKey");
  }
  return { names, values, filters };
}

/** The search as a filter: the text starts one of the search attributes. */
function searchFilter(q: string, values: Record<string, unknown>): string {
  values[":q"] = q;
  values[":qd"] = q.replace(/^@/, "") || q;
  return `(${SEARCH_INDEXES.map(({ attribute }) => `begins_with(${attribute}, ${attribute === "searchDomain" ? ":qd" : ":q"})`).join(" OR ")})`;
}

/** Counts the matches of a desk listing in its index, reading at most COUNT_BUDGET entries. */
export async function countIndexMatches(
  table: LeadTable,
  query: LeadQuery,
  q: string,
  source: IndexSource,
): Promise<{ count: number; complete: boolean }> {
  const { names, values, filters } = conditions(table.lead, query, source);
  if (q) filters.push(searchFilter(q, values));
  let count = 0;
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.db.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: source.indexName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeNames: { ...names, "#pk": source.partition.name },
        ExpressionAttributeValues: { ...values, ":pk": source.partition.value },
        ...(filters.length > 0 ? { FilterExpression: filters.join(" AND ") } : {}),
        Select: "COUNT",
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    scanned += page.ScannedCount ?? 0;
    start = page.LastEvaluatedKey;
  } while (start && scanned < COUNT_BUDGET);
  return { count, complete: !start };
}

export interface IndexPage<R> {
  readonly page: { records: R[]; nextCursor?: string };
  /** Index entries matching the filters among those read (from the cursor on). */
  readonly seen: number;
  /** Whether the read reached the end of the index: `seen` is then every match after the cursor. */
  readonly complete: boolean;
}

/** An index newest first (or oldest first), with facet, desk and (optionally) search filters. */
export async function readIndexPage<R>(
  table: LeadTable,
  parse: (item: Record<string, unknown>) => R | undefined,
  query: LeadQuery,
  q: string,
  source: IndexSource = byCreatedAt(table.lead),
  now: () => number = Date.now,
): Promise<IndexPage<R>> {
  const built = conditions(table.lead, query, source);
  const deadline = now() + TIME_BUDGET_MS;
  const names: Record<string, string> = { ...built.names, "#pk": source.partition.name };
  const values: Record<string, unknown> = { ...built.values, ":pk": source.partition.value };
  const filters = built.filters;
  if (q) filters.push(searchFilter(q, values));
  const records: R[] = [];
  let start: Record<string, unknown> | undefined = query.cursor
    ? {
        [source.partition.name]: source.partition.value,
        createdAt: query.cursor.createdAt,
        id: query.cursor.id,
      }
    : undefined;
  let read = 0;
  let seen = 0;
  let lastReturned: Cursor | undefined;
  while (records.length < query.limit) {
    const page = await table.db.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: source.indexName,
        KeyConditionExpression: "#pk = :pk",
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        ...(filters.length > 0 ? { FilterExpression: filters.join(" AND ") } : {}),
        ScanIndexForward: source.forward,
        Limit: filters.length > 0 ? 500 : query.limit - records.length + 1,
        ExclusiveStartKey: start,
      }),
    );
    read += page.ScannedCount ?? 0;
    seen += page.Count ?? 0;
    for (const item of page.Items ?? []) {
      if (records.length >= query.limit) {
        // One more than asked exists: the page ends at the last returned record.
        return {
          page: { records, nextCursor: encodeCursor(lastReturned as Cursor) },
          seen,
          complete: !page.LastEvaluatedKey,
        };
      }
      const record = parse(item);
      if (record) records.push(record);
      lastReturned = { createdAt: String(item.createdAt), id: String(item.id) };
    }
    start = page.LastEvaluatedKey;
    if (!start) return { page: { records }, seen, complete: true };
    if (read >= SCAN_BUDGET || now() >= deadline) break;
  }
  // The page is full (or the read budget is spent): continue after the last index entry read.
  const resume =
    records.length >= query.limit && lastReturned
      ? lastReturned
      : { createdAt: String(start?.createdAt), id: String(start?.id) };
  return { page: { records, nextCursor: encodeCursor(resume) }, seen, complete: false };
}
