/**
 * The lead desk's filters (docs/decisions/0066-lead-desk-model.md) and how a record or the
 * counters are judged against them.
 */
import { TZDate } from "@date-fns/tz";
import { TEAM_TIME_ZONE } from "../../events/team-time";
import { claimPrefix, SOURCE_CLAIM } from "../model/source-figures";

export interface DeskFilter {
  readonly status?: string;
  /** A staff username, or null for leads nobody owns. */
  readonly owner?: string | null;
  /** Open (New) leads only, most urgent (oldest) first. */
  readonly urgency?: boolean;
  /**
   * A row of the Sources report (docs/decisions/0143-channel-filter.md): the leads it counts under a
   * channel, and with `source`/`campaign` under that source and campaign — the records whose
   * `sources` claim starts with the row (functions/model/source-figures.ts claimPrefix). A filter on
   * what is read, never a partition or a counter, so its "N of M" is counted as read.
   */
  readonly channel?: string;
  readonly source?: string;
  readonly campaign?: string;
  /** Leads that arrived in this period: `createdAt` from `start` (included) to `end` (excluded), ISO. */
  readonly arrived?: { readonly start: string; readonly end: string };
}

export function hasDeskFilter(desk: DeskFilter | undefined): boolean {
  return Boolean(
    desk && (desk.status || desk.owner !== undefined || desk.urgency || desk.channel || desk.arrived),
  );
}

/** The claim prefix a desk filter's report row asks for; undefined without a channel. */
export function rowPrefixOf(desk: DeskFilter): string | undefined {
  if (!desk.channel) return undefined;
  return claimPrefix({
    channel: desk.channel,
    ...(desk.source !== undefined ? { source: desk.source } : {}),
    ...(desk.source !== undefined && desk.campaign !== undefined ? { campaign: desk.campaign } : {}),
  });
}

/** The first instant of a team day ("2026-11-29"), as the Sources report's days begin. */
function teamDayStart(day: string, daysLater = 0): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + daysLater, TEAM_TIME_ZONE).getTime()).toISOString();
}

/**
 * The arrival period of a list's `from` and `to` (team days, both included; either may be absent):
 * from the start of `from` to the start of the day after `to`.
 */
export function arrivedBetween(from: string | undefined, to: string | undefined): DeskFilter["arrived"] {
  if (from === undefined && to === undefined) return undefined;
  return {
    start: from === undefined ? "0000-01-01T00:00:00.000Z" : teamDayStart(from),
    end: to === undefined ? "9999-12-31T23:59:59.999Z" : teamDayStart(to, 1),
  };
}

/** Whether a record's arrival time lies in the desk filter's period (none: any time). */
export function arrivedInPeriod(createdAt: unknown, desk: DeskFilter): boolean {
  if (!desk.arrived) return true;
  return typeof createdAt === "string" && createdAt >= desk.arrived.start && createdAt < desk.arrived.end;
}

/** The status a desk filter reads: New for urgency, else its status (if any). */
export function deskStatus(desk: DeskFilter): string | undefined {
  return desk.urgency ? "new" : desk.status;
}

/**
 * Whether a record's desk attributes pass the desk filter: its status as its deskKey (the `wanted`
 * status's, or without a status any but Spam's: Spam is on the Spam list only, docs/decisions/0150),
 * the owner, the report row as its `sources` claim, the period as its `createdAt`.
 */
export function passesDesk(
  item: Record<string, unknown>,
  keys: { readonly wanted: string | undefined; readonly spam: string },
  desk: DeskFilter,
): boolean {
  if (keys.wanted ? item.deskKey !== keys.wanted : item.deskKey === keys.spam) return false;
  const row = rowPrefixOf(desk);
  if (row !== undefined && !(typeof item[SOURCE_CLAIM] === "string" && item[SOURCE_CLAIM].startsWith(row)))
    return false;
  if (!arrivedInPeriod(item.createdAt, desk)) return false;
  if (desk.owner === undefined) return true;
  return desk.owner === null ? typeof item.owner !== "string" : item.owner === desk.owner;
}

/**
 * How many records a desk filter of only a status and/or an owner matches, from the counters
 * (functions/model/lead-index.ts): owned records are counted per status and owner, the unassigned
 * are the rest.
 */
export function deskCount(
  totals: {
    total: number;
    byStatus: Record<string, number>;
    byOwner: Record<string, Record<string, number>>;
  },
  desk: DeskFilter,
): number {
  const status = deskStatus(desk);
  const owned = (s: string | undefined, owner: string | undefined) =>
    Object.entries(totals.byOwner)
      // Across statuses: every one but Spam, which is out of the totals (docs/decisions/0150).
      .filter(([counted]) => (s === undefined ? counted !== "spam" : counted === s))
      .flatMap(([, owners]) => Object.entries(owners))
      .filter(([name]) => owner === undefined || name === owner)
      .reduce((sum, [, n]) => sum + n, 0);
  const all = status === undefined ? totals.total : (totals.byStatus[status] ?? 0);
  if (desk.owner === undefined) return all;
  return desk.owner === null ? all - owned(status, undefined) : owned(status, desk.owner);
}
