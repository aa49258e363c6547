/**
 * Listing leads for the Command Center: newest first, a page at a time, optionally searched
 * (case-insensitive prefix of first name, last name, "first last", e-mail or e-mail domain) and
 * filtered by facet values. See docs/decisions/0021-admin-scale.md for why it is built this way.
 *
 * - No search: one query of the byCreatedAt index, newest first (facet filters as a filter
 *   expression); the counts come from the counters.
 * - Search: prefix queries of the four bySearch* indexes (keys and facets only), merged, filtered,
 *   sorted newest first; the page's records are then read by id. The number of matches is exact.
 * - A search so broad that it matches more than SEARCH_CANDIDATE_CAP index entries (one or two
 *   letters) falls back to reading the byCreatedAt index newest first with the search as a filter:
 *   the first page is quick because most records match, and the count is reported as a lower bound.
 * - Lead-desk filters (status, owner, most urgent first; docs/decisions/0066, 0079): with a search of
 *   at most DESK_CANDIDATE_CAP candidates, they are judged on their status and owner read by id
 *   (exact count); otherwise the byDesk index (a status) or byCreatedAt is read with the rest as a
 *   filter. A status and/or an owner alone is counted exactly by the counters; other combinations
 *   by the first page's own read (a lower bound when it stopped early), later pages in the index
 *   up to COUNT_BUDGET entries.
 */
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getByIds } from "../lib/get-by-ids";
import { deskKey, searchKey } from "../model/lead-index";
import type { FacetValues, LeadKind } from "../model/lead-kinds";
import { CREATED_AT_INDEX, DESK_INDEX, SEARCH_INDEXES } from "../model/tables";
import { LeadCounter } from "./counts";

export const SEARCH_CANDIDATE_CAP = 5_000;
/**
 * Most search candidates a desk listing reads by id to judge their status and owner. Reading an
 * item by id costs several index entries' worth (0.5 RCU per item against ~1 KB entries at 4 KB per
 * RCU in a query; ~7 times as long on dynalite), so a broader search is filtered in the index instead.
 */
const DESK_CANDIDATE_CAP = 1_000;
/** Most index entries a later page of a desk listing reads to count its matches (a lower bound beyond). */
const COUNT_BUDGET = 10_000;

interface IndexSource {
  readonly indexName: string;
  readonly partition: { readonly name: string; readonly value: string };
  /** Oldest first (urgency) instead of newest first. */
  readonly forward: boolean;
  /** The filters cannot match anything (urgency with a status other than New). */
  readonly empty?: boolean;
}

const BY_CREATED = { indexName: CREATED_AT_INDEX, forward: false } as const;

function hasDeskFilter(desk: DeskFilter | undefined): boolean {
  return Boolean(desk && (desk.status || desk.owner !== undefined || desk.urgency));
}
/** Most index entries one filtered listing reads before it answers with what it has. */
const SCAN_BUDGET = 10_000;
export const MAX_PAGE_SIZE = 100;

export interface Cursor {
  readonly createdAt: string;
  readonly id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), "utf8").toString("base64url");
}

export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, id] = value;
    if (typeof createdAt !== "string" || typeof id !== "string" || createdAt.length > 40 || id.length > 200)
      return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** The lead desk's filters (docs/decisions/0066-lead-desk-model.md). */
export interface DeskFilter {
  readonly status?: string;
  /** A staff username, or null for leads nobody owns. */
  readonly owner?: string | null;
  /** Open (New) leads only, most urgent (oldest) first. */
  readonly urgency?: boolean;
}

export interface LeadQuery {
  readonly q?: string;
  readonly facets?: Partial<FacetValues>;
  readonly desk?: DeskFilter;
  readonly limit: number;
  readonly cursor?: Cursor;
}

export interface LeadPage<R> {
  readonly records: R[];
  readonly nextCursor?: string;
  /** Every record of this kind. */
  readonly total: number;
  /** Records matching the search and filters (a lower bound when `matchedAtLeast`). */
  readonly matched: number;
  readonly matchedAtLeast?: boolean;
}

/** Newest first; ties broken by id so that the order (and the cursor) is total. */
function newerFirst(a: Cursor, b: Cursor): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const olderFirst = (a: Cursor, b: Cursor) => newerFirst(b, a);

/** Whether a record's desk attributes pass the desk filter (status as its deskKey, owner). */
function passesDesk(item: Record<string, unknown>, wantedKey: string | undefined, desk: DeskFilter): boolean {
  if (wantedKey && item.deskKey !== wantedKey) return false;
  if (desk.owner === undefined) return true;
  return desk.owner === null ? typeof item.owner !== "string" : item.owner === desk.owner;
}

/**
 * How many records a desk filter of only a status and/or an owner matches, from the counters
 * (functions/model/lead-index.ts): owned records are counted per status and owner, the unassigned
 * are the rest.
 */
function deskCount(
  totals: {
    total: number;
    byStatus: Record<string, number>;
    byOwner: Record<string, Record<string, number>>;
  },
  desk: DeskFilter,
): number {
  const status = desk.urgency ? "new" : desk.status;
  const owned = (s: string | undefined, owner: string | undefined) =>
    Object.entries(totals.byOwner)
      .filter(([counted]) => s === undefined || counted === s)
      .flatMap(([, owners]) => Object.entries(owners))
      .filter(([name]) => owner === undefined || name === owner)
      .reduce((sum, [, n]) => sum + n, 0);
  const all = status === undefined ? totals.total : (totals.byStatus[status] ?? 0);
  if (desk.owner === undefined) return all;
  return desk.owner === null ? all - owned(status, undefined) : owned(status, desk.owner);
}

export class LeadQueries<R> {
  private readonly counter: LeadCounter;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly lead: LeadKind,
    private readonly parse: (item: Record<string, unknown>) => R | undefined,
    /** Where a desk listing with a search takes which path; tests move them to reach both with a few records. */
    private readonly tuning: { readonly deskCandidateCap: number; readonly smallPartition: number } = {
      deskCandidateCap: DESK_CANDIDATE_CAP,
      smallPartition: COUNT_BUDGET / 2,
    },
  ) {
    this.counter = new LeadCounter(db, tableName, lead);
  }

  private activeFacets(facets: Partial<FacetValues> = {}): [string, string][] {
    return this.lead.facets.flatMap((facet) => (facets[facet] ? [[facet, facets[facet] as string]] : [])) as [
      string,
      string,
    ][];
  }

  /**
   * The filter expression of the facets, the owner and (unless the byDesk index is read) the
   * status; names and values use the given prefix so they can sit beside others.
   */
  private conditions(
    query: LeadQuery,
    onDeskIndex: boolean,
  ): { names: Record<string, string>; values: Record<string, unknown>; filters: string[] } {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const filters: string[] = [];
    this.activeFacets(query.facets).forEach(([facet, value], i) => {
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
      values[":deskKey"] = deskKey(this.lead, desk.status);
      filters.push("#deskKey = :deskKey");
    }
    return { names, values, filters };
  }

  /** The index a listing reads: byDesk for one status (or urgency), else byCreatedAt. */
  private source(desk: DeskFilter = {}): IndexSource {
    const status = desk.urgency ? "new" : desk.status;
    if (desk.urgency && desk.status && desk.status !== "new")
      return { empty: true, ...BY_CREATED, partition: { name: "kind", value: this.lead.kind } };
    return status
      ? {
          indexName: DESK_INDEX,
          partition: { name: "deskKey", value: deskKey(this.lead, status) },
          forward: Boolean(desk.urgency),
        }
      : { ...BY_CREATED, partition: { name: "kind", value: this.lead.kind } };
  }

  async list(query: LeadQuery): Promise<LeadPage<R>> {
    if (hasDeskFilter(query.desk)) return this.deskList(query);
    const limit = Math.min(Math.max(1, Math.floor(query.limit)), MAX_PAGE_SIZE * 20);
    const q = query.q ? searchKey(query.q) : "";
    if (!q) {
      const [{ total, matching }, read] = await Promise.all([
        this.counter.totals(query.facets),
        this.newestFirst({ ...query, limit }, ""),
      ]);
      return { ...read.page, total, matched: matching };
    }
    const wanted = this.activeFacets(query.facets);
    const [{ total }, search] = await Promise.all([this.counter.totals(), this.searchCandidates(q, wanted)]);
    if (!search.complete) {
      // Too broad to list exactly: newest first with the search as a filter; the count is the
      // number of distinct matches seen, a true lower bound.
      const read = await this.newestFirst({ ...query, limit }, q);
      return { ...read.page, total, matched: search.candidates.length, matchedAtLeast: true };
    }
    const matches = search.candidates.map((candidate) => ({
      createdAt: String(candidate.createdAt),
      id: String(candidate.id),
    }));
    return {
      ...(await this.pageOf(matches, newerFirst, query.cursor, limit)),
      total,
      matched: matches.length,
    };
  }

  /** The page after `cursor` of a complete, exactly known set of matches, in `order`. */
  private async pageOf(
    matches: Cursor[],
    order: (a: Cursor, b: Cursor) => number,
    cursor: Cursor | undefined,
    limit: number,
  ): Promise<{ records: R[]; nextCursor?: string }> {
    const sorted = [...matches].sort(order);
    const after = cursor ? sorted.filter((match) => order(cursor, match) < 0) : sorted;
    const pageKeys = after.slice(0, limit);
    const records = await this.readByIds(pageKeys.map((key) => key.id));
    const last = pageKeys[pageKeys.length - 1];
    return { records, ...(after.length > limit && last ? { nextCursor: encodeCursor(last) } : {}) };
  }

  /**
   * Index entries whose search attributes start with `q` and whose facets match, deduplicated.
   * Incomplete once more than `cap` match or one index has read 4 × that many.
   */
  private async searchCandidates(
    q: string,
    facets: readonly [string, string][],
    cap = SEARCH_CANDIDATE_CAP,
  ): Promise<{ candidates: Record<string, unknown>[]; complete: boolean }> {
    const found = new Map<string, Record<string, unknown>>();
    let complete = true;
    const projection = ["id", "createdAt"];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ":kind": this.lead.kind };
    projection.forEach((name, i) => {
      names[`#p${i}`] = name;
    });
    facets.forEach(([facet, value], i) => {
      names[`#f${i}`] = facet;
      values[`:f${i}`] = value;
    });
    const filter = facets.map((_, i) => `#f${i} = :f${i}`).join(" AND ");
    await Promise.all(
      SEARCH_INDEXES.map(async ({ indexName, attribute }) => {
        const prefix = attribute === "searchDomain" ? q.replace(/^@/, "") : q;
        if (!prefix) return;
        let start: Record<string, unknown> | undefined;
        let scanned = 0;
        do {
          const page = await this.db.send(
            new QueryCommand({
              TableName: this.tableName,
              IndexName: indexName,
              KeyConditionExpression: "kind = :kind AND begins_with(#attr, :prefix)",
              ExpressionAttributeNames: { ...names, "#attr": attribute },
              ExpressionAttributeValues: { ...values, ":prefix": prefix },
              ProjectionExpression: projection.map((_, i) => `#p${i}`).join(", "),
              ...(filter ? { FilterExpression: filter } : {}),
              ExclusiveStartKey: start,
            }),
          );
          for (const item of page.Items ?? []) found.set(String(item.id), item);
          scanned += page.ScannedCount ?? 0;
          start = page.LastEvaluatedKey;
          if (found.size > cap || scanned > 4 * cap || !complete) {
            complete = false;
            return;
          }
        } while (start);
      }),
    );
    return { candidates: [...found.values()], complete };
  }

  /** One lead by id; undefined when there is none of this kind (deleted, unknown, a counter item). */
  async one(id: string): Promise<R | undefined> {
    const found = await this.db.send(new GetCommand({ TableName: this.tableName, Key: { id } }));
    const item = found.Item;
    return item && item.kind === this.lead.kind ? this.parse(item) : undefined;
  }

  /** Reads records by id, in the order of `ids`; gone ones are skipped. */
  private async readByIds(ids: readonly string[]): Promise<R[]> {
    const byId = await getByIds(this.db, this.tableName, ids);
    return ids.flatMap((id) => {
      const item = byId.get(id);
      const record = item && item.kind === this.lead.kind ? this.parse(item) : undefined;
      return record ? [record] : [];
    });
  }

  /**
   * A listing with lead-desk filters. With a narrow search: its candidates (at most
   * DESK_CANDIDATE_CAP, facets applied in the search indexes) judged on status and owner read by
   * id — exact, whatever the combination. Otherwise one status (or the open leads by urgency) is a
   * query of the byDesk index; the owner, facets and a broad search are filters. "N of M" is exact
   * from the status and owner counters when only a status and/or an owner is chosen; otherwise the
   * first page counts the matches in what it read (exact when it read to the end, else a lower
   * bound, matchedAtLeast), and a later page counts in the index up to a budget.
   */
  private async deskList(query: LeadQuery): Promise<LeadPage<R>> {
    const limit = Math.min(Math.max(1, Math.floor(query.limit)), MAX_PAGE_SIZE * 20);
    const q = query.q ? searchKey(query.q) : "";
    const desk = query.desk ?? {};
    const source = this.source(desk);
    const status = desk.urgency ? "new" : desk.status;
    const totals = await this.counter.totals();
    if (source.empty) return { records: [], total: totals.total, matched: 0 };
    // A status partition the page can read whole is filtered directly (exact, no search first).
    const partition = status ? (totals.byStatus[status] ?? 0) : totals.total;
    if (q && partition > this.tuning.smallPartition) {
      const search = await this.searchCandidates(
        q,
        this.activeFacets(query.facets),
        this.tuning.deskCandidateCap,
      );
      if (search.complete) {
        const matches = await this.deskMatches(search.candidates, desk);
        const order = source.forward ? olderFirst : newerFirst;
        const page = await this.pageOf(matches, order, query.cursor, limit);
        return { ...page, total: totals.total, matched: matches.length };
      }
    }
    const known = q || this.activeFacets(query.facets).length > 0 ? undefined : deskCount(totals, desk);
    const [read, counted] = await Promise.all([
      this.newestFirst({ ...query, limit }, q, source),
      known === undefined && query.cursor ? this.countMatches(query, q, source) : undefined,
    ]);
    const count = counted ?? { count: read.seen, complete: read.complete };
    return {
      ...read.page,
      total: totals.total,
      matched: known ?? count.count,
      ...(known === undefined && !count.complete ? { matchedAtLeast: true } : {}),
    };
  }

  /**
   * The search's candidates (complete: at most DESK_CANDIDATE_CAP) that pass the desk filters,
   * judged on their status and owner read by id: exact, however rare the combination, without
   * reading a status partition or the whole index.
   */
  private async deskMatches(
    candidates: readonly Record<string, unknown>[],
    desk: DeskFilter,
  ): Promise<Cursor[]> {
    const status = desk.urgency ? "new" : desk.status;
    const wantedKey = status ? deskKey(this.lead, status) : undefined;
    const items = await getByIds(
      this.db,
      this.tableName,
      candidates.map((candidate) => String(candidate.id)),
      ["id", "kind", "deskKey", "owner"],
    );
    return candidates.flatMap((candidate) => {
      const item = items.get(String(candidate.id));
      return item && item.kind === this.lead.kind && passesDesk(item, wantedKey, desk)
        ? [{ createdAt: String(candidate.createdAt), id: String(candidate.id) }]
        : [];
    });
  }

  /** Counts the matches of a desk listing in its index, reading at most COUNT_BUDGET entries. */
  private async countMatches(
    query: LeadQuery,
    q: string,
    source: IndexSource,
  ): Promise<{ count: number; complete: boolean }> {
    const { names, values, filters } = this.conditions(query, source.indexName === DESK_INDEX);
    if (q) filters.push(this.searchFilter(q, values));
    let count = 0;
    let scanned = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
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

  /** The search as a filter: the text starts one of the search attributes. */
  private searchFilter(q: string, values: Record<string, unknown>): string {
    values[":q"] = q;
    values[":qd"] = q.replace(/^@/, "") || q;
    return `(${SEARCH_INDEXES.map(({ attribute }) => `begins_with(${attribute}, ${attribute === "searchDomain" ? ":qd" : ":q"})`).join(" OR ")})`;
  }

  /** An index newest first (or oldest first), with facet, desk and (optionally) search filters. */
  private async newestFirst(
    query: LeadQuery,
    q: string,
    source: IndexSource = { ...BY_CREATED, partition: { name: "kind", value: this.lead.kind } },
  ): Promise<{
    page: { records: R[]; nextCursor?: string };
    /** Index entries matching the filters among those read (from the cursor on). */
    seen: number;
    /** Whether the read reached the end of the index: `seen` is then every match after the cursor. */
    complete: boolean;
  }> {
    const onDeskIndex = source.indexName === DESK_INDEX;
    const built = this.conditions(query, onDeskIndex);
    const names: Record<string, string> = { ...built.names, "#pk": source.partition.name };
    const values: Record<string, unknown> = { ...built.values, ":pk": source.partition.value };
    const filters = built.filters;
    if (q) filters.push(this.searchFilter(q, values));
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
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
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
        const record = this.parse(item);
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
}
