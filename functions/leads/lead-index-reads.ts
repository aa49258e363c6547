/**
 * A lead listing read straight from one index partition in order, with the facets, the desk
 * filters and (optionally) the search as a filter expression: byCreatedAt newest first, or byDesk
 * for one status (oldest first by urgency). Reads stop at a budget and say whether they reached the
 * end, so a count of what they saw is exact or a lower bound.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { deskKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { CREATED_AT_INDEX, DESK_INDEX, SEARCH_INDEXES } from "../model/tables";
import { type DeskFilter, deskStatus } from "./desk-filter";
import { type Cursor, encodeCursor } from "./lead-cursor";
import { activeFacets, type LeadQuery, type LeadTable } from "./lead-listing";

/** Most index entries one filtered listing reads before it answers with what it has. */
const SCAN_BUDGET = 10_000;
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

/** The index a listing reads: byDesk for one status (or urgency), else byCreatedAt. */
export function indexSource(lead: LeadKind, desk: DeskFilter = {}): IndexSource {
  const status = deskStatus(desk);
  if (desk.urgency && desk.status && desk.status !== "new") return { empty: true, ...byCreatedAt(lead) };
  return status
    ? {
        indexName: DESK_INDEX,
        partition: { name: "deskKey", value: deskKey(lead, status) },
        forward: Boolean(desk.urgency),
      }
    : byCreatedAt(lead);
}

/**
 * The filter expression of the facets, the owner and (unless the byDesk index is read) the
 * status; names and values use the given prefix so they can sit beside others.
 */
function conditions(
  lead: LeadKind,
  query: LeadQuery,
  onDeskIndex: boolean,
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
  if (desk.owner !== undefined) {
    names["#owner"] = "owner";
    if (desk.owner === null) filters.push("attribute_not_exists(#owner)");
    else {
      values[":owner"] = desk.owner;
      filters.push("#owner = :owner");
    }
  }
  if (desk.status && !onDeskIndex) {
    names["#deskKey"] = "deskKey";
    values[":deskKey"] = deskKey(lead, desk.status);
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
  const { names, values, filters } = conditions(table.lead, query, source.indexName === DESK_INDEX);
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
): Promise<IndexPage<R>> {
  const onDeskIndex = source.indexName === DESK_INDEX;
  const built = conditions(table.lead, query, onDeskIndex);
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
    if (read >= SCAN_BUDGET) break;
  }
  // The page is full (or the read budget is spent): continue after the last index entry read.
  const resume =
    records.length >= query.limit && lastReturned
      ? lastReturned
      : { createdAt: String(start?.createdAt), id: String(start?.id) };
  return { page: { records, nextCursor: encodeCursor(resume) }, seen, complete: false };
}
