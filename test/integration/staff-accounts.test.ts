/**
 * Staff accounts over real HTTP against the local runtime: the account model (e-mail and role on
 * GET /api/auth/user and the login answer, accounts from before roles, the address asked for after
 * sign-in), deactivation taking effect on the next request.
 */
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type SessionView, STAFF_MESSAGES } from "../../events";
import { hashPassword } from "../../functions/model/staff/password";
import { ACCOUNT_FAILURE_LIMIT } from "../../functions/model/staff/throttle";
import { UsersRepository } from "../../functions/model/staff/users";
import { findStaffMember, listStaffMembers } from "../../functions/staff/members";
import { TOTP_STEP_SECONDS, totpCode } from "../../functions/staff/totp";
import { removeTotp } from "../../functions/staff/totp-enrolment";
import type { RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, sessionCookieOf, signIn, startStaffRuntime } from "./auth-support";

const ADMIN = FIRST_ADMIN;
const STAFF = { username: "sam", password: "sam's long enough password", email: "Sam@Example.com" };
const LEGACY = { username: "legacy", password: "a password from before roles" };
let runtime: RuntimeProcess;
let users: UsersRepository;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
  await users.create(STAFF.username, await hashPassword(STAFF.password), new Date(), {
    email: STAFF.email,
    role: "staff",
  });
  // An account as `npm run admin -- create` wrote it before accounts had an address and a role.
  const now = new Date().toISOString();
  await runtime.db.send(
    new PutCommand({
      TableName: runtime.table("users"),
      Item: {
        username: LEGACY.username,
        passwordHash: await hashPassword(LEGACY.password),
        createdAt: now,
        passwordChangedAt: now,
      },
    }),
  );
});

afterAll(async () => {
  await runtime?.stop();
});

describe("account model", () => {
  it("carries the e-mail address and the role on sign-in and GET /api/auth/user", async () => {
    const login = await call(runtime, "POST", "/api/auth/login", { body: STAFF, ip: "203.0.113.10" });
    expect(login.json).toEqual({ user: { username: "sam", email: "sam@example.com", role: "staff" } });
    const cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
    expect((await call(runtime, "GET", "/api/auth/user", { cookie })).json).toEqual({
      user: { username: "admin", email: "admin@example.com", role: "admin" },
    });
  });

  it("lists the staff members and reads one (for owner pickers)", async () => {
    const deps = { db: runtime.db, tables: { users: runtime.table("users") } };
    const members = await listStaffMembers(deps);
    expect(members.map((m) => [m.username, m.email, m.role, m.active])).toEqual([
      ["admin", "admin@example.com", "admin", true],
      ["legacy", null, "admin", true],
      ["sam", "sam@example.com", "staff", true],
    ]);
    expect(await findStaffMember(deps, "SAM")).toMatchObject({ username: "sam", totp: false, passkeys: 0 });
    expect(await findStaffMember(deps, "nobody")).toBeUndefined();
  });

  it("keeps an account from before roles working as an admin and asks for its address", async () => {
    const cookie = await signIn(runtime, LEGACY.username, LEGACY.password);
    expect((await call(runtime, "GET", "/api/auth/user", { cookie })).json).toEqual({
      user: { username: "legacy", email: null, role: "admin" },
    });
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie })).status).toBe(200);

    // The first address asks for the password too: it is where reset links will go (decision 0082).
    const bad = await call(runtime, "PUT", "/api/account/email", {
      cookie,
      body: { email: "not-an-address", password: LEGACY.password },
    });
    expect([bad.status, bad.json?.fieldErrors]).toEqual([
      400,
      { email: "Please enter a valid email address" },
    ]);
    expect((await users.find(LEGACY.username))?.email).toBeUndefined();

    const foreign = await call(runtime, "PUT", "/api/account/email", {
      cookie,
      body: { email: "legacy@example.com", password: LEGACY.password },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await users.find(LEGACY.username))?.email).toBeUndefined();

    const unproven = await call(runtime, "PUT", "/api/account/email", {
      cookie,
      body: { email: "legacy@example.com" },
    });
    expect([unproven.status, unproven.json?.fieldErrors]).toEqual([
      400,
      { password: "Enter your current password" },
    ]);
    const saved = await call(runtime, "PUT", "/api/account/email", {
      cookie,
      body: { email: " Legacy@Example.com ", password: LEGACY.password },
    });
    // A first address too takes effect through the link sent to it (docs/decisions/0122).
    expect([saved.status, saved.json]).toEqual([
      202,
      { email: null, pending: { email: "legacy@example.com", expiresAt: expect.any(String) } },
    ]);
    expect((await users.find(LEGACY.username))?.email).toBeUndefined();
    const mail = await runtime.waitFor(async () =>
      (await runtime.emails()).find(
        (one) =>
          one.destination.to.includes("legacy@example.com") && one.body.text?.includes("confirm-email"),
      ),
    );
    const token = /confirm-email#token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.body.text ?? "")?.[1];
    const confirmed = await call(runtime, "POST", "/api/auth/email/confirm", { body: { token } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await users.find(LEGACY.username))?.email).toBe("legacy@example.com");
  });

  it("answers 401 to the account route without a session", async () => {
    const answer = await call(runtime, "PUT", "/api/account/email", {
      body: { email: "x@example.com", password: "whatever it is" },
    });
    expect([answer.status, answer.json]).toEqual([401, { error: AUTH_MESSAGES.signInRequired }]);
  });
});

describe("deactivation", () => {
  it("ends the member's sessions on their next request and refuses sign-in", async () => {
    const person = { username: "dana", password: "dana's long enough password" };
    await users.create(person.username, await hashPassword(person.password), new Date(), {
      email: "dana@example.com",
      role: "staff",
    });
    const cookie = await signIn(runtime, person.username, person.password);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie })).status).toBe(200);
    await runtime.db.send(
      new UpdateCommand({
        TableName: runtime.table("users"),
        Key: { username: person.username },
        UpdateExpression: "SET deactivatedAt = :at",
        ExpressionAttributeValues: { ":at": new Date().toISOString() },
      }),
    );
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie })).status).toBe(401);
    expect((await call(runtime, "GET", "/api/auth/user", { cookie })).json).toEqual({ user: null });
    const again = await call(runtime, "POST", "/api/auth/login", { body: person, ip: "203.0.113.11" });
    expect([again.status, again.json]).toEqual([403, { error: STAFF_MESSAGES.accountDeactivated }]);
    const wrong = await call(runtime, "POST", "/api/auth/login", {
      body: { ...person, password: "not the password at all" },
      ip: "203.0.113.11",
    });
    expect([wrong.status, wrong.json]).toEqual([401, { error: AUTH_MESSAGES.invalidCredentials }]);
  });
});

describe("self-service: sessions and password", () => {
  const person = { username: "erin", password: "erin's first long password" };
  const NEW_PASSWORD = "erin's second long password";

  it("lists the member's sessions with device and address, and ends one", async () => {
    await users.create(person.username, await hashPassword(person.password), new Date(), {
      email: "erin@example.com",
      role: "staff",
    });
    const laptop = sessionCookieOf(
      await call(runtime, "POST", "/api/auth/login", {
        body: person,
        ip: "198.51.100.7",
        headers: {
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        },
      }),
    );
    const phone = await signIn(runtime, person.username, person.password, "198.51.100.8");
    const listed = await call(runtime, "GET", "/api/account/sessions", { cookie: laptop });
    const sessions = listed.json?.sessions as SessionView[];
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: "Chrome 131 on Linux", ip: "198.51.100.7" });
    const other = sessions.find((s) => !s.current) as SessionView;
    expect(other.ip).toBe("198.51.100.8");

    const ended = await call(runtime, "DELETE", `/api/account/sessions/${other.id}`, { cookie: laptop });
    expect(ended.status).toBe(204);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: phone })).status).toBe(401);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: laptop })).status).toBe(200);
    const unknown = await call(runtime, "DELETE", `/api/account/sessions/${other.id}`, { cookie: laptop });
    expect(unknown.status).toBe(404);
    // Found by the fuzzer: names of Object.prototype's members are unknown sessions too, not a 500.
    for (const name of ["__proto__", "constructor", "toString"]) {
      const odd = await call(runtime, "DELETE", `/api/account/sessions/${name}`, { cookie: laptop });
      expect([name, odd.status]).toEqual([name, 404]);
    }
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: laptop })).status).toBe(200);
  });

  it("changes the password with the current one; every other session ends, this one goes on", async () => {
    const here = await signIn(runtime, person.username, person.password, "198.51.100.9");
    const elsewhere = await signIn(runtime, person.username, person.password, "198.51.100.10");
    const wrong = await call(runtime, "POST", "/api/account/password", {
      cookie: here,
      body: { currentPassword: "not my password", newPassword: NEW_PASSWORD },
    });
    expect([wrong.status, wrong.json?.fieldErrors]).toEqual([
      400,
      { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    ]);
    const weak = await call(runtime, "POST", "/api/account/password", {
      cookie: here,
      body: { currentPassword: person.password, newPassword: "short" },
    });
    expect(weak.status).toBe(400);
    expect(weak.json?.fieldErrors).toHaveProperty("newPassword");
    expect(await signIn(runtime, person.username, person.password, "198.51.100.11")).toBeTruthy();

    const changed = await call(runtime, "POST", "/api/account/password", {
      cookie: here,
      body: { currentPassword: person.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    const renewed = sessionCookieOf(changed);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: renewed })).status).toBe(200);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: elsewhere })).status).toBe(401);
    expect((await call(runtime, "GET", "/api/admin/signups", { cookie: here })).status).toBe(401);
    const sessions = (await call(runtime, "GET", "/api/account/sessions", { cookie: renewed })).json
      ?.sessions as SessionView[];
    expect(sessions.map((s) => s.current)).toEqual([true]);
    const old = await call(runtime, "POST", "/api/auth/login", { body: person, ip: "198.51.100.12" });
    expect(old.status).toBe(401);
    expect(await signIn(runtime, person.username, NEW_PASSWORD, "198.51.100.12")).toBeTruthy();
  });

  it("ends every other session at once and keeps this one", async () => {
    const member = { username: "gil", password: "gil's long enough password" };
    await users.create(member.username, await hashPassword(member.password), new Date(), {
      email: "gil@example.com",
      role: "staff",
    });
    const here = await signIn(runtime, member.username, member.password, "198.51.100.20");
    const others = [
      await signIn(runtime, member.username, member.password, "198.51.100.21"),
      await signIn(runtime, member.username, member.password, "198.51.100.22"),
    ];
    const ended = await call(runtime, "DELETE", "/api/account/sessions", { cookie: here });
    expect([ended.status, ended.json]).toEqual([200, { endedSessions: 2 }]);
    for (const cookie of others) {
      expect((await call(runtime, "GET", "/api/admin/signups", { cookie })).status).toBe(401);
    }
    const left = (await call(runtime, "GET", "/api/account/sessions", { cookie: here })).json
      ?.sessions as SessionView[];
    expect(left.map((s) => [s.current, s.ip])).toEqual([[true, "198.51.100.20"]]);
    const without = await call(runtime, "DELETE", "/api/account/sessions", {});
    expect(without.status).toBe(401);
  });

  it("counts wrong current passwords like failed sign-ins: parallel guesses never pass the limit", async () => {
    const member = { username: "fay", password: "fay's long enough password" };
    const ip = "198.51.100.30";
    await users.create(member.username, await hashPassword(member.password), new Date(), {
      email: "fay@example.com",
      role: "staff",
    });
    const cookie = await signIn(runtime, member.username, member.password, ip);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(runtime, "POST", "/api/account/password", {
          cookie,
          ip,
          body: { currentPassword: `guess number ${i}`, newPassword: "fay's brand new password" },
        }),
      ),
    );
    const statuses = guesses.map((answer) => answer.status).sort();
    // Exactly the limit were checked (400: wrong), every other one refused before any check.
    expect(statuses.filter((status) => status === 400)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - ACCOUNT_FAILURE_LIMIT);
    const refused = guesses.find((answer) => answer.status === 429);
    expect(refused?.json).toEqual({ error: ACCOUNT_MESSAGES.passwordThrottled });
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right password is refused too now, and so is signing in from this address...
    const right = await call(runtime, "POST", "/api/account/password", {
      cookie,
      ip,
      body: { currentPassword: member.password, newPassword: "fay's brand new password" },
    });
    expect(right.status).toBe(429);
    const login = await call(runtime, "POST", "/api/auth/login", { body: member, ip });
    expect([login.status, login.json]).toEqual([429, { error: AUTH_MESSAGES.accountThrottled }]);
    // ...but not from another address, and the password is unchanged.
    expect(await signIn(runtime, member.username, member.password, "198.51.100.31")).toBeTruthy();
  });
});

describe("self-service: authenticator app", () => {
  it("enrols with a server-made secret, refuses a replayed code, removes with a code or the password", async () => {
    const member = { username: "hal", password: "hal's long enough password" };
    await users.create(member.username, await hashPassword(member.password), new Date(), {
      email: "hal@example.com",
      role: "staff",
    });
    const cookie = await signIn(runtime, member.username, member.password, "198.51.100.40");
    expect(
      (await call(runtime, "POST", "/api/account/totp/confirm", { cookie, body: { code: "123456" } })).status,
    ).toBe(409);
    const started = await call(runtime, "POST", "/api/account/totp/start", {
      cookie,
      body: { password: member.password },
    });
    const { secret, uri } = started.json as { secret: string; uri: string };
    expect(uri).toContain(`secret=${secret}`);
    expect((await users.find(member.username))?.totpSecret).toBeUndefined();
    const wrong = await call(runtime, "POST", "/api/account/totp/confirm", {
      cookie,
      body: { code: "000000" },
    });
    expect([wrong.status, wrong.json?.fieldErrors]).toEqual([
      400,
      { code: ACCOUNT_MESSAGES.totpCodeInvalid },
    ]);
    const code = totpCode(secret, new Date());
    const confirmed = await call(runtime, "POST", "/api/account/totp/confirm", { cookie, body: { code } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await users.find(member.username))?.totpSecret).toBe(secret);
    expect(
      (
        await call(runtime, "POST", "/api/account/totp/start", {
          cookie,
          body: { password: member.password },
        })
      ).status,
    ).toBe(409);

    // The confirmation's code cannot be used again, neither to sign in nor to remove.
    const replayed = await call(runtime, "POST", "/api/auth/login", {
      body: { ...member, code },
      ip: "198.51.100.41",
    });
    expect(replayed.status).toBe(401);
    const removeReplayed = await call(runtime, "POST", "/api/account/totp/remove", {
      cookie,
      body: { code },
    });
    expect(removeReplayed.status).toBe(400);
    const noProof = await call(runtime, "POST", "/api/account/totp/remove", { cookie, body: {} });
    expect(noProof.status).toBe(400);
    const wrongPassword = await call(runtime, "POST", "/api/account/totp/remove", {
      cookie,
      body: { password: "not hal's password" },
    });
    expect([wrongPassword.status, wrongPassword.json?.fieldErrors]).toEqual([
      400,
      { password: ACCOUNT_MESSAGES.currentPasswordWrong },
    ]);

    // Where the stage requires a second factor, the last one stays.
    const deps = {
      db: runtime.db,
      tables: {
        users: runtime.table("users"),
        authState: runtime.table("authState"),
        audit: runtime.table("audit"),
      },
      clock: () => new Date(),
      mfaRequired: true,
    };
    expect(await removeTotp(deps, { username: member.username, password: member.password })).toEqual({
      kind: "lastFactor",
    });
    expect((await users.find(member.username))?.totpSecret).toBe(secret);

    const next = totpCode(secret, new Date(Date.now() + TOTP_STEP_SECONDS * 1000));
    const removed = await call(runtime, "POST", "/api/account/totp/remove", { cookie, body: { code: next } });
    expect([removed.status, removed.json]).toEqual([200, { totp: false }]);
    expect((await users.find(member.username))?.totpSecret).toBeUndefined();
  });
});
