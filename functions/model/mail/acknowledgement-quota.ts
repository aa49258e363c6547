/**
 * The acknowledgement quota's items in the ephemeral table (functions/pipeline/notifications.ts
 * takes them; docs/decisions/0052-acknowledgement-emails.md): one per mailbox and UTC day, kept two
 * days. Each item also holds, as hashes, the addresses that took from it (`identities`): the
 * Privacy page finds and erases an address's items by the same key, but only those its address
 * took from, by the identity rule (functions/model/identity.ts sameAddress) — `victim+x@` never
 * reaches `victim@`'s item, though both count against one inbox.
 */
import { createHash } from "node:crypto";
import { mailboxKey } from "../identity";
import { personDigest } from "../person-leads";

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

/** How a quota item names an address that took from it: the hash of its canonical form. */
export function quotaIdentity(recipient: string): string {
  return personDigest(recipient);
}

/** Whether the address (by the identity rule) took from this quota item. */
export function quotaTakenBy(item: Record<string, unknown>, recipient: string): boolean {
  const identities = item.identities;
  return identities instanceof Set && identities.has(quotaIdentity(recipient));
}
