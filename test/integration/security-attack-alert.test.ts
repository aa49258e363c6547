/**
 * "Account under attack" (functions/staff/attack-alert.ts), over real HTTP against the local runtime
 * and its SES stand-in: wrong passwords that lock an account send its owner exactly one e-mail per
 * lock window, however many requests race, and from however many addresses — through the outbox,
 * the notification queue and the notify worker. Nothing typed at the sign-in appears in it.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_FAILURE_LIMIT } from "../../functions/model/staff/throttle";
import { loadStage } from "../../infra/stages";
import { type Email, type RuntimeProcess, startRuntime } from "../support/runtime";
import { call } from "./auth-support";

const OWNER = {
  username: "ops-lead",
  password: "correct horse battery staple",
  email: "ops.lead@example.com",
};
const STAFF_INBOX = loadStage("local").staffInbox;
const SUBJECT = /Failed sign-ins locked your RepDesk Command Center account/;
let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_EMAIL: OWNER.email,
      TRUST_VIEWER_ADDRESS: "1",
    },
  });
});
afterAll(async () => {
  await runtime?.stop();
});

const wrongPasswords = (username: string, ip: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(runtime, "POST", "/api/auth/login", { body: { username, password: `Typed-Secret-${i}` }, ip }),
    ),
  );

const alertsTo = async (address: string) =>
  (await runtime.emails()).filter(
    (email) => email.destination.to.includes(address) && SUBJECT.test(email.subject),
  );

const everything = (email: Email) => `${email.subject}\n${email.body.text ?? ""}\n${email.body.html ?? ""}`;

describe("account under attack", () => {
  it("15 parallel wrong passwords: one e-mail to the account's owner, none of the typed text in it", async () => {
    const attacker = "198.51.100.77";
    const answers = await wrongPasswords(OWNER.username, attacker, 15);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15 - ACCOUNT_FAILURE_LIMIT);

    await runtime.waitFor(async () => (await alertsTo(OWNER.email)).length > 0);
    await runtime.waitFor(() => runtime.settled());
    const alerts = await alertsTo(OWNER.email);
    expect(alerts).toHaveLength(1);
    const text = everything(alerts[0] as Email);
    expect(text).toContain(attacker);
    expect(text).toContain("locked for 15 minutes");
    expect(text).toContain("change your password");
    expect(text).not.toContain("Typed-Secret");
    expect(text).not.toContain(OWNER.username);
    expect(await alertsTo(STAFF_INBOX)).toEqual([]);
  });

  it("a second locking burst from another address in the same window sends no second e-mail", async () => {
    const answers = await wrongPasswords(OWNER.username, "203.0.113.50", ACCOUNT_FAILURE_LIMIT + 3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    await runtime.waitFor(() => runtime.settled());
    expect(await alertsTo(OWNER.email)).toHaveLength(1);
  });

  it("tells the staff inbox, naming the account, when the account has no e-mail address", async () => {
    const users = runtime.table("users");
    const owner = await runtime.db.send(
      new GetCommand({ TableName: users, Key: { username: OWNER.username } }),
    );
    const { email: _email, ...withoutEmail } = owner.Item as Record<string, unknown>;
    await runtime.db.send(
      new PutCommand({ TableName: users, Item: { ...withoutEmail, username: "no-address" } }),
    );

    const answers = await wrongPasswords("no-address", "198.51.100.78", ACCOUNT_FAILURE_LIMIT);
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    const [alert] = await runtime.waitFor(async () => {
      const found = await alertsTo(STAFF_INBOX);
      return found.length > 0 ? found : undefined;
    });
    expect(everything(alert as Email)).toContain('"no-address"');
    expect(everything(alert as Email)).not.toContain("Typed-Secret");
  });
});
