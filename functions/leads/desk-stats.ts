/**
 * The dashboard's response figures over signups and contact messages (docs/decisions/0067):
 * open leads (the status counters), overdue leads (open minus those still inside their promise,
 * which are at most the last few days' New leads, read from the byDesk index), and over the leads
 * that arrived in the last 30 days, the median clock time to the first reply and the share
 * answered within the promise (a lead still inside its promise is not counted yet; Spam never).
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { DeskStatsResponse } from "../../events/desk";
import { queryAll } from "../lib/query-all";
import { deskKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { type BusinessCalendar, clockTimeBetween } from "../model/response-clock";
import { CREATED_AT_INDEX, DESK_INDEX } from "../model/tables";
import { LeadCounter } from "./counts";

const DAY_MS = 86_400_000;
export const STATS_WINDOW_DAYS = 30;
/** A New lead older than this is past its promise whatever the holidays (24 h of clock time). */
const PROMISE_REACH_DAYS = 14;

interface KindFigures {
  open: number;
  notYetDue: number;
  /** Clock time to the first reply of each answered lead of the window. */
  replyTimes: number[];
  withinPromise: number;
  judged: number;
}

async function kindFigures(
  db: DynamoDBDocumentClient,
  table: string,
  lead: LeadKind,
  calendar: BusinessCalendar,
  now: Date,
): Promise<KindFigures> {
  const [totals, waiting, recent] = await Promise.all([
    new LeadCounter(db, table, lead).totals(),
    queryAll(db, {
      TableName: table,
      IndexName: DESK_INDEX,
      KeyConditionExpression: "deskKey = :key AND createdAt >= :from",
      FilterExpression: "dueAt > :now",
      ExpressionAttributeValues: {
        ":key": deskKey(lead, "new"),
        ":from": new Date(now.getTime() - PROMISE_REACH_DAYS * DAY_MS).toISOString(),
        ":now": now.toISOString(),
      },
      ProjectionExpression: "id",
    }),
    queryAll(db, {
      TableName: table,
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind AND createdAt >= :from",
      ExpressionAttributeValues: {
        ":kind": lead.kind,
        ":from": new Date(now.getTime() - STATS_WINDOW_DAYS * DAY_MS).toISOString(),
      },
      ProjectionExpression: "createdAt, dueAt, respondedAt, #status",
      ExpressionAttributeNames: { "#status": "status" },
    }),
  ]);
  const figures: KindFigures = {
    open: totals.byStatus.new ?? 0,
    notYetDue: waiting.length,
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

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function deskStats(
  db: DynamoDBDocumentClient,
  kinds: readonly { lead: LeadKind; table: string }[],
  calendar: BusinessCalendar,
  now: Date,
): Promise<DeskStatsResponse> {
  const all = await Promise.all(kinds.map(({ lead, table }) => kindFigures(db, table, lead, calendar, now)));
  const open = all.reduce((sum, f) => sum + f.open, 0);
  const notYetDue = all.reduce((sum, f) => sum + f.notYetDue, 0);
  const judged = all.reduce((sum, f) => sum + f.judged, 0);
  const within = all.reduce((sum, f) => sum + f.withinPromise, 0);
  return {
    open,
    overdue: Math.max(0, open - notYetDue),
    medianFirstReplyMs: median(all.flatMap((f) => f.replyTimes)),
    withinPromiseShare: judged === 0 ? null : within / judged,
    windowDays: STATS_WINDOW_DAYS,
  };
}
