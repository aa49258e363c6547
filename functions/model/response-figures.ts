/**
 * The dashboard's response figures kept as they change (docs/decisions/0090-maintained-response-figures.md):
 * per lead kind and UTC arrival day, items that count the leads judged by the promise and the
 * answered ones — within the promise, late, and a histogram of their clock time to the first reply.
 *
 * Each record names what it is counted as (its `figures` claim, below). Every writer that changes
 * what the claim depends on (status Spam or not, due time, first reply) moves the day item from the
 * record's stored claim to its new one with ADD, in the same transaction as the record, guarded by
 * the claim read: the day items are always the sum of the claims, whatever runs in parallel. A
 * record without a claim (stored before this) is counted nowhere until the recount
 * (functions/leads/figures-recount.ts) or its next change counts it — never twice.
 *
 * What the clock decides (a lead inside its promise becomes late by time passing, not by a write) is
 * kept by due time (./promise-figures.ts): the same writers move both in the same transaction.
 */
import type { TransactItem } from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { bucketExpiry, counterShard } from "./lead-index";
import type { LeadKind } from "./lead-kinds";
import {
  PROMISE_CLAIM,
  type PromiseClaim,
  promiseClaim,
  promiseMoves,
  promiseUpdates,
} from "./promise-figures";
import { bucketValueMs, replyBucket } from "./reply-buckets";
import { type BusinessCalendar, clockTimeBetween } from "./response-clock";
import {
  REACHED,
  reachedOf,
  SOURCE_CLAIM,
  type SourceClaim,
  sourceClaim,
  sourceMoves,
  sourceUpdates,
} from "./source-figures";

/** The record's attribute naming what it is counted as in its day's figures. */
export const FIGURES_CLAIM = "figures";

/**
 * A claim: "-" counted nowhere (Spam, or no reply-due time: a linked submission); "a" an arrival not
 * answered yet; "w<bucket>" / "l<bucket>" answered within the promise / late, its reply time in
 * histogram bucket <bucket> (below).
 */
export type FigureClaim = string;

/** The claim a record has as stored now (the same rule as the recount from records). */
export function figureClaim(record: Record<string, unknown>, calendar: BusinessCalendar): FigureClaim {
  if (record.status === "spam" || typeof record.dueAt !== "string" || typeof record.createdAt !== "string")
    return "-";
  if (typeof record.respondedAt !== "string") return "a";
  // A lead held by the quarantine starts its clock when staff release it (docs/decisions/0150).
  const created = Date.parse(typeof record.releasedAt === "string" ? record.releasedAt : record.createdAt);
  const responded = Date.parse(record.respondedAt);
  const bucket = replyBucket(clockTimeBetween(calendar, created, responded));
  return `${responded <= Date.parse(record.dueAt) ? "w" : "l"}${bucket}`;
}

/** The day item's attributes one claim counts: n (judged once due or answered), w, l, r<bucket>. */
function claimCounts(claim: FigureClaim | undefined): Record<string, number> {
  if (claim === undefined || claim === "-" || claim === "") return {};
  if (claim === "a") return { n: 1 };
  const within = claim.startsWith("w");
  return { n: 1, [within ? "w" : "l"]: 1, [`r${Number(claim.slice(1))}`]: 1 };
}

/** How the day item moves when a record's claim goes from `from` (undefined: counted nowhere) to `to`. */
export function claimMoves(
  from: FigureClaim | undefined,
  to: FigureClaim | undefined,
): Record<string, number> {
  const moves: Record<string, number> = {};
  for (const [name, count] of Object.entries(claimCounts(from))) moves[name] = (moves[name] ?? 0) - count;
  for (const [name, count] of Object.entries(claimCounts(to))) moves[name] = (moves[name] ?? 0) + count;
  for (const name of Object.keys(moves)) if (moves[name] === 0) delete moves[name];
  return moves;
}

export function figuresKind(lead: LeadKind): string {
  return `#figures#${lead.kind}`;
}

/** The UTC day ("YYYY-MM-DD") a record arrived on. */
export function arrivalDay(createdAt: string): string {
  return createdAt.slice(0, 10);
}

/** A day item's id: split in shards like the counters (by record id), so submissions rarely collide. */
export function figuresDayId(lead: LeadKind, day: string, shard: number): string {
  const id = `${figuresKind(lead)}#${day}`;
  return shard === 0 ? id : `${id}#${shard}`;
}

/** The update of a record's day item by `moves` (the record's shard); undefined when nothing moves. */
export function figuresUpdate(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string },
  moves: Record<string, number>,
): TransactItem | undefined {
  if (Object.keys(moves).length === 0) return undefined;
  const day = arrivalDay(record.createdAt);
  const expiry = bucketExpiry(record, "day");
  const expiresAt = expiry === undefined ? {} : { expiresAt: expiry };
  return {
    Update: {
      TableName: tableName,
      Key: { id: figuresDayId(lead, day, counterShard(String(record.id ?? ""))) },
      // kind + createdAt: in the byCreatedAt index like the counters; expires with its records.
      ...updateExpression({
        add: moves,
        set: { kind: figuresKind(lead), createdAt: `${day}T00:00:00.000Z`, ...expiresAt },
      }),
    },
  };
}

/**
 * What a write that turns `before` into `after` does to the figures: the claims to store on the
 * record (its day's, and its due day's: ./promise-figures.ts), the condition that both are still the
 * ones read (a parallel recount or change makes the write read again), and the items' updates (none
 * when the claims stay).
 */
export function figuresChange(
  tableName: string,
  lead: LeadKind,
  before: Record<string, unknown> & { createdAt: string },
  after: Record<string, unknown>,
  calendar: BusinessCalendar,
): {
  readonly claim: FigureClaim;
  readonly promise: PromiseClaim;
  readonly sources: SourceClaim;
  /** The record's attributes to set: the three claims, and the statuses ever reached. */
  readonly set: Record<string, string>;
  readonly condition: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
  readonly actions: TransactItem[];
} {
  const stored = storedClaims(before);
  // A status once reached stays reached (./source-figures.ts): before's join after's.
  const ever = [...new Set([...reachedOf(before), ...reachedOf(after)])].join(" ");
  const next = { ...after, createdAt: before.createdAt, ...(ever === "" ? {} : { [REACHED]: ever }) };
  const claim = figureClaim(next, calendar);
  const promise = promiseClaim(next);
  // The Sources report's claim, and the statuses it counts as reached (./source-figures.ts).
  const sources = sourceClaim(next, calendar);
  const action = figuresUpdate(tableName, lead, before, claimMoves(stored.claim, claim));
  const id = String(before.id ?? "");
  return {
    claim,
    promise,
    sources,
    set: {
      [FIGURES_CLAIM]: claim,
      [PROMISE_CLAIM]: promise,
      [SOURCE_CLAIM]: sources,
      ...(ever === "" ? {} : { [REACHED]: ever }),
    },
    ...claimsCondition(stored),
    actions: [
      ...(action ? [action] : []),
      ...promiseUpdates(tableName, lead, id, promiseMoves(stored.promise, promise)),
      ...sourceUpdates(tableName, lead, id, sourceMoves(stored.sources, sources)),
    ],
  };
}

/** The claims a record holds as read (undefined: counted nowhere yet). */
export function storedClaims(record: Record<string, unknown>): {
  claim?: FigureClaim;
  promise?: PromiseClaim;
  sources?: SourceClaim;
} {
  const text = (name: string) => (typeof record[name] === "string" ? (record[name] as string) : undefined);
  const claim = text(FIGURES_CLAIM);
  const promise = text(PROMISE_CLAIM);
  const sources = text(SOURCE_CLAIM);
  return {
    ...(claim === undefined ? {} : { claim }),
    ...(promise === undefined ? {} : { promise }),
    ...(sources === undefined ? {} : { sources }),
  };
}

/** The condition that a record's claims are still those read, with its names (#figures, #promise) and values. */
export function claimsCondition(stored: {
  claim?: FigureClaim;
  promise?: PromiseClaim;
  sources?: SourceClaim;
}): {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  return {
    condition: [
      stored.claim === undefined ? "attribute_not_exists(#figures)" : "#figures = :figures",
      stored.promise === undefined ? "attribute_not_exists(#promise)" : "#promise = :promise",
      stored.sources === undefined ? "attribute_not_exists(#sources)" : "#sources = :sources",
    ].join(" AND "),
    names: { "#figures": FIGURES_CLAIM, "#promise": PROMISE_CLAIM, "#sources": SOURCE_CLAIM },
    values: {
      ...(stored.claim === undefined ? {} : { ":figures": stored.claim }),
      ...(stored.promise === undefined ? {} : { ":promise": stored.promise }),
      ...(stored.sources === undefined ? {} : { ":sources": stored.sources }),
    },
  };
}

/** What removing a record does to the figures: the updates that take both its claims away. */
export function figuresRemoval(
  tableName: string,
  lead: LeadKind,
  record: Record<string, unknown> & { createdAt: string },
): TransactItem[] {
  const stored = storedClaims(record);
  const action = figuresUpdate(tableName, lead, record, claimMoves(stored.claim, undefined));
  const id = String(record.id ?? "");
  return [
    ...(action ? [action] : []),
    ...promiseUpdates(tableName, lead, id, promiseMoves(stored.promise, undefined)),
    ...sourceUpdates(tableName, lead, id, sourceMoves(stored.sources, undefined)),
  ];
}

/**
 * The figures of records written in bulk (benchmarks, imports), exactly as the per-record updates
 * would leave them: each record with its claim, and the day items.
 */
export function figuresItemsFor(
  lead: LeadKind,
  records: readonly Record<string, unknown>[],
  calendar: BusinessCalendar,
): { claims: FigureClaim[]; items: Record<string, unknown>[] } {
  const items = new Map<string, Record<string, unknown>>();
  const claims = records.map((record) => {
    const claim = figureClaim(record, calendar);
    const day = arrivalDay(String(record.createdAt));
    const id = figuresDayId(lead, day, counterShard(String(record.id ?? "")));
    const item = items.get(id) ?? { id, kind: figuresKind(lead), createdAt: `${day}T00:00:00.000Z` };
    for (const [name, count] of Object.entries(claimCounts(claim)))
      item[name] = Number(item[name] ?? 0) + count;
    items.set(id, item);
    return claim;
  });
  return { claims, items: [...items.values()] };
}

/**
 * The item the recount puts in a lead table once every record of the window has both its claims:
 * from then on the dashboard reads the day and due-day items (functions/leads/desk-stats.ts). No
 * `kind`: in no listing. "#2": the marker of the recount that also counts the due days
 * (docs/decisions/0102); a table marked only by the earlier recount ("#figures#ready") is read
 * record by record until this one has run.
 */
export const FIGURES_READY_ID = "#figures#ready#2";

/** The sums of day items: judged (n), within (w), late (l) and the reply-time histogram. */
export interface FigureSums {
  n: number;
  w: number;
  l: number;
  readonly histogram: Map<number, number>;
}

export function emptySums(): FigureSums {
  return { n: 0, w: 0, l: 0, histogram: new Map() };
}

export function addDayItem(sums: FigureSums, item: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(item)) {
    const count = Number(value);
    if (name === "n" || name === "w" || name === "l") sums[name] += count;
    else if (/^r\d+$/.test(name) && count !== 0) {
      const bucket = Number(name.slice(1));
      sums.histogram.set(bucket, (sums.histogram.get(bucket) ?? 0) + count);
    }
  }
}

/**
 * The median of the histogram's reply times (each bucket standing for its middle, or for what
 * `valueAt` says: the Sources report's steps, ./source-figures.ts); null when empty.
 */
export function histogramMedian(
  histogram: ReadonlyMap<number, number>,
  valueAt: (bucket: number) => number = bucketValueMs,
): number | null {
  const buckets = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const at = (position: number): number => {
    let seen = 0;
    for (const [bucket, count] of buckets) {
      seen += count;
      if (position < seen) return valueAt(bucket);
    }
    return valueAt((buckets[buckets.length - 1] as [number, number])[0]);
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}
