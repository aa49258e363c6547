/**
 * Passkeys over real HTTP against the local runtime (docs/decisions/0073-passkeys.md), answered by
 * a software authenticator (test/support/soft-authenticator.ts) so the server's WebAuthn library
 * checks real signatures: adding one needs the password, signing in with it alone starts a session
 * like a password does, challenges are single-use (a replay and parallel answers to one challenge
 * get exactly one session) and expire (the domain code with an injected clock against the same
 * store), another origin or RP ID is refused with nothing stored, a deactivated account is refused,
 * a counter that goes back is refused, and an admin's "reset second factor" removes them.
 */
import { randomBytes } from "node:crypto";
import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, STAFF_MESSAGES } from "../../events";
import { PASSKEY_MESSAGES, type PasskeyView } from "../../events/passkeys";
import { createLogger } from "../../functions/lib/log";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { login } from "../../functions/staff/login";
import { CHALLENGE_SECONDS } from "../../functions/staff/passkey-challenges";
import { passkeySignInOptions, signInWithPasskey } from "../../functions/staff/passkey-sign-in";
import { type PasskeyDependencies, relyingPartyOf, removePasskey } from "../../functions/staff/passkeys";
import { removeTotp } from "../../functions/staff/totp-enrolment";
import type { RuntimeProcess } from "../support/runtime";
import {
  type AuthenticationOptions,
  type RegistrationOptions,
  SoftAuthenticator,
} from "../support/soft-authenticator";
import { call, FIRST_ADMIN, type HttpAnswer, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let users: UsersRepository;
let addressCount = 0;
/** A fresh client address per sign-in, so one test's failures never throttle another's. */
const freshIp = () => `198.51.100.${++addressCount}`;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
});

afterAll(async () => {
  await runtime?.stop();
});

async function member(username: string): Promise<{ password: string; cookie: string }> {
  const password = `${username} has a long enough password`;
  await users.create(username, await hashPassword(password), new Date(), {
    email: `${username}@example.com`,
    role: "staff",
  });
  return { password, cookie: await signIn(runtime, username, password, freshIp()) };
}

async function registrationOptions(cookie: string, password: string): Promise<RegistrationOptions> {
  const answer = await call(runtime, "POST", "/api/account/passkeys/options", {
    cookie,
    body: { password },
    ip: freshIp(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { options: RegistrationOptions }).options;
}

async function register(
  who: { password: string; cookie: string },
  authenticator: SoftAuthenticator,
  name = "Test key",
): Promise<PasskeyView> {
  const response = authenticator.register(await registrationOptions(who.cookie, who.password));
  const answer = await call(runtime, "POST", "/api/account/passkeys", {
    cookie: who.cookie,
    body: { name, response },
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.json as { passkey: PasskeyView }).passkey;
}

async function signInOptions(): Promise<AuthenticationOptions> {
  const answer = await call(runtime, "POST", "/api/auth/passkey/options", { body: {} });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { options: AuthenticationOptions }).options;
}

const verify = (response: unknown, ip = freshIp()) =>
  call(runtime, "POST", "/api/auth/passkey/verify", {
    body: { response },
    ip,
    headers: { "user-agent": UA },
  });

const UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const setsSession = (answer: HttpAnswer) =>
  answer.headers.getSetCookie().some((cookie) => /^__Host-session=[^;]/.test(cookie));

/** This month's audit entries. */
async function auditEntries(): Promise<Record<string, unknown>[]> {
  const answer = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table("audit"),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `audit#${new Date().toISOString().slice(0, 7)}` },
    }),
  );
  return answer.Items ?? [];
}

const passkeysOf = async (cookie: string) =>
  ((await call(runtime, "GET", "/api/account/passkeys", { cookie })).json as { passkeys: PasskeyView[] })
    .passkeys;

describe("passkeys", () => {
  it("adds a passkey with the password, then signs in with it alone like a password sign-in", async () => {
    const pia = await member("pia");
    const authenticator = new SoftAuthenticator(runtime.url);

    const wrong = await call(runtime, "POST", "/api/account/passkeys/options", {
      cookie: pia.cookie,
      body: { password: "not the password" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ fieldErrors: { password: ACCOUNT_MESSAGES.currentPasswordWrong } });

    const options = await registrationOptions(pia.cookie, pia.password);
    expect(options.rp.id).toBe("localhost");
    const added = await register(pia, authenticator, "Laptop");
    expect(added).toMatchObject({ name: "Laptop", lastUsedAt: null });
    expect(await passkeysOf(pia.cookie)).toEqual([added]);
    const security = await call(runtime, "GET", "/api/account/security", { cookie: pia.cookie });
    expect(security.json).toMatchObject({ passkeys: 1 });

    const ip = freshIp();
    const answer = await verify(authenticator.authenticate(await signInOptions()), ip);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ user: { username: "pia", email: "pia@example.com", role: "staff" } });
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
    expect(cookie).toMatch(/HttpOnly/i);
    const session = (cookie ?? "").split(";")[0] as string;
    expect((await call(runtime, "GET", "/api/auth/user", { cookie: session })).json).toMatchObject({
      user: { username: "pia" },
    });
    const sessions = (await call(runtime, "GET", "/api/account/sessions", { cookie: session })).json as {
      sessions: { device: string; ip: string | null; current: boolean }[];
    };
    expect(sessions.sessions.find((entry) => entry.current)).toMatchObject({
      device: "Chrome 131 on Linux",
      ip,
    });
    expect((await passkeysOf(session))[0]?.lastUsedAt).not.toBeNull();

    const mine = (await auditEntries()).filter((item) => item.actor === "pia");
    expect(mine.map((item) => item.action)).toEqual(
      expect.arrayContaining(["account.passkey.add", "login.success"]),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({
        action: "login.success",
        details: expect.objectContaining({ method: "passkey" }),
      }),
    );
  });

  it("uses a challenge once: a replayed answer is refused, for sign-in and for adding", async () => {
    const quin = await member("quin");
    const authenticator = new SoftAuthenticator(runtime.url, 0);
    const response = authenticator.register(await registrationOptions(quin.cookie, quin.password));
    const first = await call(runtime, "POST", "/api/account/passkeys", {
      cookie: quin.cookie,
      body: { response },
    });
    expect(first.status, first.text).toBe(201);
    const again = await call(runtime, "POST", "/api/account/passkeys", {
      cookie: quin.cookie,
      body: { response },
    });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: PASSKEY_MESSAGES.challengeInvalid });

    const signedIn = authenticator.authenticate(await signInOptions());
    expect((await verify(signedIn)).status).toBe(200);
    const replay = await verify(signedIn);
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual({ error: PASSKEY_MESSAGES.challengeInvalid });
    expect(setsSession(replay)).toBe(false);
  });

  it("starts exactly one session for parallel answers to one challenge", async () => {
    const rae = await member("rae");
    // Counter 0 (a platform passkey): only the challenge can tell the copies apart.
    const authenticator = new SoftAuthenticator(runtime.url, 0);
    await register(rae, authenticator);
    const response = authenticator.authenticate(await signInOptions());
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(response)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(answers.filter(setsSession)).toHaveLength(1);
  });

  it("refuses a passkey made for another origin or RP ID, storing nothing", async () => {
    const sol = await member("sol");
    const elsewhere = new SoftAuthenticator(runtime.url.replace("localhost", "127.0.0.1"));
    const otherOrigin = await call(runtime, "POST", "/api/account/passkeys", {
      cookie: sol.cookie,
      body: { response: elsewhere.register(await registrationOptions(sol.cookie, sol.password)) },
    });
    expect(otherOrigin.status).toBe(400);
    expect(otherOrigin.json).toEqual({ error: PASSKEY_MESSAGES.wrongSite });
    const here = new SoftAuthenticator(runtime.url);
    const otherRp = await call(runtime, "POST", "/api/account/passkeys", {
      cookie: sol.cookie,
      body: {
        response: here.register(await registrationOptions(sol.cookie, sol.password), { rpId: "example.com" }),
      },
    });
    expect(otherRp.status).toBe(400);
    expect(otherRp.json).toEqual({ error: PASSKEY_MESSAGES.wrongSite });
    expect((await users.find("sol"))?.passkeys).toBeUndefined();

    // A registered passkey answering for another origin or RP ID does not sign in.
    await register(sol, here);
    for (const overrides of [{ origin: "http://localhost:1" }, { rpId: "example.com" }]) {
      const answer = await verify(here.authenticate(await signInOptions(), overrides));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: PASSKEY_MESSAGES.wrongSite });
      expect(setsSession(answer)).toBe(false);
    }
  });

  it("refuses a deactivated account, an unverified user, a counter that goes back and an unknown passkey", async () => {
    const tom = await member("tom");
    const authenticator = new SoftAuthenticator(runtime.url);
    await register(tom, authenticator);
    expect((await verify(authenticator.authenticate(await signInOptions()))).status).toBe(200);

    const unverified = await verify(authenticator.authenticate(await signInOptions(), { unverified: true }));
    expect(unverified.status).toBe(401);
    expect(unverified.json).toEqual({ error: PASSKEY_MESSAGES.invalid });

    // The last accepted counter was 1: a clone answering 1 again is refused.
    const cloned = await verify(authenticator.authenticate(await signInOptions(), { counter: 1 }));
    expect(cloned.status).toBe(401);
    expect(setsSession(cloned)).toBe(false);

    const stranger = new SoftAuthenticator(runtime.url);
    stranger.register({ challenge: "x".repeat(43), rp: { id: "localhost" }, user: { id: "dG9t" } });
    const unknown = await verify(stranger.authenticate(await signInOptions()));
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ error: PASSKEY_MESSAGES.notRegistered });

    await runtime.db.send(
      new UpdateCommand({
        TableName: runtime.table("users"),
        Key: { username: "tom" },
        UpdateExpression: "SET deactivatedAt = :at",
        ExpressionAttributeValues: { ":at": new Date().toISOString() },
      }),
    );
    const deactivated = await verify(authenticator.authenticate(await signInOptions()));
    expect(deactivated.status).toBe(403);
    expect(deactivated.json).toEqual({ error: STAFF_MESSAGES.accountDeactivated });
    expect(setsSession(deactivated)).toBe(false);
  });

  it("renames and removes a passkey; an admin's second-factor reset removes them all", async () => {
    const uma = await member("uma");
    const authenticator = new SoftAuthenticator(runtime.url);
    const first = await register(uma, authenticator, "First");
    await register(uma, authenticator, "Second");
    const renamed = await call(runtime, "PATCH", `/api/account/passkeys/${first.id}`, {
      cookie: uma.cookie,
      body: { name: "Office key" },
    });
    expect(renamed.json).toMatchObject({ passkey: { id: first.id, name: "Office key" } });
    // Removing one asks for the password again (docs/decisions/0082).
    const remove = (password: string) =>
      call(runtime, "DELETE", `/api/account/passkeys/${first.id}`, {
        cookie: uma.cookie,
        body: { password },
        ip: freshIp(),
      });
    expect((await remove("not uma's password")).json).toMatchObject({
      fieldErrors: { password: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    expect((await remove(uma.password)).status).toBe(204);
    expect((await passkeysOf(uma.cookie)).map((passkey) => passkey.name)).toEqual(["Second"]);
    expect((await remove(uma.password)).status).toBe(404);

    const admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password, freshIp());
    const reset = await call(runtime, "POST", "/api/team/members/uma/reset-second-factor", {
      cookie: admin,
      body: {},
    });
    expect(reset.json).toMatchObject({ member: { username: "uma", passkeys: 0 } });
    expect((await auditEntries()).filter((item) => item.action === "team.second-factor.reset")).toEqual([
      expect.objectContaining({ actor: FIRST_ADMIN.username, target: "uma" }),
    ]);
    const answer = await verify(authenticator.authenticate(await signInOptions()));
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: PASSKEY_MESSAGES.notRegistered });
  });

  describe("the domain code with an injected clock against the same store", () => {
    const deps = (clock: () => Date, mfaRequired = false): PasskeyDependencies => ({
      db: runtime.db,
      tables: {
        users: runtime.table("users"),
        authState: runtime.table("authState"),
        audit: runtime.table("audit"),
      },
      key: new Uint8Array(randomBytes(32)),
      clock,
      mfaRequired,
      log: createLogger({}),
      rp: relyingPartyOf(runtime.url),
    });

    it("refuses a challenge older than five minutes", async () => {
      const vic = await member("vic");
      const authenticator = new SoftAuthenticator(runtime.url);
      await register(vic, authenticator);
      let now = new Date();
      const clock = deps(() => now);
      const late = authenticator.authenticate((await passkeySignInOptions(clock)) as AuthenticationOptions);
      const inTime = authenticator.authenticate((await passkeySignInOptions(clock)) as AuthenticationOptions);
      now = new Date(now.getTime() + CHALLENGE_SECONDS * 1000 - 1000);
      expect((await signInWithPasskey(clock, { response: inTime, ip: freshIp() })).kind).toBe("success");
      now = new Date(now.getTime() + 1000);
      expect((await signInWithPasskey(clock, { response: late, ip: freshIp() })).kind).toBe(
        "challengeInvalid",
      );
    });

    it("counts a passkey as both factors where the stage requires a second factor", async () => {
      const xia = await member("xia");
      const authenticator = new SoftAuthenticator(runtime.url);
      await register(xia, authenticator);
      const required = deps(() => new Date(), true);
      // The password alone is not enough there, and the answer says what is.
      expect(await login(required, { username: "xia", password: xia.password, ip: freshIp() })).toEqual({
        kind: "usePasskey",
      });
      const response = authenticator.authenticate(
        (await passkeySignInOptions(required)) as AuthenticationOptions,
      );
      expect(await signInWithPasskey(required, { response, ip: freshIp() })).toMatchObject({
        kind: "success",
        user: { username: "xia" },
      });
    });

    it("keeps one second factor when the app and the last passkey are removed at once", async () => {
      const required = deps(() => new Date(), true);
      /** `required` whose first update of an account runs `meanwhile` to its end just before it. */
      const interleaved = (meanwhile: () => Promise<unknown>): PasskeyDependencies => {
        let pending = true;
        const db = new Proxy(runtime.db, {
          get: (target, property, receiver) =>
            property === "send"
              ? async (command: Parameters<typeof target.send>[0]) => {
                  if (
                    pending &&
                    command instanceof UpdateCommand &&
                    command.input.TableName === required.tables.users
                  ) {
                    pending = false;
                    await meanwhile();
                  }
                  return target.send(command);
                }
              : Reflect.get(target, property, receiver),
        });
        return { ...required, db };
      };
      for (const completesFirst of ["app", "passkey"] as const) {
        const who = `yan-${completesFirst}`;
        const yan = await member(who);
        const { id } = await register(yan, new SoftAuthenticator(runtime.url));
        await users.setTotpSecret(who, "JBSWY3DPEHPK3PXP");
        const removeApp = (using: PasskeyDependencies) =>
          removeTotp(using, { username: who, password: yan.password });
        const removeKey = (using: PasskeyDependencies) =>
          removePasskey(using, { username: who, id, password: yan.password });
        // The later removal has read both factors when the other one removes its own.
        const later =
          completesFirst === "app"
            ? await removeKey(interleaved(() => removeApp(required)))
            : await removeApp(interleaved(() => removeKey(required)));
        expect(later, who).toEqual({ kind: "lastFactor" });
        const stored = await users.find(who);
        expect((stored?.passkeys?.length ?? 0) + (stored?.totpSecret ? 1 : 0), who).toBe(1);
      }
    });

    it("keeps the last second factor where the stage requires one", async () => {
      const wyn = await member("wyn");
      const authenticator = new SoftAuthenticator(runtime.url);
      const [first, second] = [await register(wyn, authenticator), await register(wyn, authenticator)];
      const required = deps(() => new Date(), true);
      const remove = (id: string) => removePasskey(required, { username: "wyn", id, password: wyn.password });
      expect(await remove(first.id)).toEqual({ kind: "removed" });
      expect(await remove(second.id)).toEqual({
        kind: "lastFactor",
      });
      expect((await users.find("wyn"))?.passkeys).toHaveLength(1);
    });
  });
});
