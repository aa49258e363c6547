/**
 * The Sources report's figures kept as leads change (docs/decisions/0144-sources-report-figures.md):
 * per lead kind, arrival day and month in the team's zone, items that count for every row
 * (channel, source, campaign) its leads, how they were answered against the promise, a histogram
 * of their clock time to the first reply, and how many reached Qualified, Trial and Won.
 *
 * Like the day figures (./response-figures.ts), each record names what it is counted as (its
 * `sources` claim: a pure function of the record, `sourceClaim`), and every writer moves the items
 * from the stored claim to the new one with ADD in the same transaction as the record; they all go
 * through `figuresChange`/`figuresRemoval` there, which call `sourceMoves` here.
 *
 * An item holds one row of one day (or month) and shard: its text and counts. Its `kind` names
 * the kind and granule, so the lead table's index by kind lists a granule's items
 * (`sourceGranuleKind`): a period of a year is read as its whole months and its other days, one
 * query each, whatever the number of leads. An item stays small however many rows a month has —
 * a row is bounded, the number of rows is not: campaigns and referring sites are free text.
 */
import { createHash } from "node:crypto";
import { CHANNELS, type Channel, type LeadSource } from "../../events/lead-source";
import { teamDayOf } from "../../events/team-time";
import { isControlCharacter } from "../../events/text";
import type { TransactItem } from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { counterShard } from "./lead-index";
import type { LeadKind } from "./lead-kinds";
import { replyBucket } from "./reply-buckets";
import { type BusinessCalendar, clockTimeBetween } from "./response-clock";

/** The record's attribute naming what it is counted as in the Sources report. */
export const SOURCE_CLAIM = "sources";
/** The record's attribute listing the statuses of REACHED_STATUSES it ever had (a string, e.g. "qualified won"). */
export const REACHED = "reached";
export const REACHED_STATUSES = ["qualified", "trial", "won"] as const;
export type ReachedStatus = (typeof REACHED_STATUSES)[number];
/** The counts' letters: Qualified, Trial, Won (v: "victory", w is "within"). */
const REACHED_LETTER: Record<ReachedStatus, string> = { qualified: "q", trial: "t", won: "v" };

/** What a row shows for a lead stored without a source, or a source without a value. */
export const NO_SOURCE = "(none)";
/** A row's texts are cut to this many characters (the capture's own limits are lower). */
const ROW_TEXT_MAX = 100;

export interface SourceRowKey {
  readonly channel: Channel;
  readonly source: string;
  readonly campaign: string;
}

/** Tabs and control characters would break the claim's fields; leading/trailing space is noise. */
function rowText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = [...value]
    .map((char) => (isControlCharacter(char.codePointAt(0) ?? 0) ? " " : char))
    .join("")
    .trim()
    .slice(0, ROW_TEXT_MAX);
  return text === "" ? undefined : text;
}

function hostOf(origin: unknown): string | undefined {
  if (typeof origin !== "string") return undefined;
  try {
    return rowText(new URL(origin).hostname.replace(/^www\./, ""));
  } catch {
    return undefined;
  }
}

/**
 * The row a record belongs to: its source's channel; the campaign's source (utm_source, lower
 * case), else the referring site's host, else "(none)"; the campaign (utm_campaign), else "(none)".
 * A record without a stored source: channel "unassigned", source and campaign "(none)".
 */
export function sourceRowOf(record: Record<string, unknown>): SourceRowKey {
  const stored = record.source as Partial<LeadSource> | undefined;
  if (!stored || typeof stored !== "object" || !CHANNELS.includes(stored.channel as Channel))
    return { channel: "unassigned", source: NO_SOURCE, campaign: NO_SOURCE };
  const channel = stored.channel as Channel;
  return {
    channel,
    source: rowText(stored.utmSource)?.toLowerCase() ?? hostOf(stored.referrerOrigin) ?? NO_SOURCE,
    campaign: rowText(stored.utmCampaign) ?? NO_SOURCE,
  };
}

/**
 * The report's histogram step of a reply time: replyBucket's minute buckets (./response-figures.ts)
 * grouped into the 0.1 h steps the report shows (edges 3 minutes past a multiple of 6, so each
 * minute bucket lies in one step), hours from 48 h, days from 14 days. Named by the minutes it
 * stands for. A row's median read from the steps shows as the exact median whenever the middle
 * reply (or both) falls in one step; the items stay small (at most ~800 steps a row).
 */
export function reportStep(replyMs: number): number {
  const minute = replyBucket(replyMs);
  if (minute < 48 * 60 - 3) return 6 * Math.floor((minute + 3) / 6);
  if (minute < 14 * 24 * 60) return Math.max(48 * 60, 60 * Math.floor((minute + 30) / 60));
  return 1440 * Math.floor((minute + 720) / 1440);
}

/** The statuses of REACHED_STATUSES a record ever had: those it names, and its status now. */
export function reachedOf(record: Record<string, unknown>): ReachedStatus[] {
  const named = typeof record[REACHED] === "string" ? (record[REACHED] as string).split(" ") : [];
  return REACHED_STATUSES.filter((status) => named.includes(status) || record.status === status);
}

/**
 * A claim: "-" counted nowhere (Spam, a linked submission, no arrival time), else
 * "<channel>\t<source>\t<campaign>\t<team day>\t<flags>" — the row first, so a lead list can filter
 * by a row's prefix — with flags: "n" (a lead), then "w<step>"/"l<step>" answered within the
 * promise/late, or "u<due ms>" not answered yet (none without a due time), then q/t/v for each
 * reached status.
 */
export type SourceClaim = string;

export function sourceClaim(record: Record<string, unknown>, calendar: BusinessCalendar): SourceClaim {
  if (record.status === "spam" || record.status === "linked" || typeof record.createdAt !== "string")
    return "-";
  const created = Date.parse(record.createdAt);
  if (!Number.isFinite(created)) return "-";
  const row = sourceRowOf(record);
  const flags = ["n"];
  const due = typeof record.dueAt === "string" ? Date.parse(record.dueAt) : Number.NaN;
  if (Number.isFinite(due)) {
    if (typeof record.respondedAt === "string") {
      const responded = Date.parse(record.respondedAt);
      const step = reportStep(clockTimeBetween(calendar, created, responded));
      flags.push(`${responded <= due ? "w" : "l"}${step}`);
    } else flags.push(`u${due}`);
  }
  for (const status of reachedOf(record)) flags.push(REACHED_LETTER[status]);
  return [row.channel, row.source, row.campaign, teamDayOf(record.createdAt), flags.join(",")].join("\t");
}

/** The prefix of the claims of a row's leads (a channel; with a source; with a campaign). */
export function claimPrefix(row: { channel: string; source?: string; campaign?: string }): string {
  return [row.channel, row.source, row.campaign]
    .filter((part) => part !== undefined)
    .join("\t")
    .concat("\t");
}

/** The hash that names a row's items. */
export function rowHash(row: SourceRowKey): string {
  return createHash("sha256")
    .update(`${row.channel}\t${row.source}\t${row.campaign}`)
    .digest("hex")
    .slice(0, 12);
}

interface ParsedClaim {
  readonly row: SourceRowKey;
  readonly day: string;
  readonly flags: readonly string[];
}

export function parseClaim(claim: SourceClaim | undefined): ParsedClaim | undefined {
  if (claim === undefined || claim === "-") return undefined;
  const [channel, source, campaign, day, flags] = claim.split("\t");
  if (!channel || source === undefined || campaign === undefined || !day || !flags) return undefined;
  return { row: { channel: channel as Channel, source, campaign }, day, flags: flags.split(",") };
}

/**
 * Where a granule's items are found: the value of their `kind`, so the lead table's index by kind
 * and arrival (CREATED_AT_INDEX) lists them — under a kind no record has — with the row's hash and
 * shard as the "arrival" it sorts them by. A granule is "d<day>" or "m<month>".
 */
export function sourceGranuleKind(lead: LeadKind, granule: string): string {
  return `#sources#${lead.kind}#${granule}`;
}

/** An item's id: one per kind, granule and row, split in shards like the counters. */
export function sourceItemId(lead: LeadKind, granule: string, hash: string, shard: number): string {
  const id = `${sourceGranuleKind(lead, granule)}#${hash}`;
  return shard === 0 ? id : `${id}#${shard}`;
}

/** The item attribute holding its row's text ("<channel>\t<source>\t<campaign>"). */
const ROW_TEXT = "row";

/** The counts a claim adds to its day's and month's items (`u<due ms>` only in the day's). */
function claimCounts(parsed: ParsedClaim): { day: Record<string, number>; month: Record<string, number> } {
  const month: Record<string, number> = {};
  const day: Record<string, number> = {};
  for (const flag of parsed.flags) {
    const letter = flag[0];
    if (letter === "w" || letter === "l") {
      month[letter] = 1;
      month[`r${flag.slice(1)}`] = 1;
    } else if (letter === "u") {
      month.u = 1;
      day[flag] = 1;
    } else if (flag !== "") month[flag] = 1;
  }
  return { day: { ...month, ...day }, month };
}

/** What one claim change adds to one row's item of one granule. */
export interface SourceItemMove {
  readonly granule: string;
  readonly hash: string;
  readonly text: string;
  readonly add: Record<string, number>;
}

/**
 * The items a claim going from `from` to `to` changes, by "<granule>#<row hash>": each with the
 * counts to add (none left at zero; an item nothing changes is not there).
 */
export function sourceMoves(
  from: SourceClaim | undefined,
  to: SourceClaim | undefined,
): Map<string, SourceItemMove> {
  const moves = new Map<string, SourceItemMove>();
  const apply = (claim: SourceClaim | undefined, by: number) => {
    const parsed = parseClaim(claim);
    if (!parsed) return;
    const counts = claimCounts(parsed);
    const hash = rowHash(parsed.row);
    const text = `${parsed.row.channel}\t${parsed.row.source}\t${parsed.row.campaign}`;
    for (const [granule, names] of [
      [`d${parsed.day}`, counts.day],
      [`m${parsed.day.slice(0, 7)}`, counts.month],
    ] as const) {
      const key = `${granule}#${hash}`;
      const move = moves.get(key) ?? { granule, hash, text, add: {} };
      for (const [name, count] of Object.entries(names)) move.add[name] = (move.add[name] ?? 0) + by * count;
      moves.set(key, move);
    }
  };
  apply(from, -1);
  apply(to, 1);
  for (const [key, move] of moves) {
    for (const name of Object.keys(move.add)) if (move.add[name] === 0) delete move.add[name];
    if (Object.keys(move.add).length === 0) moves.delete(key);
  }
  return moves;
}

/** The attributes that place an item (its granule's kind, its row and shard) and name its row. */
function placement(lead: LeadKind, move: SourceItemMove, shard: number): Record<string, string> {
  return {
    kind: sourceGranuleKind(lead, move.granule),
    createdAt: `${move.hash}#${shard}`,
    [ROW_TEXT]: move.text,
  };
}

/** The updates of a record's items by `moves` (the record's shard): none when nothing moves. */
export function sourceUpdates(
  tableName: string,
  lead: LeadKind,
  recordId: string,
  moves: ReturnType<typeof sourceMoves>,
): TransactItem[] {
  const shard = counterShard(recordId);
  // Each item's placement and text are set with its counts (the same each time).
  return [...moves.values()].map((move) => ({
    Update: {
      TableName: tableName,
      Key: { id: sourceItemId(lead, move.granule, move.hash, shard) },
      ...updateExpression({ add: move.add, set: placement(lead, move, shard) }),
    },
  }));
}

/** The items of records written in bulk (benchmarks, imports), as the writers would leave them. */
export function sourceItemsFor(
  lead: LeadKind,
  records: readonly Record<string, unknown>[],
  calendar: BusinessCalendar,
): { claims: SourceClaim[]; items: Record<string, unknown>[] } {
  const items = new Map<string, Record<string, unknown>>();
  const claims = records.map((record) => {
    const claim = sourceClaim(record, calendar);
    const shard = counterShard(String(record.id ?? ""));
    for (const move of sourceMoves(undefined, claim).values()) {
      const id = sourceItemId(lead, move.granule, move.hash, shard);
      const item = items.get(id) ?? { id, ...placement(lead, move, shard) };
      for (const [name, count] of Object.entries(move.add)) item[name] = Number(item[name] ?? 0) + count;
      items.set(id, item);
    }
    return claim;
  });
  return { claims, items: [...items.values()] };
}

/** The marker the sources recount puts in a lead table once every record has its claim. */
export const SOURCES_READY_ID = "#sources#ready";

/** What the items say of one row (and one lead kind). */
export interface RowSums {
  text?: string;
  /** Leads; answered within the promise; answered late; not answered (with a due time). */
  n: number;
  w: number;
  l: number;
  u: number;
  /** Not answered and still inside the promise at the time asked (from the day items' `u<due ms>`). */
  inside: number;
  q: number;
  t: number;
  v: number;
  /** Report step (minutes) → answered leads. */
  readonly steps: Map<number, number>;
}

export function emptyRow(): RowSums {
  return { n: 0, w: 0, l: 0, u: 0, inside: 0, q: 0, t: 0, v: 0, steps: new Map() };
}

const COUNT_ATTRIBUTE = /^([a-z])(\d*)$/;

/** An item's row hash (from where it is placed: "<hash>#<shard>"). */
function hashOfItem(item: Record<string, unknown>): string | undefined {
  const placed = item.createdAt;
  return typeof placed === "string" ? placed.split("#")[0] : undefined;
}

/**
 * Adds an item to the rows (by row hash). `counts`: whether its counts belong to the period (a day
 * item read only for its unanswered leads' due times does not); `insideAfter`: the day items'
 * unanswered leads due after this instant are counted as still inside their promise.
 */
export function addSourceItem(
  rows: Map<string, RowSums>,
  item: Record<string, unknown>,
  counts: boolean,
  insideAfter: number | undefined,
): void {
  const hash = hashOfItem(item);
  if (hash === undefined) return;
  const row = rows.get(hash) ?? emptyRow();
  rows.set(hash, row);
  if (typeof item[ROW_TEXT] === "string") row.text = item[ROW_TEXT];
  for (const [name, value] of Object.entries(item)) {
    const match = COUNT_ATTRIBUTE.exec(name);
    if (!match || typeof value !== "number") continue;
    const [, letter, digits] = match;
    if (letter === "u" && digits !== "") {
      if (insideAfter !== undefined && Number(digits) > insideAfter) row.inside += value;
    } else if (!counts) continue;
    else if (letter === "r") row.steps.set(Number(digits), (row.steps.get(Number(digits)) ?? 0) + value);
    else if (digits !== "") continue;
    else if (letter === "n" || letter === "w" || letter === "l" || letter === "u") row[letter] += value;
    else if (letter === "q" || letter === "t" || letter === "v") row[letter] += value;
  }
}

/** The row a hash's text names (undefined for a text that is not three fields). */
export function rowOfText(text: string | undefined): SourceRowKey | undefined {
  const [channel, source, campaign, ...rest] = (text ?? "").split("\t");
  if (!channel || source === undefined || campaign === undefined || rest.length > 0) return undefined;
  if (!CHANNELS.includes(channel as Channel)) return undefined;
  return { channel: channel as Channel, source, campaign };
}
