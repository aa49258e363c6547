/**
 * One-time tokens for links in e-mails (invitations, password resets): "<id>.<secret>", where the
 * id names the stored item and the secret is 256 random bits. Only the secret's SHA-256 is stored,
 * so a copy of the table cannot be turned into working links; the check is timing-safe.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

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
