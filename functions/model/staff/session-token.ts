/**
 * The session token: a JWT (jose, HS256) in the `__Host-session` cookie.
 *
 * Claims: sub (username), sid (session id, the same across renewals — logout revokes it), jti
 * (unique per token), iat, exp, auth_time (when the password was checked), iss and aud.
 * exp is the idle limit (30 min after issue) capped by the absolute limit (12 h after auth_time).
 */
import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

export const SESSION_ISSUER = "repdesk";
export const SESSION_AUDIENCE = "repdesk-commandcenter";
export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_LIFETIME_SECONDS = 12 * 60 * 60;
/** A token older than this is re-issued on use, so activity keeps the session alive. */
export const RENEW_AFTER_SECONDS = 5 * 60;
export const MIN_KEY_BYTES = 32;

export interface Session {
  readonly username: string;
  readonly sessionId: string;
  readonly tokenId: string;
  /** Epoch seconds. */
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly authTime: number;
}

export interface IssuedToken {
  readonly token: string;
  readonly session: Session;
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function assertKey(key: Uint8Array): void {
  if (key.length < MIN_KEY_BYTES)
    throw new Error(`The session key must have at least ${MIN_KEY_BYTES} bytes`);
}

/** A new token: for a fresh sign-in (no `previous`) or a renewal of `previous`. */
export async function issueSessionToken(
  key: Uint8Array,
  input: { username: string; now: Date; previous?: Session },
): Promise<IssuedToken> {
  assertKey(key);
  const issuedAt = toSeconds(input.now);
  const authTime = input.previous?.authTime ?? issuedAt;
  const session: Session = {
    username: input.username,
    sessionId: input.previous?.sessionId ?? randomUUID(),
    tokenId: randomUUID(),
    issuedAt,
    authTime,
    expiresAt: Math.min(issuedAt + IDLE_TIMEOUT_SECONDS, authTime + ABSOLUTE_LIFETIME_SECONDS),
  };
  const token = await new SignJWT({ sid: session.sessionId, auth_time: authTime })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(session.username)
    .setJti(session.tokenId)
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(session.expiresAt)
    .sign(key);
  return { token, session };
}

export type TokenProblem = "malformed" | "invalid" | "expired";

/**
 * The session in a token, or why it is refused. Only HS256 is accepted (no "none", no other
 * algorithm), with our issuer and audience, an expiry in the future and all our claims present.
 */
export async function verifySessionToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<{ ok: true; session: Session } | { ok: false; problem: TokenProblem }> {
  assertKey(key);
  if (token.length === 0 || token.length > 4096) return { ok: false, problem: "malformed" };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      requiredClaims: ["sub", "jti", "iat", "exp", "sid", "auth_time"],
      currentDate: now,
      clockTolerance: 0,
    });
    const { sub, jti, iat, exp, sid, auth_time: authTime } = payload;
    if (
      typeof sub !== "string" ||
      typeof jti !== "string" ||
      typeof sid !== "string" ||
      typeof iat !== "number" ||
      typeof exp !== "number" ||
      typeof authTime !== "number"
    ) {
      return { ok: false, problem: "invalid" };
    }
    const nowSeconds = toSeconds(now);
    // Belt and braces: the absolute and idle limits hold even for a token someone minted with a long exp.
    if (nowSeconds >= authTime + ABSOLUTE_LIFETIME_SECONDS || exp - iat > IDLE_TIMEOUT_SECONDS) {
      return { ok: false, problem: "expired" };
    }
    return {
      ok: true,
      session: { username: sub, sessionId: sid, tokenId: jti, issuedAt: iat, expiresAt: exp, authTime },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, problem: "expired" };
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
      return { ok: false, problem: "malformed" };
    }
    return { ok: false, problem: "invalid" };
  }
}

/** Whether a still-valid session should get a fresh token (sliding idle timeout). */
export function shouldRenew(session: Session, now: Date): boolean {
  return toSeconds(now) - session.issuedAt >= RENEW_AFTER_SECONDS;
}
