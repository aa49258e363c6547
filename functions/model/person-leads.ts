/**
 * The person pointers (docs/decisions/0119-personal-data-map.md): one item per lead, written with
 * it, that names the lead under a key computed from its address, and outlives it. A privacy
 * request reads them by the address's key, so it reaches what was derived from a lead that no
 * longer exists (deleted from the Command Center, or removed by the retention period) — its
 * timeline, its replies' claims, its webhook and Slack deliveries — just as for a live one.
 *
 * The item lives in the audit table beside the returning-prospect lookup, keyed the same way
 * (a hash of the identity rule's canonical form; functions/model/identity.ts): pk
 * "person#<sha-256>", sk "<kind>#<id>", { leadKind, leadId, createdAt, expiresAt? }. No address,
 * no name. It expires DELIVERY_RETENTION_DAYS after its lead (the longest anything derived from a
 * lead outlives it: a delivery made on the lead's last day); a stage that keeps leads keeps it.
 * Nothing but an erasure deletes it: a lead's deletion keeps it on purpose.
 */
import { createHash } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DELIVERY_RETENTION_DAYS } from "../../events/webhooks";
import { queryAll } from "../lib/query-all";
import type { TransactItem } from "../lib/transact";
import { prospectAddressKey } from "./identity";

/** The hash of an address's canonical form that keys what the audit table holds per person. */
export function personDigest(email: string): string {
  return createHash("sha256").update(prospectAddressKey(email)).digest("hex");
}

export function personPk(email: string): string {
  return `person#${personDigest(email)}`;
}

export interface PersonLead {
  readonly kind: string;
  readonly id: string;
}

/** The pointer, as one action of the submission's transaction. */
export function personLeadPut(
  auditTable: string,
  email: string,
  lead: PersonLead,
  record: { readonly createdAt: string; readonly expiresAt?: number | undefined },
): TransactItem {
  return {
    Put: {
      TableName: auditTable,
      Item: {
        pk: personPk(email),
        sk: `${lead.kind}#${lead.id}`,
        leadKind: lead.kind,
        leadId: lead.id,
        createdAt: record.createdAt,
        ...(record.expiresAt === undefined
          ? {}
          : { expiresAt: record.expiresAt + DELIVERY_RETENTION_DAYS * 86_400 }),
      },
    },
  };
}

/** Most pointers read for one address (a shared test address may have many). */
export const PERSON_LEAD_LIMIT = 2_000;

/** Every pointer of the address, as stored. */
export async function personLeads(
  db: DynamoDBDocumentClient,
  auditTable: string,
  email: string,
): Promise<Record<string, unknown>[]> {
  const items = await queryAll(db, {
    TableName: auditTable,
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": personPk(email) },
  });
  return items.slice(0, PERSON_LEAD_LIMIT);
}
