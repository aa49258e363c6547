/**
 * The Sources report (docs/decisions/0144-sources-report-figures.md): sums the items the writers
 * keep (functions/model/source-figures.ts) for a period of the team's days — each whole month's
 * items, each other day's, every row and shard — into rows per channel, source and campaign. The
 * queries depend on the period's length; the items grow with the rows the period had, never with
 * the number of leads.
 *
 * "Answered within the promise" is judged as the dashboard judges it (./desk-stats.ts): of the leads
 * answered, or unanswered past their due time; an unanswered lead still inside its promise is not
 * judged yet. Those are counted from the day items of the last PROMISE_REACH_DAYS days, which keep
 * each unanswered lead's due time.
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import {
  SOURCE_ROW_LEVELS,
  type SourceReportResponse,
  type SourceReportRow,
} from "../../events/source-report";
import { TEAM_TIME_ZONE, teamDayOf } from "../../events/team-time";
import type { Clock } from "../lib/clock";
import { forEachConcurrently } from "../lib/pool";
import { queryAll } from "../lib/query-all";
import type { LeadKind } from "../model/lead-kinds";
import { PROMISE_REACH_DAYS } from "../model/promise-figures";
import { histogramMedian } from "../model/response-figures";
import {
  addSourceItem,
  emptyRow,
  type RowSums,
  rowOfText,
  SOURCES_READY_ID,
  type SourceRowKey,
  sourceGranuleKind,
} from "../model/source-figures";
import { CREATED_AT_INDEX } from "../model/tables";

const DAY_MS = 86_400_000;
/** Granules queried at once per lead kind (a year reads about 75). */
const GRANULES_AT_ONCE = 8;
const MINUTE_MS = 60_000;

export interface SourceReportDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
  readonly clock: Clock;
}

/** The period's days ("YYYY-MM-DD"), both ends included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * Which granules a period reads: the months it covers ("m…"), its other days ("d…"). A month counts
 * as covered when the period holds every one of its days up to `today` (the team's day now): later
 * days have no leads yet, so the month's item is the sum of the period's days in it. A period ending
 * today — every preset — so reads the current month as one item, not a day item per day so far.
 */
export function periodGranules(from: string, to: string, today: string): string[] {
  const days = daysOf(from, to);
  const byMonth = new Map<string, string[]>();
  for (const day of days) byMonth.set(day.slice(0, 7), [...(byMonth.get(day.slice(0, 7)) ?? []), day]);
  return [...byMonth].flatMap(([month, inside]) => {
    const first = `${month}-01`;
    const next = new Date(Date.parse(`${first}T00:00:00Z`));
    next.setUTCMonth(next.getUTCMonth() + 1);
    const last = new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10);
    // The period's days are consecutive: it covers the month if it holds its first day and its
    // last one that may have leads.
    const lastWithLeads = last < today ? last : today;
    const covers = inside[0] === first && (inside[inside.length - 1] ?? "") >= lastWithLeads;
    return covers ? [`m${month}`] : inside.map((day) => `d${day}`);
  });
}

/** A granule's items, every row and shard: listed under their kind by the lead table's index by kind. */
function granuleItems(
  db: DynamoDBDocumentClient,
  table: string,
  lead: LeadKind,
  granule: string,
): Promise<Record<string, unknown>[]> {
  return queryAll(db, {
    TableName: table,
    IndexName: CREATED_AT_INDEX,
    KeyConditionExpression: "kind = :granule",
    ExpressionAttributeValues: { ":granule": sourceGranuleKind(lead, granule) },
  });
}

interface Counted {
  readonly key: SourceRowKey;
  readonly byKind: RowSums[];
}

/** Adds a row's counts (and histogram) to `sum`, in place. */
function addInto(sum: RowSums, row: RowSums): RowSums {
  for (const name of ["n", "w", "l", "u", "inside", "q", "t", "v"] as const) sum[name] += row[name];
  for (const [step, count] of row.steps) sum.steps.set(step, (sum.steps.get(step) ?? 0) + count);
  return sum;
}

/** Sums several rows' counts (and histograms) into a new one. */
function merged(rows: readonly RowSums[]): RowSums {
  const sum = emptyRow();
  for (const row of rows) addInto(sum, row);
  return sum;
}

function figuresOf(
  byKind: readonly RowSums[],
): Omit<SourceReportRow, "level" | "channel" | "source" | "campaign"> {
  const all = merged(byKind);
  const judged = all.w + all.l + all.u - all.inside;
  return {
    leads: all.n,
    signups: byKind[0]?.n ?? 0,
    contacts: byKind[1]?.n ?? 0,
    withinPromiseShare: judged <= 0 ? null : all.w / judged,
    medianFirstReplyMs: histogramMedian(all.steps, (step) => step * MINUTE_MS),
    qualified: all.q,
    trial: all.t,
    won: all.v,
  };
}

/** The rows: each channel, then its sources, each followed by its campaigns; most leads first. */
export function reportRows(counted: readonly Counted[], kinds: number): SourceReportRow[] {
  const sumKinds = (group: readonly Counted[]) =>
    Array.from({ length: kinds }, (_, kind) => merged(group.map((row) => row.byKind[kind] ?? emptyRow())));
  const groups = <K>(rows: readonly Counted[], keyOf: (row: Counted) => K) => {
    const map = new Map<K, Counted[]>();
    for (const row of rows) map.set(keyOf(row), [...(map.get(keyOf(row)) ?? []), row]);
    return [...map].map(([key, members]) => ({ key, members, figures: figuresOf(sumKinds(members)) }));
  };
  const byLeads = <T extends { figures: { leads: number }; key: unknown }>(a: T, b: T) =>
    b.figures.leads - a.figures.leads || String(a.key).localeCompare(String(b.key));
  const [channelLevel, sourceLevel, campaignLevel] = SOURCE_ROW_LEVELS;
  return groups(counted, (row) => row.key.channel)
    .sort(byLeads)
    .flatMap((channel) => [
      { level: channelLevel, channel: channel.key, ...channel.figures },
      ...groups(channel.members, (row) => row.key.source)
        .sort(byLeads)
        .flatMap((source) => [
          { level: sourceLevel, channel: channel.key, source: source.key, ...source.figures },
          ...groups(source.members, (row) => row.key.campaign)
            .sort(byLeads)
            .map((campaign) => ({
              level: campaignLevel,
              channel: channel.key,
              source: source.key,
              campaign: campaign.key,
              ...campaign.figures,
            })),
        ]),
    ]);
}

export async function sourceReport(
  deps: SourceReportDeps,
  period: { readonly from: string; readonly to: string },
): Promise<SourceReportResponse> {
  const now = deps.clock();
  const granules = periodGranules(period.from, period.to, teamDayOf(now.toISOString()));
  // The days whose unanswered leads may still be inside their promise: their items give due times.
  const earliest = teamDayOf(new Date(now.getTime() - (PROMISE_REACH_DAYS + 1) * DAY_MS).toISOString());
  const recent = daysOf(period.from, period.to)
    .filter((day) => day >= earliest)
    .map((day) => `d${day}`);
  const read = [...new Set([...granules, ...recent])];
  const counting = new Set(granules);
  const rows = new Map<string, Counted & { byKind: RowSums[] }>();
  const markers = await Promise.all(
    deps.kinds.map(async ({ lead, table }, kind) => {
      const byGranule = new Map<string, Record<string, unknown>[]>();
      await forEachConcurrently(read, GRANULES_AT_ONCE, async (granule) => {
        byGranule.set(granule, await granuleItems(deps.db, table, lead, granule));
      });
      for (const granule of read) {
        // A row's shards first, then the row into the report: each row's text is parsed once.
        const sums = new Map<string, RowSums>();
        for (const item of byGranule.get(granule) ?? [])
          addSourceItem(sums, item, counting.has(granule), now.getTime());
        for (const [hash, sum] of sums) {
          const known = rows.get(hash);
          const key = known?.key ?? rowOfText(sum.text);
          if (!key) continue;
          const entry = known ?? { key, byKind: deps.kinds.map(() => emptyRow()) };
          // In place: a year's granules would otherwise copy each row's histogram ~60 times.
          entry.byKind[kind] = addInto(entry.byKind[kind] ?? emptyRow(), sum);
          rows.set(hash, entry);
        }
      }
      const ready = await deps.db.send(new GetCommand({ TableName: table, Key: { id: SOURCES_READY_ID } }));
      return ready.Item !== undefined;
    }),
  );
  const counted = [...rows.values()].filter((row) => row.byKind.some((sums) => sums.n !== 0));
  return {
    from: period.from,
    to: period.to,
    timeZone: TEAM_TIME_ZONE,
    complete: markers.every(Boolean),
    rows: reportRows(counted, deps.kinds.length),
    total: figuresOf(
      Array.from({ length: deps.kinds.length }, (_, kind) =>
        merged(counted.map((row) => row.byKind[kind] ?? emptyRow())),
      ),
    ),
  };
}
