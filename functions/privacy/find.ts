/**
 * Everything held about one e-mail address (docs/decisions/0095-privacy-requests.md), read by key
 * or index, matched by the identity rule (functions/model/identity.ts):
 * - signups and contact messages: the lead tables' bySearchEmail index, whose key is the address's
 *   canonical form (functions/model/lead-index.ts searchKey), then each record, kept only when
 *   `sameAddress` says so; linked submissions share the address and are found the same way;
 * - each found lead's timeline (status changes, notes, replies, e-mails sent, links) by its key,
 *   and the claim item of each reply it records (`replyClaim`);
 * - the leads that no longer exist (deleted from the Command Center, or past the retention
 *   period) through the person pointers every submission leaves (functions/model/person-leads.ts):
 *   their timelines, reply claims and deliveries, found as a live lead's are
 *   (docs/decisions/0119-personal-data-map.md);
 * - the returning-prospect lookup and the acknowledgement quotas, by their keys (hashes);
 * - events not yet relayed (the outbox: a bounded scan of a table the relay keeps near empty);
 * - a staff account with that address (its username or its address claim): sessions, passkeys'
 *   names and dates, whether a second factor is set (never a secret), and audit entries by or about
 *   it, read month by month back to the account's creation, at most AUDIT_READ_LIMIT items.
 */

import { type DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { PrivacyCategory } from "../../events/privacy";
import type { Clock } from "../lib/clock";
import { getByIds } from "../lib/get-by-ids";
import { queryAll } from "../lib/query-all";
import { DELIVERIES_BY_LEAD, deliveryLeadRef } from "../model/delivery-lead";
import { erasedAt, keyedReference } from "../model/erasure";
import { canonicalForm, sameAddress, sameIdentity, staffKey } from "../model/identity";
import { searchAddressKey } from "../model/lead-index";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../model/lead-kinds";
import {
  ACKNOWLEDGEMENT_QUOTA_DAYS,
  acknowledgementQuotaKey,
  quotaTakenBy,
} from "../model/mail/acknowledgement-quota";
import { eventOfOutboxItem } from "../model/outbox";
import { personLeads } from "../model/person-leads";
import { prospectKey } from "../model/prospects";
import { addressClaimKey } from "../model/staff/address-claims";
import { liveSessions } from "../model/staff/sessions";
import type { StaffUser } from "../model/staff/users";
import { SEARCH_INDEXES } from "../model/tables";
import { timelinePk } from "../model/timeline";
import { invitationsOf } from "./invitations";

export interface PrivacyTables {
  readonly signups: string;
  readonly contacts: string;
  readonly audit: string;
  readonly ephemeral: string;
  readonly outbox: string;
  readonly users: string;
  readonly authState: string;
  /** Outbound webhook deliveries (functions/integrations): their payloads carry the lead's data. */
  readonly deliveries: string;
  /** Invitations to the staff team, and the address locks beside them (./invitations.ts). */
  readonly invitations: string;
}

export interface PrivacyDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: PrivacyTables;
  readonly clock: Clock;
  /** The stage's erasure key (functions/model/erasure.ts). */
  readonly key: Buffer;
}

type Item = Record<string, unknown>;

export interface FoundLead {
  readonly lead: LeadKind;
  readonly item: Item & { id: string; createdAt: string };
  /** Its timeline's items, and the claim items of the replies on it. */
  readonly timeline: Item[];
  readonly replyClaims: Item[];
}

/** A lead of the address that no longer exists: what was derived from it may still be held. */
export interface FormerLead {
  readonly lead: LeadKind;
  readonly id: string;
  readonly createdAt: string;
  readonly timeline: Item[];
  readonly replyClaims: Item[];
}

/** A lead by kind and id, live or former: what its timeline, claims and deliveries are keyed by. */
export interface LeadRef {
  readonly lead: LeadKind;
  readonly id: string;
}

export interface Holdings {
  readonly reference: string;
  readonly leads: FoundLead[];
  /** The address's leads that are gone, found through their person pointers. */
  readonly formerLeads: FormerLead[];
  /** The person pointers themselves (no address: a hash and ids). */
  readonly personPointers: Item[];
  readonly prospectLookups: Item[];
  readonly quotas: Item[];
  readonly pendingEvents: Item[];
  /** Webhook deliveries whose payload is about one of the leads (with the receiver's answer). */
  readonly webhookDeliveries: Item[];
  /** Invitations to the team of this address, and its lock. */
  readonly invitations: Item[];
  readonly staff?: { readonly user: StaffUser; readonly claimed: boolean };
  readonly auditEntries: Item[];
  readonly partial: PrivacyCategory[];
  readonly erasedAt?: string;
}

/** Most records of one kind read for one address (a shared test address may have many). */
export const LEAD_LIMIT = 500;
/** Outbox items read at most (the relay keeps the table near empty; dead items wait there). */
export const OUTBOX_READ_LIMIT = 2_000;
/** Audit items read at most for one staff member (months back to their account's creation). */
export const AUDIT_READ_LIMIT = 5_000;
const AUDIT_MONTHS_LIMIT = 36;

const SEARCH_EMAIL_INDEX = SEARCH_INDEXES.find((index) => index.attribute === "searchEmail")?.indexName ?? "";

function leadTable(deps: PrivacyDeps, lead: LeadKind): string {
  return lead.table === "signups" ? deps.tables.signups : deps.tables.contacts;
}

async function leadsOf(deps: PrivacyDeps, lead: LeadKind, email: string): Promise<[FoundLead[], boolean]> {
  const table = leadTable(deps, lead);
  const ids: string[] = [];
  let start: Item | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: table,
        IndexName: SEARCH_EMAIL_INDEX,
        KeyConditionExpression: "kind = :kind AND searchEmail = :email",
        ExpressionAttributeValues: { ":kind": lead.kind, ":email": searchAddressKey(email) },
        ProjectionExpression: "id",
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.id));
    start = page.LastEvaluatedKey;
  } while (start && ids.length < LEAD_LIMIT);
  const records = await getByIds(deps.db, table, ids.slice(0, LEAD_LIMIT));
  const found: FoundLead[] = [];
  for (const item of records.values()) {
    if (typeof item.email !== "string" || !sameAddress(item.email, email)) continue;
    if (item.kind !== lead.kind || typeof item.createdAt !== "string") continue;
    const timeline = await timelineOf(deps, lead, String(item.id));
    found.push({ lead, item: item as FoundLead["item"], ...timeline });
  }
  return [found, start !== undefined || ids.length > LEAD_LIMIT];
}

/** A lead's timeline items as stored, and the claim items of its replies. */
export async function timelineOf(
  deps: PrivacyDeps,
  lead: LeadKind,
  id: string,
): Promise<{ timeline: Item[]; replyClaims: Item[] }> {
  const timeline = await queryAll(deps.db, {
    TableName: deps.tables.audit,
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": timelinePk(lead.kind, id) },
  });
  // The claims are independent items: read them together, not one round trip after another.
  const claims = await Promise.all(
    timeline
      .map((entry) => entry.replyClaim)
      .filter((claim): claim is string => typeof claim === "string")
      .map((claim) => getItem(deps.db, deps.tables.audit, { pk: claim, sk: "claim" })),
  );
  const replyClaims = claims.filter((claim): claim is Item => claim !== undefined);
  return { timeline, replyClaims };
}

async function getItem(db: DynamoDBDocumentClient, table: string, key: Item): Promise<Item | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return Item;
}

/**
 * The quota items of the days a live one can belong to (each is kept ACKNOWLEDGEMENT_QUOTA_DAYS)
 * that this address took from: an item is per inbox (a `+tag` shares it), the request per address.
 */
async function quotasOf(deps: PrivacyDeps, email: string): Promise<Item[]> {
  const now = deps.clock().getTime();
  const keys = Array.from({ length: ACKNOWLEDGEMENT_QUOTA_DAYS + 1 }, (_, days) =>
    acknowledgementQuotaKey(email, new Date(now - days * 86_400_000)),
  );
  const items = await Promise.all(keys.map((pk) => getItem(deps.db, deps.tables.ephemeral, { pk })));
  return items.filter((item): item is Item => item !== undefined && quotaTakenBy(item, email));
}

/** Whether an outbox item's event carries the address or names one of the leads. */
function carries(item: Item, email: string, leadIds: ReadonlySet<string>): boolean {
  try {
    const event = eventOfOutboxItem(item);
    if (event.type === "signup.created" || event.type === "contact.received")
      return sameAddress(event.data.email, email) || leadIds.has(event.data.id);
    if (event.type === "staff.account-locked") return sameIdentity(event.data.email ?? "", email);
    if (event.type === "desk.reminder") return leadIds.has(event.data.lead.id);
    return false;
  } catch {
    // Unreadable (set aside as dead by the relay): matched on its text.
    return canonicalForm(JSON.stringify(item)).includes(canonicalForm(email));
  }
}

async function pendingEventsOf(deps: PrivacyDeps, email: string, leadIds: ReadonlySet<string>) {
  const matched: Item[] = [];
  let read = 0;
  let start: Item | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables.outbox, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) if (carries(item, email, leadIds)) matched.push(item);
    read += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start && read < OUTBOX_READ_LIMIT);
  return { matched, partial: start !== undefined };
}

/** Deliveries kept for one lead at most (DELIVERY_RETENTION_DAYS of events times endpoints). */
export const DELIVERY_READ_LIMIT = 2_000;

/** Every lead of the holdings, live and former, by kind and id. */
export function leadRefsOf(holdings: Pick<Holdings, "leads" | "formerLeads">): LeadRef[] {
  return [
    ...holdings.leads.map((found) => ({ lead: found.lead, id: found.item.id })),
    ...holdings.formerLeads.map((former) => ({ lead: former.lead, id: former.id })),
  ];
}

/** The webhook deliveries of the leads, by the deliveries' byLead index, then each item. */
export async function deliveriesOf(deps: PrivacyDeps, leads: readonly LeadRef[]) {
  const ids: string[] = [];
  let partial = false;
  for (const found of leads) {
    const keys = await queryAll(deps.db, {
      TableName: deps.tables.deliveries,
      IndexName: DELIVERIES_BY_LEAD,
      KeyConditionExpression: "leadRef = :lead",
      ExpressionAttributeValues: { ":lead": deliveryLeadRef(found.lead.kind, found.id) },
    });
    for (const key of keys) if (ids.length < DELIVERY_READ_LIMIT) ids.push(String(key.id));
    if (ids.length >= DELIVERY_READ_LIMIT) partial = true;
  }
  const items = await getByIds(deps.db, deps.tables.deliveries, ids);
  return { items: [...items.values()], partial };
}

async function staffOf(deps: PrivacyDeps, email: string): Promise<Holdings["staff"]> {
  const direct = (await getItem(deps.db, deps.tables.users, { username: staffKey(email) })) as
    | StaffUser
    | undefined;
  const claim = await getItem(deps.db, deps.tables.authState, addressClaimKey(email));
  const holder =
    typeof claim?.username === "string"
      ? ((await getItem(deps.db, deps.tables.users, { username: claim.username })) as StaffUser | undefined)
      : undefined;
  const user = [holder, direct].find(
    (candidate) =>
      candidate &&
      (sameIdentity(candidate.username, email) || (candidate.email && sameIdentity(candidate.email, email))),
  );
  if (!user) return undefined;
  // Sessions that ended (signed out, revoked, past their lifetime) are no sessions any more.
  const sessions = await liveSessions(deps, user.sessions ?? {}, deps.clock());
  return { user: { ...user, sessions }, claimed: claim !== undefined };
}

/** Audit entries by or about a staff member, newest month first, back to their account's creation. */
async function auditOf(deps: PrivacyDeps, username: string, since: string) {
  const entries: Item[] = [];
  let read = 0;
  const now = deps.clock();
  const first = Date.parse(since) || now.getTime();
  for (let back = 0; back < AUDIT_MONTHS_LIMIT; back++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    if (month.getTime() < Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth(), 1)) break;
    let start: Item | undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: deps.tables.audit,
          KeyConditionExpression: "pk = :pk",
          FilterExpression: "actor = :user OR #target = :user",
          ExpressionAttributeNames: { "#target": "target" },
          ExpressionAttributeValues: { ":pk": `audit#${month.toISOString().slice(0, 7)}`, ":user": username },
          ExclusiveStartKey: start,
        }),
      );
      entries.push(...(page.Items ?? []));
      read += page.ScannedCount ?? 0;
      start = page.LastEvaluatedKey;
      if (read >= AUDIT_READ_LIMIT) return { entries, partial: true };
    } while (start);
  }
  return { entries, partial: false };
}

const KINDS: Readonly<Record<string, LeadKind>> = { signup: SIGNUP_KIND, contact: CONTACT_KIND };

/** The address's leads that no longer exist, from its person pointers, with their timelines. */
async function formerLeadsOf(deps: PrivacyDeps, pointers: readonly Item[], live: readonly FoundLead[]) {
  const alive = new Set(live.map((found) => `${found.lead.kind}#${found.item.id}`));
  const former: FormerLead[] = [];
  for (const pointer of pointers) {
    const lead = KINDS[String(pointer.leadKind)];
    const id = String(pointer.leadId);
    if (!lead || alive.has(`${lead.kind}#${id}`)) continue;
    // A pointer whose record still exists under another address is not this person's lead.
    const { Item: record } = await deps.db.send(
      new GetCommand({
        TableName: leadTable(deps, lead),
        Key: { id },
        ConsistentRead: true,
        ProjectionExpression: "id",
      }),
    );
    if (record) continue;
    former.push({
      lead,
      id,
      createdAt: String(pointer.createdAt ?? ""),
      ...(await timelineOf(deps, lead, id)),
    });
  }
  return former;
}

export async function findHoldings(deps: PrivacyDeps, email: string): Promise<Holdings> {
  const partial: PrivacyCategory[] = [];
  const [[signups, moreSignups], [contacts, moreContacts], personPointers] = await Promise.all([
    leadsOf(deps, SIGNUP_KIND, email),
    leadsOf(deps, CONTACT_KIND, email),
    personLeads(deps.db, deps.tables.audit, email),
  ]);
  if (moreSignups) partial.push("signupRecords");
  if (moreContacts) partial.push("contactMessages");
  const leads = [...signups, ...contacts];
  const formerLeads = await formerLeadsOf(deps, personPointers, leads);
  const leadIds = new Set([
    ...leads.map((found) => found.item.id),
    ...formerLeads.map((former) => former.id),
  ]);
  const reference = keyedReference(deps.key, email);
  const [lookup, quotas, pending, staff, erased, deliveries, invitations] = await Promise.all([
    getItem(deps.db, deps.tables.audit, prospectKey(email)),
    quotasOf(deps, email),
    pendingEventsOf(deps, email, leadIds),
    staffOf(deps, email),
    erasedAt(deps.db, deps.tables.audit, reference),
    deliveriesOf(deps, leadRefsOf({ leads, formerLeads })),
    invitationsOf(deps.db, deps.tables.invitations, email),
  ]);
  if (invitations.partial) partial.push("staffInvitations");
  if (pending.partial) partial.push("pendingEvents");
  if (deliveries.partial) partial.push("webhookDeliveries");
  const audit = staff ? await auditOf(deps, staff.user.username, staff.user.createdAt) : undefined;
  if (audit?.partial) partial.push("auditEntries");
  return {
    reference,
    leads,
    formerLeads,
    personPointers,
    prospectLookups: lookup ? [lookup] : [],
    quotas,
    pendingEvents: pending.matched,
    webhookDeliveries: deliveries.items,
    invitations: invitations.items,
    ...(staff ? { staff } : {}),
    auditEntries: audit?.entries ?? [],
    partial,
    ...(erased ? { erasedAt: erased } : {}),
  };
}
