/**
 * The Privacy page's download of the holdings of one address (./find.ts, events/privacy.ts
 * PrivacyExport). It carries every item as stored, without the attributes that only key, index or
 * count it, and never a secret: no password hash, TOTP secret, passkey public key or counter, reply
 * claim token. Loaded on an export request only (docs/decisions/0078-bundle-headroom.md).
 */
import type { LeadFields } from "../../events/lead-fields";
import { valuesIn } from "../../events/lead-places";
import type { PrivacyExport } from "../../events/privacy";
import type { Holdings } from "./find";

type Item = Record<string, unknown>;

/** Attributes that are keys, index entries, counters or leases, not what the person gave or was told. */
const MACHINERY = new Set([
  "pk",
  "sk",
  "searchName",
  "searchLast",
  "searchEmail",
  "searchDomain",
  "deskKey",
  "ownerKey",
  "ownerCount",
  "deskVersion",
  "token",
  "leaseUntil",
  "replyClaim",
  "ticket",
  "dueKey",
  "identities",
  "secretHash",
]);

function plain(item: Item): Item {
  return Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => !MACHINERY.has(name))
      .map(([name, value]) => [name, value instanceof Set ? [...value] : value]),
  );
}

/**
 * A lead as exported: each field its description places in the export (events/lead-fields.ts:
 * every field the person gave, and what was derived from it) that holds a value, in its order, then
 * what the desk and the pipeline added, without machinery. A described field left out of "export"
 * is left out here.
 */
export function leadExport(lead: LeadFields, item: Item): Item {
  const rest = Object.fromEntries(Object.entries(item).filter(([name]) => !(name in lead)));
  return { ...valuesIn(lead, "export", item), ...plain(rest) };
}

function staffExport(holdings: Holdings): PrivacyExport["staff"] {
  const user = holdings.staff?.user;
  if (!user) return undefined;
  const { passwordHash: _hash, totpSecret, passkeys, sessions, undoLinks: _links, ...account } = user;
  return {
    account: plain(account as Item),
    sessions: Object.entries(sessions ?? {}).map(([id, session]) => ({ id, ...session })),
    passkeys: (passkeys ?? []).map(({ publicKey: _key, counter: _counter, ...passkey }) => ({ ...passkey })),
    secondFactor: totpSecret !== undefined,
  };
}

export function exportOf(holdings: Holdings, email: string, now: Date): PrivacyExport {
  const staff = staffExport(holdings);
  return {
    format: "repdesk-privacy-export",
    version: 1,
    exportedAt: now.toISOString(),
    email,
    signups: holdings.leads
      .filter((found) => found.lead.kind === "signup")
      .map((found) => leadExport(found.lead.fields, found.item)),
    contacts: holdings.leads
      .filter((found) => found.lead.kind === "contact")
      .map((found) => leadExport(found.lead.fields, found.item)),
    deletedLeads: holdings.formerLeads.map((former) => ({
      kind: former.lead.kind,
      id: former.id,
      createdAt: former.createdAt,
    })),
    timelines: [
      ...holdings.leads.map((found) => ({
        kind: found.lead.kind,
        leadId: found.item.id,
        entries: found.timeline.map((entry) => ({ id: entry.sk, ...plain(entry) })),
      })),
      ...holdings.formerLeads.map((former) => ({
        kind: former.lead.kind,
        leadId: former.id,
        deleted: true,
        entries: former.timeline.map((entry) => ({ id: entry.sk, ...plain(entry) })),
      })),
    ],
    prospectLookups: holdings.prospectLookups.map(plain),
    acknowledgementQuotas: holdings.quotas.map((quota) => ({
      day: String(quota.pk).slice(-10),
      ...plain(quota),
    })),
    pendingEvents: holdings.pendingEvents.map(plain),
    webhookDeliveries: holdings.webhookDeliveries.map(plain),
    invitations: holdings.invitations.filter((item) => typeof item.email === "string").map(plain),
    ...(staff ? { staff } : {}),
    auditEntries: holdings.auditEntries.map(plain),
    partial: holdings.partial,
  };
}
