import { randomBytes } from "node:crypto";
import { base64url, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie, sessionTokenFrom } from "./cookie";
import {
  ABSOLUTE_LIFETIME_SECONDS,
  IDLE_TIMEOUT_SECONDS,
  issueSessionToken,
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  shouldRenew,
  verifySessionToken,
} from "./session-token";

const key = randomBytes(32);
const t0 = new Date("2025-03-01T10:00:00Z");
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe("session tokens", () => {
  it("round-trips a session with HS256, issuer, audience, expiry and ids", async () => {
    const { token, session } = await issueSessionToken(key, { username: "ada", now: t0 });
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(token.split(".")[0] as string)));
    expect(header.alg).toBe("HS256");
    const verified = await verifySessionToken(key, token, later(60));
    expect(verified).toEqual({ ok: true, session });
    expect(session.expiresAt - session.issuedAt).toBe(IDLE_TIMEOUT_SECONDS);
  });

  it("expires after the idle timeout", async () => {
    const { token } = await issueSessionToken(key, { username: "ada", now: t0 });
    expect(await verifySessionToken(key, token, later(IDLE_TIMEOUT_SECONDS))).toEqual({
      ok: false,
      problem: "expired",
    });
  });

  it("keeps the session id and auth time across renewals, but not past the absolute lifetime", async () => {
    let { token, session } = await issueSessionToken(key, { username: "ada", now: t0 });
    const first = session;
    for (let elapsed = 25 * 60; elapsed < ABSOLUTE_LIFETIME_SECONDS + 3600; elapsed += 25 * 60) {
      const now = later(elapsed);
      const verified = await verifySessionToken(key, token, now);
      if (elapsed >= ABSOLUTE_LIFETIME_SECONDS) {
        expect(verified.ok).toBe(false);
        return;
      }
      expect(verified.ok).toBe(true);
      if (!verified.ok) return;
      expect(shouldRenew(verified.session, now)).toBe(true);
      ({ token, session } = await issueSessionToken(key, {
        username: "ada",
        now,
        previous: verified.session,
      }));
      expect(session.sessionId).toBe(first.sessionId);
      expect(session.authTime).toBe(first.authTime);
      expect(session.tokenId).not.toBe(first.tokenId);
      expect(session.expiresAt).toBeLessThanOrEqual(first.authTime + ABSOLUTE_LIFETIME_SECONDS);
    }
    throw new Error("the absolute lifetime was never reached");
  });

  it("refuses alg none, another key, a changed payload and garbage", async () => {
    const { token } = await issueSessionToken(key, { username: "ada", now: t0 });
    const claims = { sub: "ada", sid: "s", jti: "j", auth_time: Math.floor(t0.getTime() / 1000) };
    const unsecured = new UnsecuredJWT(claims)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(t0)
      .setExpirationTime(later(600))
      .encode();
    const otherKey = await issueSessionToken(randomBytes(32), { username: "ada", now: t0 });
    const [h, p, s] = token.split(".") as [string, string, string];
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    const changed = `${h}.${base64url.encode(JSON.stringify({ ...payload, sub: "root" }))}.${s}`;
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(t0)
      .setExpirationTime(later(600))
      .sign(randomBytes(64));
    const wrongAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(SESSION_ISSUER)
      .setAudience("someone-else")
      .setIssuedAt(t0)
      .setExpirationTime(later(600))
      .sign(key);
    const longLived = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(t0)
      .setExpirationTime(later(86400))
      .sign(key);
    for (const bad of [
      unsecured,
      otherKey.token,
      changed,
      hs512,
      wrongAudience,
      longLived,
      "garbage",
      "a.b.c",
      "",
    ]) {
      expect((await verifySessionToken(key, bad, later(60))).ok, bad).toBe(false);
    }
  });

  it("refuses keys shorter than 256 bits", async () => {
    await expect(issueSessionToken(randomBytes(16), { username: "ada", now: t0 })).rejects.toThrow();
  });
});

describe("session cookie", () => {
  it("has the __Host- prefix and strict attributes", () => {
    const cookie = sessionCookie("abc", 1800);
    expect(cookie).toMatch(/^__Host-session=abc; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=1800");
    expect(cookie.toLowerCase()).not.toContain("domain=");
    expect(clearedSessionCookie()).toContain("Max-Age=0");
  });

  it("reads the token from the cookies array or header, and distrusts duplicates", () => {
    expect(sessionTokenFrom(["a=1", `${SESSION_COOKIE}=tok`])).toBe("tok");
    expect(sessionTokenFrom(undefined, `a=1; ${SESSION_COOKIE}=tok`)).toBe("tok");
    expect(sessionTokenFrom([`${SESSION_COOKIE}=x`, `${SESSION_COOKIE}=y`])).toBeUndefined();
    expect(sessionTokenFrom([`${SESSION_COOKIE}=`])).toBeUndefined();
    expect(sessionTokenFrom(["session=tok"])).toBeUndefined();
  });
});
