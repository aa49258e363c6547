/**
 * A quarantined lead as stored (docs/decisions/0150-quarantine-as-spam-status.md): status "spam",
 * `quarantine` "held", no reply-due time, out of the counters' totals (`uncounted`, see
 * ./lead-index.ts), and deleted QUARANTINE_DAYS after it arrived. Its counters and figures keep the
 * stage's retention period (`keptUntil`): a bucket expires with the last record it can count
 * (./lead-index.ts bucketExpiry), and a held lead that is released is kept that long.
 */
import { createHash } from "node:crypto";
import { QUARANTINE_DAYS } from "../../events/quarantine";
import { leadExpiry } from "./retention";

export const HELD = "held";
export const RELEASED = "released";

/** The record's attribute holding the stage's expiry while the lead is held (absent: kept). */
export const KEPT_UNTIL = "keptUntil";

export function isHeld(record: Readonly<Record<string, unknown>>): boolean {
  return record.quarantine === HELD;
}

/**
 * The id of the event a release publishes: the lead's own, the same for every attempt of every
 * request to release it (docs/decisions/0151-release-exactly-once.md). A lead is held once and
 * released at most once, so this is unique per event; and whatever reaches the queues twice — a
 * redelivery, or the event of an attempt that did not commit — is the same event to every consumer
 * (the e-mails' claims, the webhook deliveries and Slack's go by the event id). A UUID in form,
 * like every other event id.
 */
export function releaseEventId(kind: string, id: string): string {
  const hex = createHash("sha256").update(`release\n${kind}\n${id}`).digest("hex");
  // Version 8 (custom), RFC 9562 variant.
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
