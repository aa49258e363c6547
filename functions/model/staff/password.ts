/**
 * Password hashing with scrypt (node:crypto). The stored string carries its parameters, so they can
 * be raised later without invalidating existing hashes:
 *
 *   scrypt$N=131072,r=8,p=1$<salt base64url>$<key base64url>
 *
 * N=2^17, r=8, p=1 follows OWASP's scrypt recommendation; it needs 128 MiB, so maxmem is raised.
 * A test run sets PASSWORD_HASH_N lower (docs/decisions/0101-password-cost-in-test-runs.md).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { optionalEnv } from "../../lib/env";

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** The parameters new hashes are made with, and below which a stored hash is rehashed at sign-in. */
export function currentScryptParams(): ScryptParams {
  const N = optionalEnv("PASSWORD_HASH_N");
  return N === undefined ? DEFAULT_SCRYPT_PARAMS : { ...DEFAULT_SCRYPT_PARAMS, N };
}
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Hashes below this cost are refused when verifying (a tampered record must not weaken checks). */
const MIN_N = 2 ** 14;

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave headroom for the rest of the computation.
  const maxmem = 128 * params.N * params.r + 32 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFC"), salt, keyLength, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = currentScryptParams(),
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

export function parsePasswordHash(encoded: string): ParsedHash | undefined {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(encoded);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = Buffer.from(match[4] as string, "base64url");
  const key = Buffer.from(match[5] as string, "base64url");
  if (N < MIN_N || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  if (salt.length < SALT_BYTES || key.length < KEY_BYTES) return undefined;
  return { params: { N, r, p }, salt, key };
}

/** Constant-time comparison of the derived key; false for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with weaker parameters than today's (rehash at the next sign-in). */
export function needsRehash(encoded: string, params: ScryptParams = currentScryptParams()): boolean {
  const parsed = parsePasswordHash(encoded);
  return !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as verifying a real password, for a username that does not exist, so that
 * the answer time does not reveal which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password that never matches");
  await verifyPassword(password, await dummyHash);
  return false;
}
