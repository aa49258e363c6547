/**
 * More of the account's own security changes over real HTTP against the local runtime
 * (docs/decisions/0082), e-mails through the local SES inbox:
 * - a password change is announced to the account's address with a "This wasn't me" link, before
 *   it is written (a notice that cannot be sent changes nothing), and audited; the link ends every
 *   session, the new one included;
 * - "This wasn't me" is limited per client address like the other link routes.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_ME_MESSAGES } from "../../events";
import type { LoginDependencies } from "../../functions/model/staff/auth-deps";
import { hashPassword, verifyPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { AnnouncementFailed } from "../../functions/staff/account-changes";
import { changePassword } from "../../functions/staff/change-password";
import { NOT_ME_ADDRESS_LIMIT } from "../../functions/staff/not-me";
import type { RuntimeProcess } from "../support/runtime";
import { call, sessionCookieOf, signIn, startStaffRuntime } from "./auth-support";

let runtime: RuntimeProcess;
let users: UsersRepository;
let ipCount = 0;
/** A fresh client address per request group, so one test's limits never reach another's. */
const freshIp = () => `203.0.113.${++ipCount}`;

beforeAll(async () => {
  runtime = await startStaffRuntime();
  users = new UsersRepository(runtime.db, runtime.table("users"));
});

afterAll(async () => {
  await runtime?.stop();
});

async function member(username: string) {
  const password = `${username} has a long enough password`;
  const email = `${username}@example.com`;
  await users.create(username, await hashPassword(password), new Date(), { email, role: "staff" });
  return { username, email, password, cookie: await signIn(runtime, username, password, freshIp()) };
}

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;
const signedIn = async (cookie: string) =>
  (await call(runtime, "GET", "/api/account/sessions", { cookie })).status === 200;

async function auditActions(actor: string): Promise<unknown[]> {
  const answer = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table("audit"),
      KeyConditionExpression: "pk = :pk",
      FilterExpression: "actor = :actor",
      ExpressionAttributeValues: { ":pk": `audit#${new Date().toISOString().slice(0, 7)}`, ":actor": actor },
    }),
  );
  return (answer.Items ?? []).map((item) => item.action);
}

describe("a password change", () => {
  it("is audited and announced to the account's address with a link that ends every session", async () => {
    const pia = await member("pia");
    const elsewhere = await signIn(runtime, "pia", pia.password, freshIp());
    const since = nowSeconds();
    const changed = await call(runtime, "POST", "/api/account/password", {
      cookie: pia.cookie,
      body: { currentPassword: pia.password, newPassword: "pia's second long password" },
      ip: "203.0.113.200",
    });
    expect(changed.status, changed.text).toBe(200);
    const fresh = sessionCookieOf(changed);
    const notice = await runtime.waitFor(async () =>
      (await runtime.emails()).find(
        (mail) =>
          mail.destination.to.includes(pia.email) && mail.at >= since && mail.body.text?.includes("not-me"),
      ),
    );
    expect(notice.body.text).toMatch(/^The password of your account was changed\./);
    expect(notice.body.text).toContain("from 203.0.113.200");
    expect(await auditActions("pia")).toContain("account.password");

    const token = /\/commandcenter\/not-me#token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(
      notice.body.text ?? "",
    )?.[1];
    expect(await signedIn(fresh)).toBe(true);
    const undo = await call(runtime, "POST", "/api/auth/not-me", { body: { token }, ip: freshIp() });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json?.message).toContain(NOT_ME_MESSAGES.done);
    expect(await signedIn(fresh)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await auditActions("pia")).toContain("account.not-me");
  });

  it("is not written when its notice cannot be sent", async () => {
    const ray = await member("ray");
    const before = await users.find("ray");
    // Only what the change reads before the notice: it never reaches the session key.
    const deps = {
      db: runtime.db,
      tables: {
        users: runtime.table("users"),
        authState: runtime.table("authState"),
        audit: runtime.table("audit"),
      },
      clock: () => new Date(),
      log: { info: () => {}, warn: () => {}, error: () => {} },
    } as unknown as LoginDependencies;
    await expect(
      changePassword(deps, {
        username: "ray",
        currentPassword: ray.password,
        newPassword: "ray's second long password",
        ip: freshIp(),
        announce: async () => {
          throw new AnnouncementFailed(new Error("SES is down"));
        },
      }),
    ).rejects.toBeInstanceOf(AnnouncementFailed);
    const after = await users.find("ray");
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await verifyPassword(ray.password, after?.passwordHash ?? "")).toBe(true);
    expect(await signedIn(ray.cookie)).toBe(true);
  });
});

describe("This wasn't me", () => {
  it(`answers 429 after ${NOT_ME_ADDRESS_LIMIT} requests from one address in 15 minutes; other addresses are unaffected`, async () => {
    const ip = "203.0.113.250";
    const bogus = `${"A".repeat(22)}.${"B".repeat(43)}`;
    const attempt = (from: string) =>
      call(runtime, "POST", "/api/auth/not-me", { body: { token: bogus }, ip: from });
    for (let n = 0; n < NOT_ME_ADDRESS_LIMIT; n++) {
      const answer = await attempt(ip);
      expect([answer.status, answer.json]).toEqual([400, { error: NOT_ME_MESSAGES.invalidLink }]);
    }
    const over = await attempt(ip);
    expect([over.status, over.json]).toEqual([429, { error: NOT_ME_MESSAGES.throttled }]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt(freshIp())).status).toBe(400);
  });
});
