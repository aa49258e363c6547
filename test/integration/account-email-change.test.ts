/**
 * A verified address change and what "This wasn't me" may do without the password, over real HTTP
 * against the local runtime, e-mails through the local SES inbox (docs/decisions/0121, 0122):
 * - PUT /api/account/email only asks: the address changes once the link sent to the new address is
 *   followed (once, for the newest request only); the old address is told; the change can be
 *   cancelled; until then reset links go to the current address;
 * - an address another member has, or that a pending invitation holds, can never be claimed, and
 *   the answer is the same as for a free address; a pending change never blocks an invitation;
 * - "This wasn't me" cancels a change still pending, and never gives a previous address the
 *   account back: used after the change took effect, it ends every session and locks the account
 *   until an admin reactivates it; no reset link goes anywhere meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CHANGE_MESSAGES, NOT_ME_MESSAGES } from "../../events";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import type { Email, RuntimeProcess } from "../support/runtime";
import { call, FIRST_ADMIN, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let users: UsersRepository;
let admin: string;
let ipCount = 0;
const freshIp = () => `198.51.100.${++ipCount}`;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
  admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password, freshIp());
});

afterAll(async () => {
  await runtime?.stop();
});

interface Member {
  readonly username: string;
  readonly email: string;
  readonly password: string;
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

async function linkTokens(to: string, path: string, since: number, count = 1): Promise<string[]> {
  const mails = await runtime.waitFor(async () => {
    const mine = await mailsTo(to, since);
    return mine.filter((mail) => mail.body.text?.includes(path)).length >= count ? mine : undefined;
  });
  const pattern = new RegExp(`${path}#token=([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`);
  return mails.flatMap((mail) => pattern.exec(mail.body.text ?? "")?.[1] ?? []);
}

const confirmTokens = (to: string, since: number, count = 1) =>
  linkTokens(to, "/commandcenter/confirm-email", since, count);
const notMeTokens = (to: string, since: number) => linkTokens(to, "/commandcenter/not-me", since);
const askFor = (who: Member, email: string) =>
  call(runtime, "PUT", "/api/account/email", {
    cookie: who.cookie,
    body: { email, password: who.password },
    ip: freshIp(),
  });
const confirm = (token: string) =>
  call(runtime, "POST", "/api/auth/email/confirm", { body: { token }, ip: freshIp() });
const notMe = (token: string) =>
  call(runtime, "POST", "/api/auth/not-me", { body: { token }, ip: freshIp() });
const forgot = (login: string) =>
  call(runtime, "POST", "/api/auth/password/forgot", { body: { login }, ip: freshIp() });
const addressOf = async (username: string) => (await users.find(username))?.email;
const signedIn = async (cookie: string) =>
  (await call(runtime, "GET", "/api/account/sessions", { cookie })).status === 200;
/** Every reset link sent to `to` since `since` (none is waited for). */
const resetMails = async (to: string, since: number) =>
  (await mailsTo(to, since)).filter((mail) => mail.body.text?.includes("/commandcenter/reset-password"));

describe("a new address takes effect only through the link sent to it", () => {
  it("asks, tells the old address, confirms once, and only the newest request", async () => {
    const ann = await member("ann");
    const since = nowSeconds();
    const first = await askFor(ann, "ann.first@example.net");
    expect(first.status, first.text).toBe(202);
    expect(first.json).toEqual({
      email: ann.email,
      pending: { email: "ann.first@example.net", expiresAt: expect.any(String) },
    });
    // Nothing changed yet: the account, its sign-in view and where a reset link goes.
    expect(await addressOf("ann")).toBe(ann.email);
    const own = await call(runtime, "GET", "/api/auth/user", { cookie: ann.cookie });
    expect((own.json as { user: { email: string } }).user.email).toBe(ann.email);
    expect((await call(runtime, "GET", "/api/account/email", { cookie: ann.cookie })).json).toEqual(
      first.json,
    );
    const [older] = await confirmTokens("ann.first@example.net", since);
    // The old address is told, with its "This wasn't me" link.
    expect((await notMeTokens(ann.email, since)).length).toBe(1);

    // A newer request replaces the first: its link no longer works.
    expect((await askFor(ann, "ann.second@example.net")).status).toBe(202);
    const [newer] = await confirmTokens("ann.second@example.net", since);
    const stale = await confirm(older as string);
    expect([stale.status, stale.json]).toEqual([400, { error: EMAIL_CHANGE_MESSAGES.invalidLink }]);

    const done = await confirm(newer as string);
    expect([done.status, done.json]).toEqual([
      200,
      { email: "ann.second@example.net", message: EMAIL_CHANGE_MESSAGES.confirmed },
    ]);
    expect(await addressOf("ann")).toBe("ann.second@example.net");
    expect((await call(runtime, "GET", "/api/account/email", { cookie: ann.cookie })).json).toEqual({
      email: "ann.second@example.net",
      pending: null,
    });
    const again = await confirm(newer as string);
    expect([again.status, again.json]).toEqual([400, { error: EMAIL_CHANGE_MESSAGES.invalidLink }]);
    expect((await confirm("nope.nope")).status).toBe(400);
  });

  it("can be cancelled: its link then does nothing", async () => {
    const ben = await member("ben");
    const since = nowSeconds();
    expect((await askFor(ben, "ben.new@example.net")).status).toBe(202);
    const [token] = await confirmTokens("ben.new@example.net", since);
    const cancelled = await call(runtime, "DELETE", "/api/account/email", { cookie: ben.cookie });
    expect([cancelled.status, cancelled.json]).toEqual([200, { email: ben.email, pending: null }]);
    expect((await confirm(token as string)).status).toBe(400);
    expect(await addressOf("ben")).toBe(ben.email);
  });

  it("never lets a member claim an invitee's or another member's address, and answers alike", async () => {
    const cat = await member("cat");
    const dan = await member("dan");
    const invitee = `invitee.${Date.now()}@example.org`;
    const invited = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: invitee, role: "staff" },
    });
    expect(invited.status, invited.text).toBe(201);
    const since = nowSeconds();
    const free = await askFor(cat, "cat.free@example.net");
    const pendingInvitee = await askFor(cat, invitee);
    const otherMember = await askFor(cat, dan.email);
    // The same status and shape whoever the address belongs to.
    for (const answer of [free, pendingInvitee, otherMember]) {
      expect(answer.status, answer.text).toBe(202);
      expect(Object.keys(answer.json ?? {})).toEqual(["email", "pending"]);
    }
    await confirmTokens("cat.free@example.net", since);
    // No link reached the invitee or the other member: nothing they could confirm.
    const confirmLinks = async (to: string) =>
      (await mailsTo(to, since)).filter((mail) => mail.body.text?.includes("/commandcenter/confirm-email"));
    expect(await confirmLinks(invitee)).toEqual([]);
    expect(await confirmLinks(dan.email)).toEqual([]);
    expect(await addressOf("cat")).toBe(cat.email);
    // A reset link for cat's account still goes to cat's own address only.
    const resetSince = nowSeconds();
    expect((await forgot("cat")).status).toBe(202);
    await runtime.waitFor(async () =>
      (await resetMails(cat.email, resetSince)).length > 0 ? true : undefined,
    );
    expect(await resetMails(invitee, resetSince)).toEqual([]);
  });

  it("never blocks an invitation, and cannot be confirmed once the address is invited", async () => {
    const eve = await member("eve");
    const wanted = `wanted.${Date.now()}@example.org`;
    const since = nowSeconds();
    expect((await askFor(eve, wanted)).status).toBe(202);
    const [token] = await confirmTokens(wanted, since);
    const invited = await call(runtime, "POST", "/api/team/invitations", {
      cookie: admin,
      body: { email: wanted, role: "staff" },
    });
    expect(invited.status, invited.text).toBe(201);
    const refused = await confirm(token as string);
    expect([refused.status, refused.json]).toEqual([409, { error: EMAIL_CHANGE_MESSAGES.unavailable }]);
    expect(await addressOf("eve")).toBe(eve.email);
  });
});

describe("This wasn't me, without the password", () => {
  it("cancels a change still pending; the address stays, every session ends, nothing is locked", async () => {
    const fay = await member("fay");
    const since = nowSeconds();
    expect((await askFor(fay, "fay.thief@evil.example")).status).toBe(202);
    const [confirmToken] = await confirmTokens("fay.thief@evil.example", since);
    const [undo] = await notMeTokens(fay.email, since);
    const answer = await notMe(undo as string);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.message).toContain(NOT_ME_MESSAGES.emailChangeCancelled);
    expect(answer.json?.message).not.toContain(NOT_ME_MESSAGES.locked);
    expect(await signedIn(fay.cookie)).toBe(false);
    expect((await confirm(confirmToken as string)).status).toBe(400);
    expect(await addressOf("fay")).toBe(fay.email);
    expect(await signIn(runtime, "fay", fay.password, freshIp())).toBeTruthy();
  });

  it("after the change took effect: never returns the account to the previous address; locks it", async () => {
    const gil = await member("gil");
    const newAddress = "gil.new@example.net";
    const elsewhere = await signIn(runtime, "gil", gil.password, freshIp());
    const since = nowSeconds();
    expect((await askFor(gil, newAddress)).status).toBe(202);
    const [token] = await confirmTokens(newAddress, since);
    expect((await confirm(token as string)).status).toBe(200);
    // Whoever holds the previous address opens the notice's link.
    const [undo] = await notMeTokens(gil.email, since);
    const answer = await notMe(undo as string);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.message).toContain(NOT_ME_MESSAGES.locked);
    expect(await addressOf("gil")).toBe(newAddress);
    expect(await signedIn(gil.cookie)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    // The current address is told at once.
    await runtime.waitFor(async () =>
      (await mailsTo(newAddress, since)).some((mail) => mail.subject.includes("was locked"))
        ? true
        : undefined,
    );

    // No way in: the password is refused, and no reset link goes to either address.
    const login = await call(runtime, "POST", "/api/auth/login", {
      body: { username: "gil", password: gil.password },
      ip: freshIp(),
    });
    expect(login.status).not.toBe(200);
    const resetSince = nowSeconds();
    for (const name of ["gil", gil.email, newAddress]) expect((await forgot(name)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resetMails(gil.email, resetSince)).toEqual([]);
    expect(await resetMails(newAddress, resetSince)).toEqual([]);

    // An admin unlocks it (reactivation); the password signs in again.
    const unlocked = await call(runtime, "PATCH", "/api/team/members/gil", {
      cookie: admin,
      body: { active: true },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(await signIn(runtime, "gil", gil.password, freshIp())).toBeTruthy();
    expect(await addressOf("gil")).toBe(newAddress);
  });
});
