/**
 * One-time tokens for links in e-mails (invitations, password resets, address confirmations, "This
 * wasn't me"): "<id>.<secret>", where the id names the stored item and the secret is 256 random
 * bits. Only the secret's SHA-256 is stored, so a copy of the table cannot be turned into working
 * links; the check is timing-safe. Also the one way a link route reads its stored item and counts
 * its requests per client network.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { clientNetwork } from "../lib/ip-address";
import { hitWindow, LOGIN_WINDOW_SECONDS } from "../model/staff/throttle";

export interface OneTimeToken {
  readonly id: string;
  /** What the link carries. */
  readonly token: string;
  /** What is stored. */
  readonly secretHash: string;
}

const hashOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest("base64url");

/** A new token; `id` keeps an existing item's id (a resent invitation). */
export function newOneTimeToken(id: string = randomBytes(16).toString("base64url")): OneTimeToken {
  const secret = randomBytes(32).toString("base64url");
  return { id, token: `${id}.${secret}`, secretHash: hashOf(secret) };
}

/** The id and the secret's hash of a token a link brought back (already shape-checked by zod). */
export function readOneTimeToken(token: string): { id: string; secretHash: string } | undefined {
  const dot = token.indexOf(".");
  if (dot <= 0) return undefined;
  return { id: token.slice(0, dot), secretHash: hashOf(token.slice(dot + 1)) };
}

/** Compares two stored-form hashes in constant time. */
export function sameSecretHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What every link item stored in the auth-state table holds. */
export interface StoredLink {
  readonly secretHash: string;
  readonly expiresAtMs: number;
  readonly usedAt?: string;
}

/**
 * The item a link names (stored under `keyOf(id)` in `table`), when its secret matches and it is
 * neither used nor expired at `now`; undefined for any other link, whatever the reason.
 */
export async function openStoredLink<Item extends StoredLink>(
  deps: { readonly db: DynamoDBDocumentClient; readonly table: string; readonly now: Date },
  token: string,
  keyOf: (id: string) => string,
): Promise<{ readonly id: string; readonly item: Item } | undefined> {
  const read = readOneTimeToken(token);
  if (!read) return undefined;
  const answer = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: { pk: keyOf(read.id) }, ConsistentRead: true }),
  );
  const item = answer.Item as Item | undefined;
  if (!item || !sameSecretHash(item.secretHash, read.secretHash)) return undefined;
  if (item.usedAt || item.expiresAtMs <= deps.now.getTime()) return undefined;
  return { id: read.id, item };
}

/**
 * Counts a link route's request for its client network (an IPv6 /64 as one) under `scope`: the
 * seconds to wait when it is over `limit` in the 15-minute window, undefined while it is allowed.
 */
export async function linkRequestRefusedFor(
  deps: { readonly db: DynamoDBDocumentClient; readonly table: string; readonly now: Date },
  scope: string,
  ip: string | undefined,
  limit: number,
): Promise<number | undefined> {
  const key = `${scope}#address#${clientNetwork(ip ?? "unknown")}`;
  const hit = await hitWindow(deps.db, deps.table, key, limit, deps.now);
  return hit.allowed ? undefined : Math.min(hit.retryAfterSeconds, LOGIN_WINDOW_SECONDS);
}
