/**
 * Returning prospects (docs/decisions/0075-returning-prospects.md): one lookup item per normalised
 * e-mail address points at the address's open lead, so a second signup or contact message from the
 * same person is linked to that lead instead of starting a second response clock — found with one
 * GetItem, no scan and no new index.
 *
 * The item lives in the audit table beside the timelines: pk "prospect#<sha-256 of the address>",
 * sk "open", { leadKind, leadId, createdAt, expiresAt? }. It is written with the lead, in the
 * submission's transaction and only where none is live (`attribute_not_exists`), so two parallel
 * first submissions make one lead; it is deleted (conditionally on still pointing at the lead) in
 * the transaction that closes or deletes the lead.
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { LeadKindName } from "../../events/desk";
import type { TransactItem } from "../lib/transact";
import { personDigest } from "./person-leads";

/**
 * Two addresses are the same prospect in the identity rule's canonical form
 * (functions/model/identity.ts prospectAddressKey). Plus tags and dots are kept: "rita+work@" and
 * "r.ita@" may be other mailboxes, and a wrong link hides a prospect's request under someone
 * else's lead — worse than a second clock.
 */

export const PROSPECT_SK = "open";

/** The lookup item's key: a hash, so the audit table holds no address and any input fits a key. */
export function prospectKey(email: string): { pk: string; sk: string } {
  return { pk: `prospect#${personDigest(email)}`, sk: PROSPECT_SK };
}

export interface OpenLeadRef {
  readonly kind: LeadKindName;
  readonly id: string;
}

/** What the lookup holds for an address: a live open lead, a stale one (expired), or nothing. */
export type ProspectLookup =
  | { readonly state: "none" }
  | { readonly state: "open"; readonly lead: OpenLeadRef }
  | { readonly state: "stale"; readonly lead: OpenLeadRef };

export async function readProspect(
  db: DynamoDBDocumentClient,
  auditTable: string,
  email: string,
  now: Date,
): Promise<ProspectLookup> {
  const { Item } = await db.send(
    new GetCommand({ TableName: auditTable, Key: prospectKey(email), ConsistentRead: true }),
  );
  if (!Item || typeof Item.leadId !== "string" || (Item.leadKind !== "signup" && Item.leadKind !== "contact"))
    return { state: "none" };
  const lead: OpenLeadRef = { kind: Item.leadKind, id: Item.leadId };
  // The lead's retention period ran out (DynamoDB's TTL removed the record, which no transaction
  // sees): the lookup has the same expiry and counts as absent from then on.
  const expired = typeof Item.expiresAt === "number" && Item.expiresAt * 1000 <= now.getTime();
  return { state: expired ? "stale" : "open", lead };
}

/**
 * Makes `lead` the address's open lead, as one action of the transaction that stores or reopens
 * it: only where no lookup is live (`replacing` = the stale one read), so of two transactions
 * racing for one address exactly one succeeds. Exported for a backfill of records stored before
 * the lookup existed, which adds a ConditionCheck that the lead is still open.
 */
export function claimOpenLead(
  auditTable: string,
  email: string,
  lead: OpenLeadRef & { readonly createdAt: string; readonly expiresAt?: number },
  replacing?: OpenLeadRef,
): TransactItem {
  return {
    Put: {
      TableName: auditTable,
      Item: {
        ...prospectKey(email),
        leadKind: lead.kind,
        leadId: lead.id,
        createdAt: lead.createdAt,
        ...(lead.expiresAt !== undefined ? { expiresAt: lead.expiresAt } : {}),
      },
      ConditionExpression: replacing ? "leadKind = :kind AND leadId = :id" : "attribute_not_exists(pk)",
      ...(replacing ? { ExpressionAttributeValues: { ":kind": replacing.kind, ":id": replacing.id } } : {}),
    },
  };
}

/** The address's lookup, on condition that it points at `lead`. */
function lookupOf(auditTable: string, email: string, lead: OpenLeadRef) {
  return {
    TableName: auditTable,
    Key: prospectKey(email),
    ConditionExpression: "leadKind = :kind AND leadId = :id",
    ExpressionAttributeValues: { ":kind": lead.kind, ":id": lead.id },
  };
}

/** The lookup still points at `lead` when the transaction commits (a submission linking to it). */
export function stillOpenLead(auditTable: string, email: string, lead: OpenLeadRef): TransactItem {
  return { ConditionCheck: lookupOf(auditTable, email, lead) };
}

/** The lead closes or is deleted: its lookup goes, only if it still points at this lead. */
export function releaseOpenLead(auditTable: string, email: string, lead: OpenLeadRef): TransactItem {
  return { Delete: lookupOf(auditTable, email, lead) };
}

/** Whether the lookup read points at this lead (and so must move with its status). */
export function pointsAt(lookup: ProspectLookup, lead: OpenLeadRef): boolean {
  return lookup.state !== "none" && lookup.lead.kind === lead.kind && lookup.lead.id === lead.id;
}
