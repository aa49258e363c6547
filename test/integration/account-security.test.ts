/**
 * The account's own security changes over real HTTP against the local runtime (docs/decisions/0082),
 * e-mails through the local SES inbox:
 * - a new address and every second-factor change (authenticator app set up or removed, passkey
 *   added or removed) ask for the current password, which counts as a sign-in attempt; each is
 *   audited and announced (to the old address for a new one) with a "This wasn't me" link;
 * - that link, once, for its own account only, ends every session, voids the reset links sent so
 *   far, locks the account when it went to a previous address (docs/decisions/0121) or removes the
 *   passkey it announced, and voids the links of the changes made after it (so a later link cannot
 *   undo the undo);
 * - a reset link dies with a reset, a password change or a new address;
 * - the forgotten-password e-mails are limited per account, whichever of its names was typed.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, NOT_ME_MESSAGES, PASSWORD_RESET_MESSAGES } from "../../events";
import type { PasskeyView } from "../../events/passkeys";
import { hashPassword } from "../../functions/model/staff/password";
import { ACCOUNT_FAILURE_LIMIT } from "../../functions/model/staff/throttle";
import { UsersRepository } from "../../functions/model/staff/users";
import {
  announceChange,
  type ChangeNoticeDependencies,
  NOT_ME_VALID_DAYS,
} from "../../functions/staff/account-changes";
import { undoChange } from "../../functions/staff/not-me";
import { RESET_ACCOUNT_LIMIT } from "../../functions/staff/password-reset";
import { totpCode } from "../../functions/staff/totp";
import type { Email, RuntimeProcess } from "../support/runtime";
import { type RegistrationOptions, SoftAuthenticator } from "../support/soft-authenticator";
import { call, type HttpAnswer, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let users: UsersRepository;
let ipCount = 0;
/** A fresh client address per request group, so one test's failures never throttle another's. */
const freshIp = () => `198.51.100.${++ipCount}`;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
});

afterAll(async () => {
  await runtime?.stop();
});

interface Member {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** A session of the member's. */
  readonly cookie: string;
}

async function member(username: string): Promise<Member> {
  const password = `${username} has a long enough password`;
  const email = `${username}@example.com`;
  await users.create(username, await hashPassword(password), new Date(), { email, role: "staff" });
  return { username, email, password, cookie: await signIn(runtime, username, password, freshIp()) };
}

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;
const mailsTo = async (to: string, since = 0): Promise<Email[]> =>
  (await runtime.emails()).filter((email) => email.destination.to.includes(to) && email.at >= since);

/** The one-time tokens of every link to `path` in the e-mails to `to` since `since`, oldest first. */
async function linkTokens(to: string, path: string, since: number, count = 1): Promise<string[]> {
  const mails = await runtime.waitFor(async () => {
    const mine = await mailsTo(to, since);
    return mine.filter((mail) => mail.body.text?.includes(path)).length >= count ? mine : undefined;
  });
  const pattern = new RegExp(`${path}#token=([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`);
  return mails.flatMap((mail) => pattern.exec(mail.body.text ?? "")?.[1] ?? []);
}

const notMeTokens = (to: string, since: number, count = 1) =>
  linkTokens(to, "/commandcenter/not-me", since, count);
const resetTokens = (to: string, since: number, count = 1) =>
  linkTokens(to, "/commandcenter/reset-password", since, count);

const setEmail = (who: Pick<Member, "cookie">, body: Record<string, unknown>, ip = freshIp()) =>
  call(runtime, "PUT", "/api/account/email", { cookie: who.cookie, body, ip });
/** Asks for a new address and follows the link sent to it (docs/decisions/0122). */
async function changeEmail(who: Member, email: string): Promise<void> {
  const since = nowSeconds();
  expect((await setEmail(who, { email, password: who.password })).status).toBe(202);
  const [token] = await linkTokens(email, "/commandcenter/confirm-email", since);
  const confirmed = await call(runtime, "POST", "/api/auth/email/confirm", {
    body: { token },
    ip: freshIp(),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}
const notMe = (token: string) =>
  call(runtime, "POST", "/api/auth/not-me", { body: { token }, ip: freshIp() });
const forgot = (login: string) =>
  call(runtime, "POST", "/api/auth/password/forgot", { body: { login }, ip: freshIp() });
const resetWith = (token: string, password = "a brand new password for the reset") =>
  call(runtime, "POST", "/api/auth/password/reset", { body: { token, password }, ip: freshIp() });
const signedIn = async (cookie: string) =>
  (await call(runtime, "GET", "/api/account/sessions", { cookie })).status === 200;
const passwordError = (answer: HttpAnswer) => [
  answer.status,
  (answer.json?.fieldErrors as Record<string, string> | undefined)?.password,
];

/** This month's audit entries of an actor. */
async function auditOf(actor: string): Promise<Record<string, unknown>[]> {
  const answer = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table("audit"),
      KeyConditionExpression: "pk = :pk",
      FilterExpression: "actor = :actor",
      ExpressionAttributeValues: { ":pk": `audit#${new Date().toISOString().slice(0, 7)}`, ":actor": actor },
    }),
  );
  return answer.Items ?? [];
}

async function addPasskey(who: Member, authenticator: SoftAuthenticator): Promise<PasskeyView> {
  const options = await call(runtime, "POST", "/api/account/passkeys/options", {
    cookie: who.cookie,
    body: { password: who.password },
    ip: freshIp(),
  });
  expect(options.status, options.text).toBe(200);
  const response = authenticator.register((options.json as { options: RegistrationOptions }).options);
  const added = await call(runtime, "POST", "/api/account/passkeys", {
    cookie: who.cookie,
    body: { name: "Thief's key", response },
  });
  expect(added.status, added.text).toBe(201);
  return (added.json as { passkey: PasskeyView }).passkey;
}

describe("a new address", () => {
  it("asks for the current password, refuses another member's address, is audited and told to the old address", async () => {
    const ann = await member("ann");
    await member("ben");
    const thief = "ann.thief@evil.example";

    const without = await setEmail(ann, { email: thief });
    expect(passwordError(without)).toEqual([400, "Enter your current password"]);
    const wrong = await setEmail(ann, { email: thief, password: "not ann's password" });
    expect(passwordError(wrong)).toEqual([400, ACCOUNT_MESSAGES.currentPasswordWrong]);
    expect((await users.find("ann"))?.email).toBe(ann.email);

    // Another member's address in any spelling: the same answer as any other, but no link, and
    // nothing ever changes (docs/decisions/0122).
    const refusedSince = nowSeconds();
    for (const taken of ["ben@example.com", "BEN@Example.com"]) {
      const answer = await setEmail(ann, { email: taken, password: ann.password });
      expect([taken, answer.status]).toEqual([taken, 202]);
    }
    expect((await users.find("ann"))?.email).toBe(ann.email);
    expect(
      (await mailsTo("ben@example.com", refusedSince)).filter((mail) =>
        mail.body.text?.includes("confirm-email"),
      ),
    ).toEqual([]);

    const since = nowSeconds();
    const asked = await setEmail(ann, { email: thief, password: ann.password });
    expect([asked.status, asked.json]).toEqual([
      202,
      { email: ann.email, pending: { email: thief, expiresAt: expect.any(String) } },
    ]);
    const notice = (await mailsTo(ann.email, since)).find((mail) => mail.body.text?.includes(thief));
    expect(notice?.subject).toBe("A security change to your RepDesk Command Center account");
    expect(notice?.body.text).toContain(`${thief} instead of ${ann.email}`);
    expect(notice?.body.text).toContain("/commandcenter/not-me#token=");
    expect((await users.find("ann"))?.email).toBe(ann.email);
    const [token] = await linkTokens(thief, "/commandcenter/confirm-email", since);
    expect(
      (await call(runtime, "POST", "/api/auth/email/confirm", { body: { token }, ip: freshIp() })).status,
    ).toBe(200);
    expect((await users.find("ann"))?.email).toBe(thief);
    expect((await auditOf("ann")).filter((entry) => entry.action === "account.email")).toEqual([
      expect.objectContaining({ details: { address: thief, previous: ann.email } }),
    ]);
  });

  it("counts a wrong current password as a failed sign-in: the account locks for that address", async () => {
    const cy = await member("cy");
    const ip = freshIp();
    const statuses = [];
    for (let attempt = 0; attempt <= ACCOUNT_FAILURE_LIMIT; attempt++)
      statuses.push(
        (await setEmail(cy, { email: "cy2@example.com", password: `guess ${attempt}` }, ip)).status,
      );
    expect(statuses).toEqual([...Array(ACCOUNT_FAILURE_LIMIT).fill(400), 429]);
    const login = await call(runtime, "POST", "/api/auth/login", {
      body: { username: "cy", password: cy.password },
      ip,
    });
    expect(login.status).toBe(429);
    // The right password from this address is refused too, and nothing changed.
    expect((await setEmail(cy, { email: "cy2@example.com", password: cy.password }, ip)).status).toBe(429);
    expect((await users.find("cy"))?.email).toBe(cy.email);
  });
});

describe("second factors", () => {
  it("sets up an authenticator app only after the password; the set-up is audited and announced", async () => {
    const dot = await member("dot");
    const start = (body: Record<string, unknown>) =>
      call(runtime, "POST", "/api/account/totp/start", { cookie: dot.cookie, body, ip: freshIp() });
    expect(passwordError(await start({}))).toEqual([400, "Enter your current password"]);
    expect(passwordError(await start({ password: "not dot's password" }))).toEqual([
      400,
      ACCOUNT_MESSAGES.currentPasswordWrong,
    ]);
    const started = await start({ password: dot.password });
    expect(started.status, started.text).toBe(200);
    const { secret } = started.json as { secret: string };

    const since = nowSeconds();
    const code = totpCode(secret, new Date());
    const confirmed = await call(runtime, "POST", "/api/account/totp/confirm", {
      cookie: dot.cookie,
      body: { code },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const [notice] = await mailsTo(dot.email, since);
    expect(notice?.body.text).toContain("An authenticator app was set up for your account");
    expect(await notMeTokens(dot.email, since)).toHaveLength(1);
    expect((await auditOf("dot")).map((entry) => entry.action)).toContain("account.totp.enrol");

    const removedSince = nowSeconds();
    const removed = await call(runtime, "POST", "/api/account/totp/remove", {
      cookie: dot.cookie,
      body: { password: dot.password },
      ip: freshIp(),
    });
    expect(removed.status, removed.text).toBe(200);
    const removal = (await mailsTo(dot.email, removedSince)).filter((mail) =>
      mail.body.text?.startsWith("The authenticator app of your account was removed."),
    );
    expect(removal).toHaveLength(1);
  });

  it("removes a passkey only with the password; adding and removing one are announced", async () => {
    const eli = await member("eli");
    const since = nowSeconds();
    const passkey = await addPasskey(eli, new SoftAuthenticator(runtime.url));
    expect((await mailsTo(eli.email, since)).map((mail) => mail.body.text)).toEqual([
      expect.stringContaining(`A passkey ("Thief's key") was added to your account`),
    ]);
    const remove = (body: Record<string, unknown>) =>
      call(runtime, "DELETE", `/api/account/passkeys/${passkey.id}`, {
        cookie: eli.cookie,
        body,
        ip: freshIp(),
      });
    expect(passwordError(await remove({}))).toEqual([400, "Enter your current password"]);
    expect(passwordError(await remove({ password: "not eli's password" }))).toEqual([
      400,
      ACCOUNT_MESSAGES.currentPasswordWrong,
    ]);
    expect((await users.find("eli"))?.passkeys).toHaveLength(1);
    const removedSince = nowSeconds();
    expect((await remove({ password: eli.password })).status).toBe(204);
    expect((await users.find("eli"))?.passkeys).toEqual([]);
    const removal = (await mailsTo(eli.email, removedSince)).filter((mail) =>
      mail.body.text?.startsWith(`The passkey "Thief's key" was removed from your account.`),
    );
    expect(removal).toHaveLength(1);
    expect((await auditOf("eli")).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["account.passkey.add", "account.passkey.remove"]),
    );
  });
});

describe("This wasn't me", () => {
  it("never gives the old address back: it locks the account, ends every session, voids the reset links sent to the new one, once", async () => {
    const fay = await member("fay");
    const elsewhere = await signIn(runtime, "fay", fay.password, freshIp());
    const thief = "fay.thief@evil.example";
    const since = nowSeconds();
    await changeEmail(fay, thief);
    // The thief asks for a reset link, which now goes to their address.
    await forgot(thief);
    const [stolenReset] = await resetTokens(thief, since);
    const [undo] = await notMeTokens(fay.email, since);

    const answer = await notMe(undo as string);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.message).toContain(NOT_ME_MESSAGES.locked);
    // The previous address does not get the account back (docs/decisions/0121): it is locked.
    expect((await users.find("fay"))?.email).toBe(thief);
    expect((await users.find("fay"))?.deactivatedAt).toBeTruthy();
    expect(await signedIn(fay.cookie)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await resetWith(stolenReset as string)).json).toEqual({
      error: PASSWORD_RESET_MESSAGES.invalidLink,
    });
    expect((await mailsTo(thief, since)).map((mail) => mail.subject)).toContain(
      "Your RepDesk Command Center account was locked",
    );
    expect((await auditOf("fay")).filter((entry) => entry.action === "account.not-me")).toEqual([
      expect.objectContaining({ details: { change: "email", locked: "true" } }),
    ]);

    const again = await notMe(undo as string);
    expect([again.status, again.json]).toEqual([400, { error: NOT_ME_MESSAGES.invalidLink }]);
  });

  it("cannot be undone by the link of a later change, nor opened with another link's secret", async () => {
    const gus = await member("gus");
    const [first, second] = ["gus.b@evil.example", "gus.c@evil.example"];
    const since = nowSeconds();
    await changeEmail(gus, first);
    await changeEmail({ ...gus, email: first }, second);
    const [ownersLink] = await notMeTokens(gus.email, since);
    const [thiefsLink] = await notMeTokens(first, since);

    const [ownersId] = (ownersLink as string).split(".");
    const [, thiefsSecret] = (thiefsLink as string).split(".");
    expect((await notMe(`${ownersId}.${thiefsSecret}`)).status).toBe(400);
    expect((await notMe("made-up.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(400);

    expect((await notMe(ownersLink as string)).status).toBe(200);
    expect((await users.find("gus"))?.deactivatedAt).toBeTruthy();
    // The later change's link (sent to an address the thief set) is void: the owner's undo stands.
    const late = await notMe(thiefsLink as string);
    expect([late.status, late.json]).toEqual([400, { error: NOT_ME_MESSAGES.invalidLink }]);
    expect((await users.find("gus"))?.email).toBe(second);
  });

  it("removes the passkey it announced, which no longer signs in", async () => {
    const hal = await member("hal");
    const authenticator = new SoftAuthenticator(runtime.url);
    const since = nowSeconds();
    await addPasskey(hal, authenticator);
    const [undo] = await notMeTokens(hal.email, since);
    const answer = await notMe(undo as string);
    expect(answer.json?.message).toContain(NOT_ME_MESSAGES.passkeyRemoved);
    expect((await users.find("hal"))?.passkeys).toEqual([]);
    expect(await signedIn(hal.cookie)).toBe(false);
    const options = await call(runtime, "POST", "/api/auth/passkey/options", { body: {} });
    const response = authenticator.authenticate((options.json as { options: never }).options);
    const verify = await call(runtime, "POST", "/api/auth/passkey/verify", {
      body: { response },
      ip: freshIp(),
    });
    expect(verify.status).toBe(401);
  });

  it("expires after 7 days (the domain code with an injected clock against the same store)", async () => {
    await member("ida");
    let now = new Date();
    const sent: string[] = [];
    const deps: ChangeNoticeDependencies & { tables: { audit: string } } = {
      db: runtime.db,
      tables: {
        users: runtime.table("users"),
        authState: runtime.table("authState"),
        audit: runtime.table("audit"),
      },
      clock: () => now,
      siteUrl: runtime.url,
      send: async (_to, email) => {
        sent.push(/#token=([A-Za-z0-9_.-]+)/.exec(email.text)?.[1] ?? "");
      },
    };
    await announceChange(deps, { username: "ida", change: { kind: "totp.remove" }, ip: undefined });
    await announceChange(deps, { username: "ida", change: { kind: "totp.enrol" }, ip: undefined });
    const [early, late] = sent as [string, string];
    now = new Date(now.getTime() + NOT_ME_VALID_DAYS * 24 * 3600 * 1000);
    expect(await undoChange(deps, { token: early })).toEqual({ kind: "invalid" });
    now = new Date(now.getTime() - 1000);
    expect(await undoChange(deps, { token: late })).toEqual({ kind: "done", change: "totp.enrol" });
  });
});

describe("reset links", () => {
  it("die with a reset: of two links, the one not used stops working", async () => {
    await member("jo");
    const since = nowSeconds();
    await forgot("jo");
    await forgot("jo@example.com");
    const [older, newer] = await resetTokens("jo@example.com", since, 2);
    expect((await resetWith(newer as string)).status).toBe(200);
    expect((await resetWith(older as string, "yet another long password for jo")).json).toEqual({
      error: PASSWORD_RESET_MESSAGES.invalidLink,
    });
  });

  it("die with a password change and with a new address", async () => {
    const kit = await member("kit");
    const lou = await member("lou");
    const since = nowSeconds();
    await forgot("kit");
    await forgot("lou");
    const [kitLink] = await resetTokens(kit.email, since);
    const [louLink] = await resetTokens(lou.email, since);
    const changed = await call(runtime, "POST", "/api/account/password", {
      cookie: kit.cookie,
      body: { currentPassword: kit.password, newPassword: "kit's second long password" },
      ip: freshIp(),
    });
    expect(changed.status).toBe(200);
    await changeEmail(lou, "lou.new@example.com");
    for (const token of [kitLink, louLink]) {
      const check = await call(runtime, "POST", "/api/auth/password/check", { body: { token } });
      expect(check.status).toBe(400);
      expect((await resetWith(token as string)).status).toBe(400);
    }
  });
});

describe("forgotten-password e-mails", () => {
  it("are limited per account, whichever of its names is typed, with the same answer", async () => {
    await member("max");
    const since = nowSeconds();
    const answers = [];
    for (const login of ["max", "max@example.com", "MAX", "Max@Example.com"])
      answers.push(await forgot(login));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await mailsTo("max@example.com", since)).toHaveLength(RESET_ACCOUNT_LIMIT);
  });
});
