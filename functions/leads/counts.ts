/**
 * Exact counts over any time range without reading the records in it: whole UTC hours come from
 * the hour counters (lead-index.ts); the parts of the range before the first and after the last
 * whole hour are counted in the byCreatedAt index directly (at most two hours of records).
 * The browser sends the boundaries (the viewer's local midnights, docs/product/command-center.md).
 */
import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { PRODUCT_LINES, TEAM_SIZES } from "../../events/options";
import { queryAll } from "../lib/query-all";
import { counterKind, ownerCounts } from "../model/lead-index";
import { type FacetValues, facetAttribute, type LeadKind } from "../model/lead-kinds";
import { UNCOUNTED } from "../model/quarantine";
import { CREATED_AT_INDEX } from "../model/tables";

const HOUR_MS = 3_600_000;

export interface TimeRange {
  /** Inclusive. */
  readonly from: Date;
  /** Exclusive; open-ended when absent. */
  readonly to?: Date;
}

/** The range split into a leading part, whole hours and a trailing part (each may be empty). */
export function splitRange(range: TimeRange): {
  head?: TimeRange;
  hours?: { from: Date; to?: Date };
  tail?: TimeRange;
} {
  const from = range.from.getTime();
  const to = range.to?.getTime();
  const firstWhole = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const lastWhole = to === undefined ? undefined : Math.floor(to / HOUR_MS) * HOUR_MS;
  if (to !== undefined && to <= from) return {};
  if (lastWhole !== undefined && lastWhole <= firstWhole) return { head: range };
  return {
    ...(firstWhole > from ? { head: { from: range.from, to: new Date(firstWhole) } } : {}),
    hours: { from: new Date(firstWhole), ...(lastWhole !== undefined ? { to: new Date(lastWhole) } : {}) },
    ...(to !== undefined && lastWhole !== undefined && to > lastWhole
      ? { tail: { from: new Date(lastWhole), to: range.to as Date } }
      : {}),
  };
}

/** Sum of hour counters whose start lies in [from, to). */
export function sumHours(hours: ReadonlyMap<number, number>, from: Date, to?: Date): number {
  let total = 0;
  for (const [start, count] of hours) {
    if (start >= from.getTime() && (to === undefined || start < to.getTime())) total += count;
  }
  return total;
}

async function countQuery(db: DynamoDBDocumentClient, input: QueryCommandInput): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, Select: "COUNT", ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

export class LeadCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly lead: LeadKind,
  ) {}

  /** Records created in [from, to), counted in the index itself. */
  private countRecords(range: TimeRange): Promise<number> {
    const to = range.to ? new Date(range.to.getTime() - 1).toISOString() : "9999";
    return countQuery(this.db, {
      TableName: this.tableName,
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind AND createdAt BETWEEN :from AND :to",
      // Like the counters: a Spam lead out of the totals is out of these (docs/decisions/0150).
      FilterExpression: "attribute_not_exists(#uncounted)",
      ExpressionAttributeNames: { "#uncounted": UNCOUNTED },
      ExpressionAttributeValues: { ":kind": this.lead.kind, ":from": range.from.toISOString(), ":to": to },
    });
  }

  /** Hour counters from `from` on, shards summed: bucket start (epoch ms) -> count. */
  private async hourCounts(from: Date): Promise<Map<number, number>> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind AND createdAt >= :from",
      ExpressionAttributeValues: { ":kind": counterKind(this.lead, "hour"), ":from": from.toISOString() },
      ProjectionExpression: "createdAt, n",
    });
    const counts = new Map<number, number>();
    for (const item of items) {
      const start = Date.parse(String(item.createdAt)); // several shards share one bucket start
      counts.set(start, (counts.get(start) ?? 0) + Number(item.n ?? 0));
    }
    return counts;
  }

  /** Exact counts for each range, with one read of the hour counters for all of them. */
  async countRanges(ranges: readonly TimeRange[]): Promise<number[]> {
    if (ranges.length === 0) return [];
    const earliest = new Date(Math.min(...ranges.map((range) => range.from.getTime())));
    const hours = await this.hourCounts(new Date(Math.floor(earliest.getTime() / HOUR_MS) * HOUR_MS));
    return Promise.all(
      ranges.map(async (range) => {
        const parts = splitRange(range);
        const [head, tail] = await Promise.all([
          parts.head ? this.countRecords(parts.head) : 0,
          parts.tail ? this.countRecords(parts.tail) : 0,
        ]);
        return head + tail + (parts.hours ? sumHours(hours, parts.hours.from, parts.hours.to) : 0);
      }),
    );
  }

  /** Every record, and those matching the given facet values (all when none is given). */
  async totals(filter: Partial<FacetValues> = {}): Promise<{
    total: number;
    matching: number;
    byStatus: Record<string, number>;
    /** Owned records per status and owner (lead-index.ts ownerCounterName). */
    byOwner: Record<string, Record<string, number>>;
  }> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind",
      ExpressionAttributeValues: { ":kind": counterKind(this.lead, "day") },
    });
    const wanted = this.combinations(filter);
    let total = 0;
    let matching = 0;
    const byStatus: Record<string, number> = {};
    const byOwner: Record<string, Record<string, number>> = {};
    for (const item of items) {
      total += Number(item.n ?? 0);
      // Lead-desk status counters (lead-index.ts statusAttribute): s_new, s_won, ...
      for (const [name, value] of Object.entries(item))
        if (name.startsWith("s_")) byStatus[name.slice(2)] = (byStatus[name.slice(2)] ?? 0) + Number(value);
      ownerCounts(item, byOwner);
      matching += wanted
        ? wanted.reduce((sum, attribute) => sum + Number(item[attribute] ?? 0), 0)
        : Number(item.n ?? 0);
    }
    return { total, matching, byStatus, byOwner };
  }

  /** Counter attributes of every facet combination that the filter admits; undefined = all. */
  private combinations(filter: Partial<FacetValues>): string[] | undefined {
    if (!this.lead.facets.some((facet) => filter[facet])) return undefined;
    let combos: FacetValues[] = [{}];
    for (const facet of this.lead.facets) {
      const values = filter[facet] ? [filter[facet] as string] : (FACET_VALUES[facet] ?? []);
      combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [facet]: value })));
    }
    return combos.map((combo) => facetAttribute(this.lead, combo));
  }
}

/** The values each facet can take (events/signup.ts). */
export const FACET_VALUES: Record<string, readonly string[]> = {
  teamSize: TEAM_SIZES,
  productLines: PRODUCT_LINES,
};
