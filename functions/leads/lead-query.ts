/**
 * Listing leads for the Command Center: newest first, a page at a time, optionally searched
 * (case-insensitive prefix of first name, last name, "first last", e-mail or e-mail domain) and
 * filtered by facet values. See docs/decisions/0021-admin-scale.md for why it is built this way.
 *
 * - No search: one query of the byCreatedAt index, newest first (facet filters as a filter
 *   expression); the counts come from the counters.
 * - Search: prefix queries of the four bySearch* indexes (keys and facets only), merged, filtered,
 *   each candidate's status read by id to leave Spam out (docs/decisions/0153), sorted newest
 *   first; the page's records are then read by id. The number of matches is exact.
 * - A search so broad that it matches more than SEARCH_CANDIDATE_CAP index entries (one or two
 *   letters) falls back to reading the byCreatedAt index newest first with the search as a filter:
 *   the first page is quick because most records match, and the count is reported as a lower bound.
 * - Lead-desk filters (status, owner, most urgent first, a Sources report row and period;
 *   docs/decisions/0066, 0079, 0143): with a search of
 *   at most DESK_CANDIDATE_CAP candidates, they are judged on their status and owner read by id
 *   (exact count); otherwise an owner or Unassigned reads the byOwner index (one partition per
 *   status and owner, merged across statuses; docs/decisions/0100), a status alone the byDesk index,
 *   else byCreatedAt, with only the facets and the search as filters, until the page is full or the
 *   partitions end (within a per-request budget; a page stopped early carries a cursor). A status
 *   and/or an owner alone is counted exactly by the counters; other combinations by the first page's
 *   own read (a lower bound when it stopped early), later pages in the index up to COUNT_BUDGET
 *   entries.
 *
 * The pieces, each in functions/leads/: lead-search.ts (a search's candidates), lead-index-reads.ts
 * (one index read in order, filtered), desk-filter.ts (the desk filters and their counts),
 * lead-listing.ts (the request and answer) and lead-cursor.ts (where a page ends).
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { getByIds } from "../lib/get-by-ids";
import { deskKey, searchKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { SOURCE_CLAIM } from "../model/source-figures";
import { OWNER_INDEX } from "../model/tables";
import { LeadCounter } from "./counts";
import { type DeskFilter, deskCount, deskStatus, hasDeskFilter, passesDesk } from "./desk-filter";
import { type Cursor, encodeCursor, newerFirst, olderFirst } from "./lead-cursor";
import {
  COUNT_BUDGET,
  countIndexMatches,
  type IndexSource,
  indexSource,
  readIndexPage,
} from "./lead-index-reads";
import { activeFacets, type LeadPage, type LeadQuery, type LeadTable, pageLimit } from "./lead-listing";
import { searchCandidates } from "./lead-search";
import { isIndexUnavailable, ownerIndexReady } from "./owner-index";

/**
 * Most search candidates a desk listing reads by id to judge their status and owner. Reading an
 * item by id costs several index entries' worth (0.5 RCU per item against ~1 KB entries at 4 KB per
 * RCU in a query; ~7 times as long on dynalite), so a broader search is filtered in the index instead.
 */
const DESK_CANDIDATE_CAP = 1_000;

export class LeadQueries<R> {
  private readonly counter: LeadCounter;
  private readonly table: LeadTable;

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
    this.table = { db, tableName, lead };
  }

  async list(query: LeadQuery): Promise<LeadPage<R>> {
    if (hasDeskFilter(query.desk)) return this.deskList(query);
    const limit = pageLimit(query);
    const q = query.q ? searchKey(query.q) : "";
    if (!q) {
      const [{ total, matching }, read] = await Promise.all([
        this.counter.totals(query.facets),
        readIndexPage(this.table, this.parse, { ...query, limit }, ""),
      ]);
      return { ...read.page, total, matched: matching };
    }
    const wanted = activeFacets(this.lead, query.facets);
    const [{ total }, search] = await Promise.all([
      this.counter.totals(),
      searchCandidates(this.table, q, wanted),
    ]);
    if (!search.complete) {
      // Too broad to list exactly: newest first with the search as a filter; the count is the
      // number of distinct matches seen, a true lower bound.
      const read = await readIndexPage(this.table, this.parse, { ...query, limit }, q);
      return { ...read.page, total, matched: search.candidates.length, matchedAtLeast: true };
    }
    // Spam leads are on the Spam list only (docs/decisions/0150), and the search indexes hold no
    // status: every candidate's is read by id before paging, so pages and count leave out the same
    // ones (docs/decisions/0153).
    const matches = await this.deskMatches(search.candidates, {});
    const page = await this.pageOf(matches, newerFirst, query.cursor, limit);
    return { ...page, total, matched: matches.length };
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
   * id — exact, whatever the combination. Otherwise an owner's (or nobody's) leads of one status
   * are one partition of the byOwner index (of every status: those partitions merged), and one
   * status (or the open leads by urgency) without an owner one of the byDesk index; the facets and
   * a broad search are filters. "N of M" is exact
   * from the status and owner counters when only a status and/or an owner is chosen; otherwise the
   * first page counts the matches in what it read (exact when it read to the end, else a lower
   * bound, matchedAtLeast), and a later page counts in the index up to a budget.
   */
  private async deskList(query: LeadQuery): Promise<LeadPage<R>> {
    const limit = pageLimit(query);
    const q = query.q ? searchKey(query.q) : "";
    const desk = query.desk ?? {};
    const status = deskStatus(desk);
    const [totals, ownerIndex] = await Promise.all([
      this.counter.totals(),
      desk.owner !== undefined ? ownerIndexReady(this.db, this.tableName) : false,
    ]);
    const source = indexSource(this.lead, desk, ownerIndex);
    if (source.empty) return { records: [], total: totals.total, matched: 0 };
    // A partition the page can read whole is filtered directly (exact, no search first): one
    // owner's (or nobody's) leads of a status or all statuses (byOwner), one status (byDesk) or all.
    const partition =
      source.indexName === OWNER_INDEX
        ? deskCount(totals, desk)
        : status
          ? (totals.byStatus[status] ?? 0)
          : totals.total;
    if (q && partition > this.tuning.smallPartition) {
      const search = await searchCandidates(
        this.table,
        q,
        activeFacets(this.lead, query.facets),
        this.tuning.deskCandidateCap,
      );
      if (search.complete) {
        const matches = await this.deskMatches(search.candidates, desk);
        const order = source.forward ? olderFirst : newerFirst;
        const page = await this.pageOf(matches, order, query.cursor, limit);
        return { ...page, total: totals.total, matched: matches.length };
      }
    }
    // Counters count statuses and owners only: a facet, a search, a report row or a period is counted as read.
    const known =
      q || desk.channel || desk.arrived || activeFacets(this.lead, query.facets).length > 0
        ? undefined
        : deskCount(totals, desk);
    const pageQuery = { ...query, limit };
    const [read, counted] = await this.fromIndex(source, desk, (from) =>
      Promise.all([
        readIndexPage(this.table, this.parse, pageQuery, q, from),
        known === undefined && query.cursor ? countIndexMatches(this.table, query, q, from) : undefined,
      ]),
    );
    const count = counted ?? { count: read.seen, complete: read.complete };
    return {
      ...read.page,
      total: totals.total,
      matched: known ?? count.count,
      ...(known === undefined && !count.complete ? { matchedAtLeast: true } : {}),
    };
  }

  /**
   * Reads `source`; if it is the byOwner index and DynamoDB cannot answer from it yet (still being
   * built), reads as before it existed instead.
   */
  private async fromIndex<T>(
    source: IndexSource,
    desk: DeskFilter,
    read: (source: IndexSource) => Promise<T>,
  ): Promise<T> {
    try {
      return await read(source);
    } catch (error) {
      if (!isIndexUnavailable(error, source.indexName) || source.indexName !== OWNER_INDEX) throw error;
      return read(indexSource(this.lead, desk, false));
    }
  }

  /**
   * The search's candidates (complete: at most DESK_CANDIDATE_CAP with desk filters, or
   * SEARCH_CANDIDATE_CAP without) that pass the desk filters (without a status, any but Spam),
   * judged on their status and owner read by id: exact, however rare the combination, without reading a status
   * partition or the whole index.
   */
  private async deskMatches(
    candidates: readonly Record<string, unknown>[],
    desk: DeskFilter,
  ): Promise<Cursor[]> {
    const status = deskStatus(desk);
    const keys = {
      wanted: status ? deskKey(this.lead, status) : undefined,
      spam: deskKey(this.lead, "spam"),
    };
    const items = await getByIds(
      this.db,
      this.tableName,
      candidates.map((candidate) => String(candidate.id)),
      ["id", "kind", "deskKey", "owner", "createdAt", SOURCE_CLAIM],
    );
    return candidates.flatMap((candidate) => {
      const item = items.get(String(candidate.id));
      return item && item.kind === this.lead.kind && passesDesk(item, keys, desk)
        ? [{ createdAt: String(candidate.createdAt), id: String(candidate.id) }]
        : [];
    });
  }
}
