/**
 * The acknowledgement quota's items in the ephemeral table (functions/pipeline/notifications.ts
 * takes them; docs/decisions/0052-acknowledgement-emails.md): one per mailbox and UTC day, kept two
 * days. The Privacy page finds and erases an address's items by the same key.
 */
import { createHash } from "node:crypto";
import { mailboxKey } from "../identity";

/** How long a quota item is kept (its TTL), in days. */
export const ACKNOWLEDGEMENT_QUOTA_DAYS = 2;

/**
 * The quota item of a mailbox and day: every spelling that reaches one inbox (case, spaces,
 * `+tags`, Gmail's dots; functions/model/identity.ts mailboxKey) shares it. The address only as a
 * hash (the table keeps no addresses).
 */
export function acknowledgementQuotaKey(recipient: string, now: Date): string {
  const digest = createHash("sha256").update(mailboxKey(recipient)).digest("hex").slice(0, 32);
  return `ack-quota#${digest}#${now.toISOString().slice(0, 10)}`;
}
