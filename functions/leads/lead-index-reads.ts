/**
 * A lead listing read straight from index partitions in order, with the facets, the desk filters
 * and (optionally) the search as a filter expression: byOwner for a status of one owner or of
 * nobody, or those partitions merged for an owner across statuses
 * (docs/decisions/0100-status-and-owner-partitions.md), byDesk for one status (oldest first by
 * urgency), else byCreatedAt newest first. A read keeps going until the page is full or the
 * partitions end, within a budget of index entries and time per request; when the budget stops it,
 * the page (even an empty one) carries a cursor and says it stopped early (`complete: false`), so a
 * count of what it saw is a lower bound and the Command Center offers "Load more" rather than "none
 * found". With the partitions chosen so, only a facet or a broad search is a filter, and those
 * match a large share of what is read: the budget is the exception, not the normal path.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { LEAD_STATUSES } from "../../events/desk";
import { deskKey, OWNER_KEY, ownerKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { SOURCE_CLAIM } from "../model/source-figures";
import { CREATED_AT_INDEX, DESK_INDEX, OWNER_INDEX, SEARCH_INDEXES } from "../model/tables";
import { type DeskFilter, deskStatus, rowPrefixOf } from "./desk-filter";
import { type Cursor, encodeCursor, newerFirst, olderFirst } from "./lead-cursor";
import { activeFacets, type LeadQuery, type LeadTable } from "./lead-listing";

/** Most index entries one filtered listing reads (over all its partitions) before it answers with what it has. */
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
  /** The partition key's name and the partitions read, merged in order when more than one. */
  readonly partition: { readonly name: string; readonly values: readonly string[] };
  /** Oldest first (urgency) instead of newest first. */
  readonly forward: boolean;
  /** The filters cannot match anything (urgency with a status other than New). */
  readonly empty?: boolean;
}

const BY_CREATED = { indexName: CREATED_AT_INDEX, forward: false } as const;

function byCreatedAt(lead: LeadKind): IndexSource {
  return { ...BY_CREATED, partition: { name: "kind", values: [lead.kind] } };
}

/**
 * The index a listing reads. With an owner filter (a name or nobody) and `ownerIndex` (ready,
 * functions/leads/owner-index.ts): byOwner, the partition of that status and owner (New for most
 * urgent first), or without a status that owner's partitions of every status, merged. Otherwise
 * byDesk for one status (or urgency), else byCreatedAt, with the owner as a filter.
 */
/** The statuses an owner's list merges when no status is chosen: Spam is on the Spam list only. */
const LISTED_STATUSES = LEAD_STATUSES.filter((status) => status !== "spam");

export function indexSource(lead: LeadKind, desk: DeskFilter = {}, ownerIndex = true): IndexSource {
  const status = deskStatus(desk);
  if (desk.urgency && desk.status && desk.status !== "new") return { empty: true, ...byCreatedAt(lead) };
  // No username is empty: "" owns nothing (and must not read as nobody's partition).
  if (desk.owner === "") return { empty: true, ...byCreatedAt(lead) };
  if (desk.owner !== undefined && ownerIndex) {
    const owner = desk.owner;
    return {
      indexName: OWNER_INDEX,
      partition: {
        name: OWNER_KEY,
        values: (status ? [status] : LISTED_STATUSES).map((each) => ownerKey(lead, each, owner)),
      },
      forward: Boolean(desk.urgency),
    };
  }
  return status
    ? {
        indexName: DESK_INDEX,
        partition: { name: "deskKey", values: [deskKey(lead, status)] },
        forward: Boolean(desk.urgency),
      }
    : byCreatedAt(lead);
}

/**
 * The filter expression of the facets, the owner (unless the byOwner index is read), the status
 * (when byCreatedAt is read; New for most urgent first) and the Sources report's row: the partitions
 * of byOwner and byDesk hold only their status. The period is in the key condition (keyCondition).
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
  if (status && source.indexName === CREATED_AT_INDEX) {
    names["#deskKey"] = "deskKey";
    values[":deskKey"] = deskKey(lead, status);
    filters.push("#deskKey = :deskKey");
  }
  // Every status but Spam: Spam leads are on the Spam list only (docs/decisions/0150).
  if (!status && source.indexName === CREATED_AT_INDEX) {
    names["#deskKey"] = "deskKey";
    values[":spamKey"] = deskKey(lead, "spam");
    filters.push("(attribute_not_exists(#deskKey) OR #deskKey <> :spamKey)");
  }
  // The report's row is a filter wherever the index projects the whole record (all but the search ones).
  const row = rowPrefixOf(desk);
  if (row !== undefined) {
    names["#sources"] = SOURCE_CLAIM;
    values[":row"] = row;
    filters.push("begins_with(#sources, :row)");
  }
  return { names, values, filters };
}

/**
 * The key condition of a partition's read: the partition, and as a range of its sort key
 * (`createdAt`, every index a listing reads) the period and where the cursor left off, so a read
 * takes only its own entries. The cursor's own arrival time is included: the entries that share it
 * are read again and those at or before the cursor skipped (readPartition). Undefined when the range
 * is empty.
 */
function keyCondition(
  source: IndexSource,
  desk: DeskFilter,
  partition: string,
  cursor: Cursor | undefined,
): { expression: string; names: Record<string, string>; values: Record<string, unknown> } | undefined {
  const names: Record<string, string> = { "#pk": source.partition.name };
  const values: Record<string, unknown> = { ":pk": partition };
  // BETWEEN includes both ends; the period's end is excluded, so the last key before it.
  let low = desk.arrived?.start;
  let high = desk.arrived ? justBefore(desk.arrived.end) : undefined;
  if (cursor && source.forward && (low === undefined || cursor.createdAt > low)) low = cursor.createdAt;
  if (cursor && !source.forward && (high === undefined || cursor.createdAt < high)) high = cursor.createdAt;
  if (low !== undefined && high !== undefined && low > high) return undefined;
  if (low === undefined && high === undefined) return { expression: "#pk = :pk", names, values };
  names["#createdAt"] = "createdAt";
  if (low !== undefined) values[":low"] = low;
  if (high !== undefined) values[":high"] = high;
  const range =
    low !== undefined && high !== undefined
      ? "#createdAt BETWEEN :low AND :high"
      : low !== undefined
        ? "#createdAt >= :low"
        : "#createdAt <= :high";
  return { expression: `#pk = :pk AND ${range}`, names, values };
}

/** The greatest ISO time (millisecond precision) before `iso`. */
function justBefore(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

/** The search as a filter: the text starts one of the search attributes. */
function searchFilter(q: string, values: Record<string, unknown>): string {
  values[":q"] = q;
  values[":qd"] = q.replace(/^@/, "") || q;
  return `(${SEARCH_INDEXES.map(({ attribute }) => `begins_with(${attribute}, ${attribute === "searchDomain" ? ":qd" : ":q"})`).join(" OR ")})`;
}

/** A query's filter expression parts for `source`: facets, desk filters, the search. */
function filtersOf(table: LeadTable, query: LeadQuery, q: string, source: IndexSource) {
  const built = conditions(table.lead, query, source);
  if (q) built.filters.push(searchFilter(q, built.values));
  return built;
}

/**
 * Counts the matches of a desk listing (a later page's "N of M", which the Command Center shows for
 * the whole list) from the listing's start, whatever the page's cursor, reading at most
 * COUNT_BUDGET entries in all: exact when it reaches the end, else a lower bound.
 */
export async function countIndexMatches(
  table: LeadTable,
  query: LeadQuery,
  q: string,
  source: IndexSource,
): Promise<{ count: number; complete: boolean }> {
  const { names, values, filters } = filtersOf(table, query, q, source);
  let count = 0;
  let scanned = 0;
  let complete = true;
  for (const partition of source.partition.values) {
    let start: Record<string, unknown> | undefined;
    do {
      if (scanned >= COUNT_BUDGET) {
        complete = false;
        break;
      }
      const key = keyCondition(source, query.desk ?? {}, partition, undefined);
      if (!key) break;
      const page = await table.db.send(
        new QueryCommand({
          TableName: table.tableName,
          IndexName: source.indexName,
          KeyConditionExpression: key.expression,
          ExpressionAttributeNames: { ...names, ...key.names },
          ExpressionAttributeValues: { ...values, ...key.values },
          ...(filters.length > 0 ? { FilterExpression: filters.join(" AND ") } : {}),
          ScanIndexForward: source.forward,
          Select: "COUNT",
          ExclusiveStartKey: start,
        }),
      );
      count += page.Count ?? 0;
      scanned += page.ScannedCount ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return { count, complete };
}

export interface IndexPage<R> {
  readonly page: { records: R[]; nextCursor?: string };
  /** Index entries matching the filters among those read (from the cursor on). */
  readonly seen: number;
  /** Whether the read reached the end of every partition: `seen` is then every match after the cursor. */
  readonly complete: boolean;
}

/** What one partition's read found: matches in order and how far it is known. */
interface PartitionRead<R> {
  readonly entries: { readonly at: Cursor; readonly record: R }[];
  readonly seen: number;
  readonly complete: boolean;
  /** The last position read when more may follow: every match up to it is in `entries`. */
  readonly reached?: Cursor;
}

interface ReadPlan {
  readonly table: LeadTable;
  readonly source: IndexSource;
  readonly desk: DeskFilter;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
  readonly filters: readonly string[];
  /** Matches wanted from each partition: one more than the page, to know whether more follow. */
  readonly wanted: number;
  readonly budget: { read: number; readonly deadline: number; readonly now: () => number };
}

const positionOf = (item: Record<string, unknown>): Cursor => ({
  createdAt: String(item.createdAt),
  id: String(item.id),
});

/**
 * The place just before every entry of an arrival time, in the read's order: a page cut there holds
 * none of them, and the next read takes them all.
 */
function beforeArrival(createdAt: string, forward: boolean): Cursor {
  // Newest first orders equal times by id from the highest; oldest first from the lowest.
  return { createdAt, id: forward ? "" : "\uffff" };
}

/**
 * One partition from the cursor on, until it has `wanted` matches (and every other entry of the last
 * one's arrival time), ends, or the budget is spent. The index keeps entries of one arrival time in
 * an order of its own (not their ids'), so a read never starts inside them by key: it starts at the
 * cursor's arrival time and skips what the order puts at or before the cursor, and it stops only
 * between two arrival times.
 */
async function readPartition<R>(
  plan: ReadPlan,
  parse: (item: Record<string, unknown>) => R | undefined,
  partition: string,
  cursor: Cursor | undefined,
): Promise<PartitionRead<R>> {
  const { table, source, filters, budget } = plan;
  const entries: { at: Cursor; record: R }[] = [];
  const key = keyCondition(source, plan.desk, partition, cursor);
  if (!key) return { entries, seen: 0, complete: true };
  const order = source.forward ? olderFirst : newerFirst;
  let start: Record<string, unknown> | undefined;
  let seen = 0;
  for (;;) {
    const page = await table.db.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: source.indexName,
        KeyConditionExpression: key.expression,
        ExpressionAttributeValues: { ...plan.values, ...key.values },
        ExpressionAttributeNames: { ...plan.names, ...key.names },
        ...(filters.length > 0 ? { FilterExpression: filters.join(" AND ") } : {}),
        ScanIndexForward: source.forward,
        // One more than the page, to see where its last arrival time ends.
        Limit: filters.length > 0 ? 500 : Math.max(plan.wanted - entries.length, 0) + 10,
        ExclusiveStartKey: start,
      }),
    );
    budget.read += page.ScannedCount ?? 0;
    seen += page.Count ?? 0;
    for (const item of page.Items ?? []) {
      const at = positionOf(item);
      if (cursor && order(at, cursor) <= 0) {
        seen -= 1;
        continue;
      }
      const last = entries[entries.length - 1];
      if (entries.length >= plan.wanted && last && last.at.createdAt !== at.createdAt)
        return {
          entries,
          seen,
          // The index's page counted every match to its end: when it was the last, `seen` is all.
          complete: !page.LastEvaluatedKey,
          reached: beforeArrival(at.createdAt, source.forward),
        };
      const record = parse(item);
      if (record) entries.push({ at, record });
    }
    start = page.LastEvaluatedKey;
    if (!start) return { entries, seen, complete: true };
    if (budget.read >= SCAN_BUDGET || budget.now() >= budget.deadline) {
      // Never back before the cursor (an arrival time with more entries than a read takes).
      const stop = beforeArrival(positionOf(start).createdAt, source.forward);
      return { entries, seen, complete: false, reached: cursor && order(stop, cursor) < 0 ? cursor : stop };
    }
  }
}

/**
 * A page of `source` in order, with facet, desk and (optionally) search filters: each partition read
 * from the cursor on (in parallel, sharing one budget), merged, and cut where the least advanced
 * partition that may hold more stopped, so no match is skipped or listed out of order.
 */
export async function readIndexPage<R>(
  table: LeadTable,
  parse: (item: Record<string, unknown>) => R | undefined,
  query: LeadQuery,
  q: string,
  source: IndexSource = byCreatedAt(table.lead),
  now: () => number = Date.now,
): Promise<IndexPage<R>> {
  const { names, values, filters } = filtersOf(table, query, q, source);
  const plan: ReadPlan = {
    table,
    source,
    desk: query.desk ?? {},
    names,
    values,
    filters,
    wanted: query.limit + 1,
    budget: { read: 0, deadline: now() + TIME_BUDGET_MS, now },
  };
  const reads = await Promise.all(
    source.partition.values.map((partition) => readPartition(plan, parse, partition, query.cursor)),
  );
  const order = source.forward ? olderFirst : newerFirst;
  const frontier = reads.flatMap((read) => (read.reached ? [read.reached] : [])).sort(order)[0];
  const merged = reads
    .flatMap((read) => read.entries)
    .filter((entry) => !frontier || order(entry.at, frontier) <= 0)
    .sort((a, b) => order(a.at, b.at));
  const pageEntries = merged.slice(0, query.limit);
  const last = pageEntries[pageEntries.length - 1];
  // A full page with more after it ends at its last row; a page the budget cut short continues
  // where the least advanced partition stopped.
  const next = merged.length > query.limit ? last?.at : frontier;
  return {
    page: {
      records: pageEntries.map((entry) => entry.record),
      ...(next ? { nextCursor: encodeCursor(next) } : {}),
    },
    seen: reads.reduce((sum, read) => sum + read.seen, 0),
    complete: reads.every((read) => read.complete),
  };
}
