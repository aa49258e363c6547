/**
 * Erased identities (docs/decisions/0095-privacy-requests.md). An erasure leaves one marker per
 * address in the audit table, keyed by a keyed hash of the address's canonical form (the identity
 * rule, ./identity.ts), never the address: pk "erasure#<reference>", sk "erased", { erasedAt }.
 * The notify worker reads it before it sends or records anything for a lead event, so a
 * `signup.created` still queued when the address was erased does not bring the data back; an event
 * that occurred after the erasure (the person signs up again) goes through.
 *
 * The key is derived (HKDF-SHA-256, its own label) from the stage's session signing key
 * (./staff/session-key.ts stageErasureKey: Secrets Manager in AWS, the data folder locally): no second secret to
 * provision, and never the key that signs sessions itself. Rotating that secret changes every
 * reference from then on (decision 0095 says what that costs).
 */
import { createHmac, hkdfSync } from "node:crypto";
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { TransactItem } from "../lib/transact";
import { prospectAddressKey } from "./identity";

export const ERASURE_SK = "erased";
const LABEL = "repdesk erasure reference v1";

/** The last secret seen and its key: both mail lanes ask for the key once per message. */
let derived: { readonly secret: Buffer; readonly key: Buffer } | undefined;

/**
 * The erasure key from the stage's secret key bytes. The derivation is kept for the last secret
 * only, compared by its bytes, so a rotated secret gets its own key at once.
 */
export function erasureKeyFrom(secret: Uint8Array): Buffer {
  if (derived?.secret.equals(secret)) return derived.key;
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), LABEL, 32));
  derived = { secret: Buffer.from(secret), key };
  return key;
}

/** A keyed reference to an identity: HMAC-SHA-256 of its canonical form, hex. */
export function keyedReference(key: Buffer, identity: string): string {
  return createHmac("sha256", key).update(prospectAddressKey(identity)).digest("hex");
}

export function erasureKey(reference: string): { pk: string; sk: string } {
  return { pk: `erasure#${reference}`, sk: ERASURE_SK };
}

/** The marker, as one action of the erasure's last transaction. */
export function erasurePut(auditTable: string, reference: string, erasedAt: Date): TransactItem {
  return {
    Put: { TableName: auditTable, Item: { ...erasureKey(reference), erasedAt: erasedAt.toISOString() } },
  };
}

/** When the address was erased, if it was. */
export async function erasedAt(
  db: DynamoDBDocumentClient,
  auditTable: string,
  reference: string,
): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: auditTable, Key: erasureKey(reference), ConsistentRead: true }),
  );
  return typeof Item?.erasedAt === "string" ? Item.erasedAt : undefined;
}

/** Whether an event that occurred at `occurredAt` about this address came before its erasure. */
export async function erasedSince(
  db: DynamoDBDocumentClient,
  auditTable: string,
  reference: string,
  occurredAt: string,
): Promise<boolean> {
  const at = await erasedAt(db, auditTable, reference);
  return at !== undefined && Date.parse(occurredAt) <= Date.parse(at);
}
