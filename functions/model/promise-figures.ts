/**
 * The leads still inside their promise, kept as they change (docs/decisions/0102-promise-figures-by-due-day.md):
 * per lead kind and UTC day of the reply-due time, items that count, per exact due time, the New
 * leads (`s<due ms>`: the dashboard's "not yet due" once that time is after now) and the unanswered
 * ones (`u<due ms>`: not judged yet while their due time is after now).
 *
 * A lead's due time is fixed when it arrives, so a lead stays in one item for good; what moves is
 * which of its two counts it holds. Like the day figures (./response-figures.ts), each record names
 * what it is counted as (its `promise` claim) and every writer moves the item from the stored claim
 * to the new one with ADD, in the same transaction as the record, guarded by the claim read.
 *
 * The dashboard reads the items of today's due day and the PROMISE_REACH_DAYS after it (every due
 * time after now lies there) and adds the counts of the due times after now: exact to the
 * millisecond, in a bounded number of items whatever the number of leads.
 */
import type { TransactItem } from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { COUNTER_SHARDS, counterShard } from "./lead-index";
import type { LeadKind } from "./lead-kinds";

/** The record's attribute naming what it is counted as in its due day's item. */
export const PROMISE_CLAIM = "promise";

/**
 * A claim: "-" counted nowhere (Spam, no reply-due time, or neither New nor unanswered), else
 * "<due ms>:<flags>" with "s" for a New lead and "u" for an unanswered one (either or both).
 */
export type PromiseClaim = string;

const DAY_MS = 86_400_000;
/**
 * The reply-due time is 24 h of clock time after arrival: no calendar puts it more than this many
 * days after the arrival (the same bound reads the old per-request window, functions/leads/desk-stats.ts).
 */
export const PROMISE_REACH_DAYS = 14;
/** A due day's item is kept this long after its day ends, then expires (nothing reads it by then). */
const KEEP_AFTER_DAY_MS = 7 * DAY_MS;

/** The claim a record has as stored now (the same rule as the recount from records). */
export function promiseClaim(record: Record<string, unknown>): PromiseClaim {
  if (record.status === "spam" || typeof record.dueAt !== "string" || typeof record.createdAt !== "string")
    return "-";
  const due = Date.parse(record.dueAt);
  if (!Number.isFinite(due)) return "-";
  // "s": what the old read of New leads counted; "u": the day figures' unanswered claim ("a").
  const flags = `${record.status === "new" ? "s" : ""}${typeof record.respondedAt === "string" ? "" : "u"}`;
  return flags === "" ? "-" : `${due}:${flags}`;
}

/** The counts one claim holds: its due day and the attributes (`s<ms>`, `u<ms>`) it adds 1 to. */
function claimCounts(claim: PromiseClaim | undefined): { day: string; names: string[] } | undefined {
  if (claim === undefined || claim === "-") return undefined;
  const [due, flags = ""] = claim.split(":");
  const ms = Number(due);
  if (!Number.isSafeInteger(ms) || flags === "") return undefined;
  return { day: dueDay(ms), names: [...flags].map((flag) => `${flag}${ms}`) };
}

/** The UTC day ("YYYY-MM-DD") of a due time. */
export function dueDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How the items move when a record's claim goes from `from` (undefined: counted nowhere) to `to`: by due day. */
export function promiseMoves(
  from: PromiseClaim | undefined,
  to: PromiseClaim | undefined,
): Map<string, Record<string, number>> {
  const moves = new Map<string, Record<string, number>>();
  const apply = (claim: PromiseClaim | undefined, by: number) => {
    const counts = claimCounts(claim);
    if (!counts) return;
    const day = moves.get(counts.day) ?? {};
    for (const name of counts.names) day[name] = (day[name] ?? 0) + by;
    moves.set(counts.day, day);
  };
  apply(from, -1);
  apply(to, 1);
  for (const [day, names] of moves) {
    for (const name of Object.keys(names)) if (names[name] === 0) delete names[name];
    if (Object.keys(names).length === 0) moves.delete(day);
  }
  return moves;
}

export function promiseKind(lead: LeadKind): string {
  return `#promise#${lead.kind}`;
}

/** A due day's item id: split in shards like the counters (by record id). */
export function promiseDayId(lead: LeadKind, day: string, shard: number): string {
  const id = `${promiseKind(lead)}#${day}`;
  return shard === 0 ? id : `${id}#${shard}`;
}

/** Seconds since the epoch at which a due day's item may expire. */
function expiryOf(day: string): number {
  return Math.floor((Date.parse(`${day}T00:00:00.000Z`) + DAY_MS + KEEP_AFTER_DAY_MS) / 1000);
}

/** The updates of a record's due-day items by `moves` (the record's shard): none when nothing moves. */
export function promiseUpdates(
  tableName: string,
  lead: LeadKind,
  recordId: string,
  moves: ReadonlyMap<string, Record<string, number>>,
): TransactItem[] {
  const shard = counterShard(recordId);
  // No `kind`: in no listing or index, like the recount's marker.
  return [...moves].map(([day, add]) => ({
    Update: {
      TableName: tableName,
      Key: { id: promiseDayId(lead, day, shard) },
      ...updateExpression({ add, set: { expiresAt: expiryOf(day) } }),
    },
  }));
}

/** The ids a dashboard request reads: today's due day and the PROMISE_REACH_DAYS after it, every shard. */
export function promiseDayIds(lead: LeadKind, now: Date): string[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: PROMISE_REACH_DAYS + 1 }, (_, i) => dueDay(today + i * DAY_MS)).flatMap((day) =>
    Array.from({ length: COUNTER_SHARDS }, (_, shard) => promiseDayId(lead, day, shard)),
  );
}

/** Leads whose due time is after `now`: New ones (notYetDue) and unanswered ones. */
export interface PromiseSums {
  notYetDue: number;
  unanswered: number;
}

/** Adds what an item counts after `now` (an item of any due day: the earlier times are skipped). */
export function addPromiseItem(sums: PromiseSums, item: Record<string, unknown>, now: Date): void {
  const after = now.getTime();
  for (const [name, value] of Object.entries(item)) {
    const match = /^([su])(\d+)$/.exec(name);
    if (!match || Number(match[2]) <= after) continue;
    if (match[1] === "s") sums.notYetDue += Number(value);
    else sums.unanswered += Number(value);
  }
}

/** The due-day items of records written in bulk (benchmarks, imports), as the writers would leave them. */
export function promiseItemsFor(
  lead: LeadKind,
  records: readonly Record<string, unknown>[],
): { claims: PromiseClaim[]; items: Record<string, unknown>[] } {
  const items = new Map<string, Record<string, unknown>>();
  const claims = records.map((record) => {
    const claim = promiseClaim(record);
    for (const [day, add] of promiseMoves(undefined, claim)) {
      const id = promiseDayId(lead, day, counterShard(String(record.id ?? "")));
      const item = items.get(id) ?? { id, expiresAt: expiryOf(day) };
      for (const [name, count] of Object.entries(add)) item[name] = Number(item[name] ?? 0) + count;
      items.set(id, item);
    }
    return claim;
  });
  return { claims, items: [...items.values()] };
}
