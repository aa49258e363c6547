/**
 * Staff sign-in over real HTTP against the local runtime: cookie attributes, forged and stale
 * tokens, logout revocation, cross-site and non-JSON refusals, equal answers for unknown users and
 * wrong passwords, throttling, TOTP.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { base64url, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../events";
import { MESSAGES } from "../../functions/lib/http/errors";
import { hashPassword } from "../../functions/model/staff/password";
import { SESSION_AUDIENCE, SESSION_ISSUER } from "../../functions/model/staff/session-token";
import { UsersRepository } from "../../functions/model/staff/users";
import { generateTotpSecret, totpCode } from "../../functions/staff/totp";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, runtimeCpuMicroseconds, sessionCookieOf, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
const OTHER = { username: "second", password: "another long password" };
const VICTIM = { username: "victim", password: "victim's long password" };
const MFA = { username: "mfa-user", password: "yet another long password" };
let runtime: RuntimeProcess;
let key: Uint8Array;
let totpSecret: string;

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_VIEWER_ADDRESS: "1" },
  });
  key = Buffer.from(readFileSync(path.join(runtime.dataDir, "session-secret"), "utf8").trim(), "hex");
  const users = new UsersRepository(runtime.db, runtime.table("users"));
  await users.create(OTHER.username, await hashPassword(OTHER.password), new Date());
  await users.create(VICTIM.username, await hashPassword(VICTIM.password), new Date());
  await users.create(MFA.username, await hashPassword(MFA.password), new Date());
  totpSecret = generateTotpSecret();
  await users.setTotpSecret(MFA.username, totpSecret);
});

afterAll(async () => {
  await runtime?.stop();
});

const claims = (overrides: Record<string, unknown> = {}) => ({
  sub: ADMIN.username,
  sid: crypto.randomUUID(),
  auth_time: Math.floor(Date.now() / 1000),
  ...overrides,
});

async function signed(alg: string, signingKey: Uint8Array, iat: number, exp: number, extra = {}) {
  return new SignJWT(claims(extra))
    .setProtectedHeader({ alg })
    .setJti(crypto.randomUUID())
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(signingKey);
}

async function refused(cookie: string) {
  const user = await call(runtime, "GET", "/api/auth/user", { cookie });
  const list = await call(runtime, "GET", "/api/admin/signups", { cookie });
  return user.status === 200 && user.json?.user === null && list.status === 401;
}

describe("sign-in", () => {
  it("answers 200 with the user and a __Host- cookie with strict attributes", async () => {
    const answer = await call(runtime, "POST", "/api/auth/login", { body: ADMIN, ip: "203.0.113.1" });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ user: { username: "admin", email: null, role: "admin" } });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const [cookie] = answer.headers.getSetCookie();
    const [pair, ...attributes] = (cookie as string).split(";").map((part) => part.trim());
    expect(pair?.startsWith("__Host-session=")).toBe(true);
    const names = attributes.map((attribute) => attribute.split("=")[0]?.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(["path", "httponly", "secure", "samesite", "max-age"]));
    expect(attributes).toContain("Path=/");
    expect(attributes).toContain("SameSite=Strict");
    expect(names).not.toContain("domain");
    const maxAge = Number(attributes.find((a) => a.startsWith("Max-Age="))?.slice(8));
    expect(maxAge).toBe(30 * 60);

    const session = sessionCookieOf(answer);
    expect((await call(runtime, "GET", "/api/auth/user", { cookie: session })).json).toEqual({
      user: { username: "admin", email: null, role: "admin" },
    });
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: session })).status).toBe(200);
  });

  it("answers { user: null } without a session and 401 on admin routes", async () => {
    const user = await call(runtime, "GET", "/api/auth/user");
    expect([user.status, user.json]).toEqual([200, { user: null }]);
    const list = await call(runtime, "GET", "/api/admin/signups");
    expect([list.status, list.json]).toEqual([401, { error: AUTH_MESSAGES.signInRequired }]);
    expect((await call(runtime, "DELETE", "/api/admin/signups/x")).status).toBe(401);
    expect((await call(runtime, "GET", "/api/admin/signups/stats")).status).toBe(401);
  });

  it("gives unknown users and wrong passwords the same answer for the same work", async () => {
    const ip = "203.0.113.2";
    // CPU time the runtime spends on each answer, not wall time, so a busy machine changes nothing.
    const cpuSpent = async (body: { username: string; password: string }) => {
      const before = await runtimeCpuMicroseconds(runtime);
      const answer = await call(runtime, "POST", "/api/auth/login", { body, ip });
      return { ...answer, cpu: (await runtimeCpuMicroseconds(runtime)) - before };
    };
    const unknown = [];
    const wrong = [];
    for (let i = 0; i < 2; i++) {
      unknown.push(await cpuSpent({ username: `nobody${i}`, password: "x" }));
      wrong.push(await cpuSpent({ username: OTHER.username, password: `nope${i}` }));
    }
    for (const answer of [...unknown, ...wrong]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: "Invalid username or password" });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    // Both run one scrypt (over 100 ms of CPU); an unknown user answered without one would cost a
    // few milliseconds.
    const least = (answers: { cpu: number }[]) => Math.min(...answers.map((answer) => answer.cpu));
    expect(least(unknown)).toBeGreaterThan(least(wrong) / 3);
  });

  it("answers 400 for missing fields and never stores a session", async () => {
    const answer = await call(runtime, "POST", "/api/auth/login", {
      body: { username: "" },
      ip: "203.0.113.3",
    });
    expect(answer.status).toBe(400);
    expect(answer.json?.fieldErrors).toEqual({
      username: "Username is required",
      password: "Password is required",
    });
  });
});

describe("forged and stale sessions", () => {
  it("refuses alg none, a wrong key, a changed payload, an expired token and garbage", async () => {
    const now = Math.floor(Date.now() / 1000);
    const real = (await signIn(runtime, ADMIN.username, ADMIN.password, "203.0.113.4")).split(
      "=",
    )[1] as string;
    const [header, payload, signature] = real.split(".") as [string, string, string];
    const changedPayload = base64url.encode(
      JSON.stringify({
        ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))),
        sub: OTHER.username,
      }),
    );
    const none = new UnsecuredJWT(claims())
      .setJti("j")
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    const forged = {
      none,
      wrongKey: await signed("HS256", crypto.getRandomValues(new Uint8Array(32)), now, now + 600),
      changedPayload: `${header}.${changedPayload}.${signature}`,
      expired: await signed("HS256", key, now - 3600, now - 1800),
      pastAbsoluteLifetime: await signed("HS256", key, now, now + 600, { auth_time: now - 13 * 3600 }),
      garbage: "not-a-token",
      empty: "",
    };
    // The real key with the same claims is accepted: the refusals are about the forgeries.
    expect(await refused(`__Host-session=${await signed("HS256", key, now, now + 600)}`)).toBe(false);
    for (const [name, token] of Object.entries(forged)) {
      expect(await refused(`__Host-session=${token}`), name).toBe(true);
    }
  });

  it("refuses the old cookie after logout, even when someone kept a copy", async () => {
    const cookie = await signIn(runtime, ADMIN.username, ADMIN.password, "203.0.113.5");
    expect(await refused(cookie)).toBe(false);
    const logout = await call(runtime, "POST", "/api/auth/logout", { cookie });
    expect(logout.status).toBe(204);
    const cleared = logout.headers.getSetCookie()[0] ?? "";
    expect(cleared).toMatch(/^__Host-session=;/);
    expect(cleared).toContain("Max-Age=0");
    expect(await refused(cookie)).toBe(true);
    // A renewed token of the same session is refused too: revocation is by session id.
    const again = await call(runtime, "POST", "/api/auth/logout", { cookie });
    expect(again.status).toBe(204);
  });
});

describe("cross-site and non-JSON requests", () => {
  it("refuses a cross-site login, logout and delete with 403", async () => {
    const cookie = await signIn(runtime, ADMIN.username, ADMIN.password, "203.0.113.6");
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of crossSite) {
      const login = await call(runtime, "POST", "/api/auth/login", {
        body: ADMIN,
        headers,
        ip: "203.0.113.6",
      });
      expect([login.status, login.json]).toEqual([403, { error: MESSAGES.crossSite }]);
      expect(login.headers.getSetCookie()).toEqual([]);
      expect((await call(runtime, "POST", "/api/auth/logout", { cookie, headers })).status).toBe(403);
      expect((await call(runtime, "DELETE", "/api/admin/signups/abc", { cookie, headers })).status).toBe(403);
    }
    // The session survived the refused cross-site logout.
    expect(await refused(cookie)).toBe(false);
  });

  it("refuses non-JSON bodies with 415", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const login = await call(runtime, "POST", "/api/auth/login", {
      body: `username=admin&password=${encodeURIComponent(ADMIN.password)}`,
      headers: form,
      ip: "203.0.113.7",
    });
    expect(login.status).toBe(415);
    const text = await call(runtime, "POST", "/api/auth/login", {
      body: JSON.stringify(ADMIN),
      headers: { "content-type": "text/plain" },
      ip: "203.0.113.7",
    });
    expect(text.status).toBe(415);
    expect((await call(runtime, "POST", "/api/auth/logout", { body: "a=1", headers: form })).status).toBe(
      415,
    );
  });
});

describe("throttling", () => {
  it("answers 429 for an account after 5 failures from one address, without locking other accounts or addresses", async () => {
    const ip = "198.51.100.10";
    for (let i = 0; i < 5; i++) {
      const answer = await call(runtime, "POST", "/api/auth/login", {
        body: { username: VICTIM.username, password: `wrong ${i}` },
        ip,
      });
      expect(answer.status).toBe(401);
    }
    // Even the right password is refused now from that address; the owner elsewhere signs in
    // (test/integration/security-login.test.ts: the same under parallel attempts).
    const locked = await call(runtime, "POST", "/api/auth/login", { body: VICTIM, ip });
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ error: AUTH_MESSAGES.accountThrottled });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(
      (await call(runtime, "POST", "/api/auth/login", { body: VICTIM, ip: "198.51.100.11" })).status,
    ).toBe(200);
    // Another account signs in from the same address.
    expect((await call(runtime, "POST", "/api/auth/login", { body: OTHER, ip })).status).toBe(200);
  });

  // 21 sign-ins, each with scrypt's deliberate cost: slow on a busy machine, not stuck.
  it("limits one address trying many accounts", { timeout: 240_000 }, async () => {
    const ip = "198.51.100.20";
    for (let i = 0; i < 20; i++) {
      const answer = await call(runtime, "POST", "/api/auth/login", {
        body: { username: `spray${i}`, password: "x" },
        ip,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(runtime, "POST", "/api/auth/login", { body: ADMIN, ip });
    expect([blocked.status, blocked.json]).toEqual([429, { error: AUTH_MESSAGES.ipThrottled }]);
    expect(
      (await call(runtime, "POST", "/api/auth/login", { body: ADMIN, ip: "198.51.100.21" })).status,
    ).toBe(200);
  });
});

describe("TOTP second factor", () => {
  it("asks for a code after the password, accepts the right one once", async () => {
    const ip = "192.0.2.50";
    const first = await call(runtime, "POST", "/api/auth/login", { body: MFA, ip });
    expect(first.status).toBe(401);
    expect(first.json).toEqual({
      error: AUTH_MESSAGES.codeRequired,
      fieldErrors: { code: AUTH_MESSAGES.codeRequired },
    });
    const wrong = await call(runtime, "POST", "/api/auth/login", { body: { ...MFA, code: "000000" }, ip });
    expect(wrong.status).toBe(401);
    const code = totpCode(totpSecret, new Date());
    const ok = await call(runtime, "POST", "/api/auth/login", { body: { ...MFA, code }, ip });
    expect(ok.status).toBe(200);
    const replay = await call(runtime, "POST", "/api/auth/login", { body: { ...MFA, code }, ip });
    expect(replay.status).toBe(401);
    expect(replay.json?.error).toBe(AUTH_MESSAGES.codeInvalid);
  });
});
