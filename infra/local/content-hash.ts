/**
 * The body hash that CloudFront's Origin Access Control needs in front of a Lambda function URL
 * (docs/decisions/0055): a request with a body must carry `x-amz-content-sha256` = the hex SHA-256
 * of the exact body bytes, or Lambda refuses it (its SigV4 check fails) before any code runs.
 * The browser computes it in web/src/content-hash.ts (Web Crypto, asynchronous); this is the same
 * for Node clients (the local runtime's check, the smoke command, tests and benchmarks).
 */
import { createHash } from "node:crypto";
import { CONTENT_HASH_HEADER } from "../../web/src/content-hash";

export { CONTENT_HASH_HEADER };

/** Hex SHA-256 of the bytes (a string is hashed as UTF-8, as fetch sends it). */
export function contentSha256(body: string | Uint8Array = ""): string {
  return createHash("sha256").update(body).digest("hex");
}

/** The header to send with `body` (no body: the hash of no bytes). */
export function contentHashHeader(body?: string | Uint8Array): Record<string, string> {
  return { [CONTENT_HASH_HEADER]: contentSha256(body) };
}

/**
 * What Lambda answers a function URL request whose payload hash is missing or wrong: 403, JSON
 * `{"message": …}` and `x-amzn-ErrorType: InvalidSignatureException` (the SigV4 signature CloudFront
 * computed over the client's hash does not match the body Lambda received).
 */
export const SIGNATURE_MISMATCH = {
  status: 403,
  errorType: "InvalidSignatureException",
  message:
    "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.",
} as const;

/** Whether Lambda would accept this body with this header: a body needs its hash; a sent hash must match. */
export function payloadHashAccepted(sent: string | string[] | undefined, body: Uint8Array): boolean {
  if (Array.isArray(sent)) return false;
  if (sent === undefined) return body.length === 0;
  return sent === contentSha256(body);
}
