/**
 * The dashboard's response figures over signups and contact messages (docs/decisions/0067, 0090,
 * 0102): open leads (the status counters), overdue leads (open minus the New leads still inside
 * their promise), and over the leads that arrived in the window (today and the 29 days before, by
 * UTC day), the median clock time to the first reply and the share answered within the promise (a
 * lead still inside its promise is not judged yet; Spam never counts).
 *
 * Two ways to the same figures: `maintainedStats` sums the items the writers keep — the arrival
 * days' (functions/model/response-figures.ts) and the due days' (functions/model/promise-figures.ts),
 * 45 per kind and shard whatever the number of leads — once the recount has marked them complete;
 * `recountStats` reads the records (the window's, and the last days' New and Lost leads by the
 * byDesk index), as before those items existed: the answer until then, and the oracle the tests
 * hold the items to.
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { DeskStatsResponse } from "../../events/desk";
import { getByIds } from "../lib/get-by-ids";
import { queryAll } from "../lib/query-all";
import { COUNTER_SHARDS, deskKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { addPromiseItem, PROMISE_REACH_DAYS, promiseDayIds } from "../model/promise-figures";
import { type BusinessCalendar, clockTimeBetween, RESPONSE_BUDGET_MS } from "../model/response-clock";
import {
  addDayItem,
  emptySums,
  FIGURES_READY_ID,
  figuresDayId,
  histogramMedian,
} from "../model/response-figures";
import { CREATED_AT_INDEX, DESK_INDEX } from "../model/tables";
import { LeadCounter } from "./counts";

const DAY_MS = 86_400_000;
export const STATS_WINDOW_DAYS = 30;
/**
 * Slack below the earliest arrival still inside its promise by today's calendar: a lead's due time
 * was set by the calendar of the day it arrived, and a holiday removed since then moved it earlier.
 */
const CALENDAR_CHANGE_SLACK_MS = DAY_MS;

/**
 * The earliest arrival that may still be inside its promise at `now`: the reply-due time is 24 h of
 * clock time after arrival, so over a plain weekday that is a day back and over a weekend or
 * holidays a few; PROMISE_REACH_DAYS is only the bound no calendar passes. Reading from here rather
 * than from PROMISE_REACH_DAYS back reads a few days of arrivals instead of two weeks' (at a million
 * leads a year, about 14,000 Lost leads per request). The `dueAt > now` filter stays the exact test.
 */
export function earliestStillInside(calendar: BusinessCalendar, now: Date): Date {
  const reach = now.getTime() - PROMISE_REACH_DAYS * DAY_MS;
  let outside = reach;
  let inside = now.getTime();
  // clockTimeBetween(arrival, now) falls as the arrival gets later: find where it drops under 24 h.
  while (inside - outside > 1_000) {
    const middle = Math.floor((outside + inside) / 2);
    if (clockTimeBetween(calendar, middle, now.getTime()) < RESPONSE_BUDGET_MS) inside = middle;
    else outside = middle;
  }
  return new Date(Math.max(reach, outside - CALENDAR_CHANGE_SLACK_MS));
}
export type LeadTables = readonly { lead: LeadKind; table: string }[];

/** The window's first instant: the start of the UTC day 29 days before `now`'s. */
export function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (STATS_WINDOW_DAYS - 1) * DAY_MS);
}

/** The window's UTC days, oldest first ("YYYY-MM-DD"). */
export function windowDays(now: Date): string[] {
  const first = windowStart(now).getTime();
  return Array.from({ length: STATS_WINDOW_DAYS }, (_, i) =>
    new Date(first + i * DAY_MS).toISOString().slice(0, 10),
  );
}

interface KindFigures {
  open: number;
  notYetDue: number;
  /** Judged: answered, or past due unanswered. */
  judged: number;
  withinPromise: number;
  /** recountStats: each answered lead's reply time; maintainedStats: the histogram's sums. */
  replyTimes: number[];
  histogram?: Map<number, number>;
}

/** Where a request looks for leads still inside their promise: computed once per request. */
interface PromiseWindow {
  /** earliestStillInside at `now`. */
  readonly from: Date;
  readonly now: Date;
}

function promiseWindow(calendar: BusinessCalendar, now: Date): PromiseWindow {
  return { from: earliestStillInside(calendar, now), now };
}

/** The New leads of the last days still inside their promise, read record by record. */
async function newStillInsidePromise(
  db: DynamoDBDocumentClient,
  table: string,
  lead: LeadKind,
  { from, now }: PromiseWindow,
): Promise<number> {
  const items = await queryAll(db, {
    TableName: table,
    IndexName: DESK_INDEX,
    KeyConditionExpression: "deskKey = :key AND createdAt >= :from",
    FilterExpression: "dueAt > :now",
    ExpressionAttributeValues: {
      ":key": deskKey(lead, "new"),
      ":from": from.toISOString(),
      ":now": now.toISOString(),
    },
    ProjectionExpression: "id",
  });
  return items.length;
}

async function recountKind(
  db: DynamoDBDocumentClient,
  table: string,
  lead: LeadKind,
  calendar: BusinessCalendar,
  window: PromiseWindow,
): Promise<KindFigures> {
  const { now } = window;
  const [totals, waiting, recent] = await Promise.all([
    new LeadCounter(db, table, lead).totals(),
    newStillInsidePromise(db, table, lead, window),
    queryAll(db, {
      TableName: table,
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind AND createdAt >= :from",
      ExpressionAttributeValues: { ":kind": lead.kind, ":from": windowStart(now).toISOString() },
      ProjectionExpression: "createdAt, dueAt, respondedAt, #status",
      ExpressionAttributeNames: { "#status": "status" },
    }),
  ]);
  const figures: KindFigures = {
    open: totals.byStatus.new ?? 0,
    notYetDue: waiting,
    replyTimes: [],
    withinPromise: 0,
    judged: 0,
  };
  for (const item of recent) {
    if (item.status === "spam" || typeof item.dueAt !== "string") continue;
    const created = Date.parse(String(item.createdAt));
    const due = Date.parse(item.dueAt);
    if (typeof item.respondedAt === "string") {
      const responded = Date.parse(item.respondedAt);
      figures.replyTimes.push(clockTimeBetween(calendar, created, responded));
      figures.judged += 1;
      if (responded <= due) figures.withinPromise += 1;
    } else if (due <= now.getTime()) figures.judged += 1;
  }
  return figures;
}

async function maintainedKind(
  db: DynamoDBDocumentClient,
  table: string,
  lead: LeadKind,
  now: Date,
): Promise<KindFigures> {
  const days = windowDays(now).flatMap((day) =>
    Array.from({ length: COUNTER_SHARDS }, (_, shard) => figuresDayId(lead, day, shard)),
  );
  const due = promiseDayIds(lead, now);
  // One read of bounded size: 30 arrival days and 15 due days, each in COUNTER_SHARDS items.
  const [totals, items] = await Promise.all([
    new LeadCounter(db, table, lead).totals(),
    getByIds(db, table, [...days, ...due]),
  ]);
  const sums = emptySums();
  const inside = { notYetDue: 0, unanswered: 0 };
  for (const id of days) addDayItem(sums, items.get(id) ?? {});
  for (const id of due) addPromiseItem(inside, items.get(id) ?? {}, now);
  return {
    open: totals.byStatus.new ?? 0,
    notYetDue: inside.notYetDue,
    // Every counted arrival is answered, past due, or still inside its promise (due after now).
    judged: sums.n - inside.unanswered,
    withinPromise: sums.w,
    replyTimes: [],
    histogram: sums.histogram,
  };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function answer(all: readonly KindFigures[]): DeskStatsResponse {
  const open = all.reduce((sum, f) => sum + f.open, 0);
  const notYetDue = all.reduce((sum, f) => sum + f.notYetDue, 0);
  const judged = all.reduce((sum, f) => sum + f.judged, 0);
  const within = all.reduce((sum, f) => sum + f.withinPromise, 0);
  const histogram = new Map<number, number>();
  for (const f of all)
    for (const [bucket, count] of f.histogram ?? [])
      histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
  const maintained = all.some((f) => f.histogram !== undefined);
  return {
    open,
    overdue: Math.max(0, open - notYetDue),
    medianFirstReplyMs: maintained ? histogramMedian(histogram) : median(all.flatMap((f) => f.replyTimes)),
    withinPromiseShare: judged <= 0 ? null : within / judged,
    windowDays: STATS_WINDOW_DAYS,
  };
}

/** The figures from every record of the window (the oracle, and the answer until the recount is done). */
export async function recountStats(
  db: DynamoDBDocumentClient,
  kinds: LeadTables,
  calendar: BusinessCalendar,
  now: Date,
): Promise<DeskStatsResponse> {
  const window = promiseWindow(calendar, now);
  return answer(
    await Promise.all(kinds.map(({ lead, table }) => recountKind(db, table, lead, calendar, window))),
  );
}

/**
 * The figures from the arrival-day and due-day items: needs the recount's marker in every table.
 * The calendar is not needed (the items hold the reply times and due times); the parameters are
 * recountStats' so that either answers the same call.
 */
export async function maintainedStats(
  db: DynamoDBDocumentClient,
  kinds: LeadTables,
  _calendar: BusinessCalendar,
  now: Date,
): Promise<DeskStatsResponse> {
  return answer(await Promise.all(kinds.map(({ lead, table }) => maintainedKind(db, table, lead, now))));
}

/** Tables whose marker was seen: the recount never removes it, so a warm function asks once. */
const ready = new Set<string>();

export async function figuresReady(db: DynamoDBDocumentClient, table: string): Promise<boolean> {
  if (ready.has(table)) return true;
  const marked = await hasFiguresMarker(db, table);
  if (marked) ready.add(table);
  return marked;
}

/** Whether the recount's marker is in the table now (read every time, never remembered). */
export async function hasFiguresMarker(db: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const found = await db.send(
    new GetCommand({ TableName: table, Key: { id: FIGURES_READY_ID }, ProjectionExpression: "id" }),
  );
  return found.Item !== undefined;
}

export async function deskStats(
  db: DynamoDBDocumentClient,
  kinds: LeadTables,
  calendar: BusinessCalendar,
  now: Date,
): Promise<DeskStatsResponse> {
  const marked = await Promise.all(kinds.map(({ table }) => figuresReady(db, table)));
  return marked.every(Boolean)
    ? maintainedStats(db, kinds, calendar, now)
    : recountStats(db, kinds, calendar, now);
}
