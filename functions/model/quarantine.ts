/**
 * A quarantined lead as stored (docs/decisions/0150-quarantine-as-spam-status.md): status "spam",
 * `quarantine` "held", no reply-due time, out of the counters' totals (`uncounted`, see
 * ./lead-index.ts), and deleted QUARANTINE_DAYS after it arrived. Its counters and figures keep the
 * stage's retention period (`keptUntil`): a bucket expires with the last record it can count
 * (./lead-index.ts bucketExpiry), and a held lead that is released is kept that long.
 */
import { QUARANTINE_DAYS } from "../../events/quarantine";
import { leadExpiry } from "./retention";

export const HELD = "held";
export const RELEASED = "released";

/** The record's attribute holding the stage's expiry while the lead is held (absent: kept). */
export const KEPT_UNTIL = "keptUntil";

export function isHeld(record: Readonly<Record<string, unknown>>): boolean {
  return record.quarantine === HELD;
}

/** When a lead that arrived at `createdAt` and is held is deleted (epoch seconds). */
export function quarantineExpiry(createdAt: string): number {
  return leadExpiry(createdAt, QUARANTINE_DAYS) as number;
}

/**
 * The expiry its counters and figures go by: the stage's retention period, held or not (a held
 * lead's own `expiresAt` is the quarantine's, earlier than the buckets it shares with others).
 */
export function countedExpiry(record: Readonly<Record<string, unknown>>): number | undefined {
  const kept = isHeld(record) ? record[KEPT_UNTIL] : record.expiresAt;
  return typeof kept === "number" ? kept : undefined;
}

/**
 * A lead marked Spam (held by the quarantine, or set by staff) is out of the totals: the `n` of its
 * day and hour counters and its facet counts (the lists, "N of M", the dashboard's counts), and
 * counted only in `s_spam` (the Spam list). The record says so (`uncounted`), so a change or a
 * delete moves exactly what it is counted in; a Spam lead stored before this is still counted in
 * `n` and stays so until its next change (docs/decisions/0150-quarantine-as-spam-status.md).
 */
export const UNCOUNTED = "uncounted";

export function isUncounted(record: Readonly<Record<string, unknown>>): boolean {
  return record[UNCOUNTED] === true;
}

/** Whether a record with this status belongs out of the totals. */
export function uncountedStatus(status: unknown): boolean {
  return status === "spam";
}

/** The record's `uncounted` marker after `moves`: set when it leaves the totals, removed when back. */
export function uncountedChange(moves: Readonly<Record<string, number>>): {
  set: Record<string, true>;
  remove: string[];
} {
  if (moves.n === -1) return { set: { [UNCOUNTED]: true }, remove: [] };
  if (moves.n === 1) return { set: {}, remove: [UNCOUNTED] };
  return { set: {}, remove: [] };
}
