/**
 * The quarantine's fields as a lead's description says them (events/lead-fields.ts): the spam
 * judge's verdict, the hold and its release (docs/decisions/0150-quarantine-as-spam-status.md).
 */
import { type SpamReason, spamReasonText } from "./spam";

/**
 * The spam judge's verdict on arrival (events/quarantine.ts `StoredSpamCheck`): its reasons and
 * score, or nothing when it found none. Staff read it in the details and the CSV; the person reads
 * it in their export (docs/decisions/0150-quarantine-as-spam-status.md).
 */
function spamCheckText(value: unknown): string | undefined {
  const check = value as { readonly score?: unknown; readonly reasons?: readonly SpamReason[] };
  if (!Array.isArray(check.reasons) || check.reasons.length === 0) return undefined;
  return `${check.reasons.map(spamReasonText).join("; ")} (score ${String(check.score)})`;
}
export const SPAM_CHECK_FIELD = {
  label: "Spam check",
  from: "system",
  read: spamCheckText,
  in: ["details", "csv", "export"],
} as const;
/** Held by the quarantine, or released from it by staff ("Not spam"); absent: never held. */
export const QUARANTINE_FIELD = {
  label: "Quarantine",
  from: "system",
  options: { held: "Held as spam", released: "Released (Not spam)" },
  in: ["details", "csv", "export"],
} as const;
export const RELEASED_AT_FIELD = {
  label: "Released",
  from: "system",
  type: "time",
  in: ["details", "csv", "export"],
} as const;
export const RELEASED_BY_FIELD = { label: "Released by", from: "system", in: ["details", "csv"] } as const;
