/**
 * The identity rule (docs/decisions/0081) where the operator stores identities: the admin
 * command's create and check-identities, and the local runtime's first admin. Against dynalite.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { businessCalendar } from "../../functions/model/response-clock";
import { addressClaimKey, UsersRepository } from "../../functions/model/staff/users";
import type { TableKey } from "../../functions/model/tables";
import { run } from "../../infra/admin/cli";
import { bootstrapAdmin } from "../../infra/local/bootstrap-admin";
import { startDynalite, type TestDynamo } from "../support/dynamo";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});
const saved = { ...process.env };
afterEach(() => {
  for (const name of ["ADMIN_PASSWORD", "ADMIN_EMAIL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const store = () => ({
  db: dynamo.db,
  usersTable: dynamo.tables.users,
  table: (key: TableKey) => dynamo.tables[key],
  calendar: businessCalendar(),
  description: "test",
  close: async () => {},
});
const users = () => new UsersRepository(dynamo.db, dynamo.tables.users);
const PASSWORD = "a sound staff password 42";

/** What a display name, a second address or a header line would smuggle into a mail header. */
const HOSTILE = [
  "RepDesk-Security<attacker@evil.example>",
  "a,attacker@evil.example",
  "x@evil.example>,<y",
  "x@evil.example\r\nBcc: attacker@evil.example",
];

describe("staff addresses set by the operator are plain addresses", () => {
  it.each(HOSTILE)("admin create refuses %j and stores nothing", async (email) => {
    Object.assign(process.env, { ADMIN_PASSWORD: PASSWORD, ADMIN_EMAIL: email });
    await expect(run({ command: "create", username: "eve" }, store(), () => {})).rejects.toThrow();
    expect(await users().find("eve")).toBeUndefined();
  });

  it.each(HOSTILE)("the local first admin refuses %j", async (email) => {
    await expect(
      bootstrapAdmin(dynamo.db, {
        ADMIN_USERNAME: "mallory",
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_EMAIL: email,
        USERS_TABLE: dynamo.tables.users,
        AUTH_STATE_TABLE: dynamo.tables.authState,
      }),
    ).rejects.toThrow(/ADMIN_EMAIL/);
    expect(await users().find("mallory")).toBeUndefined();
  });

  it("admin create stores the canonical address, claims it, and refuses it for a second account", async () => {
    Object.assign(process.env, { ADMIN_PASSWORD: PASSWORD, ADMIN_EMAIL: " \uFF21da@Example.com " });
    const lines: string[] = [];
    await run({ command: "create", username: "ada" }, store(), (line) => lines.push(line));
    expect((await users().find("ada"))?.email).toBe("ada@example.com");
    const claim = await dynamo.db.send(
      new GetCommand({ TableName: dynamo.tables.authState, Key: addressClaimKey("ada@example.com") }),
    );
    expect(claim.Item?.username).toBe("ada");
    process.env.ADMIN_EMAIL = "ADA@example.com";
    await expect(run({ command: "create", username: "ada2" }, store(), () => {})).rejects.toThrow(
      /already uses this e-mail address/,
    );
    expect(await users().find("ada2")).toBeUndefined();
  });
});

describe("npm run admin -- check-identities", () => {
  it("lists what it fixed and what is left, and fails while something is left", async () => {
    const at = new Date().toISOString();
    const account = (username: string, email: string) => ({
      username,
      passwordHash: "x",
      email,
      role: "staff",
      createdAt: at,
      passwordChangedAt: at,
    });
    for (const item of [
      account("bo@example.com", "bo@example.com"),
      account("\uFF42o@example.com", "\uFF42o@example.com"),
      account("cy", "Cy@Example.COM"),
    ]) {
      await dynamo.db.send(new PutCommand({ TableName: dynamo.tables.users, Item: item }));
    }
    const lines: string[] = [];
    await expect(run({ command: "check-identities" }, store(), (line) => lines.push(line))).rejects.toThrow(
      /1 identities need a decision/,
    );
    expect(lines.filter((line) => line.startsWith("LEFT"))).toEqual([
      expect.stringMatching(
        /^LEFT +account "ｂo@example.com" username .*look-alike of the account "bo@example.com"/,
      ),
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^fixed +account "cy" email "Cy@Example.COM".*rewritten/),
    );
    expect((await users().find("cy"))?.email).toBe("cy@example.com");
    // Run again: nothing more to fix, the same one left.
    const again: string[] = [];
    await expect(run({ command: "check-identities" }, store(), (line) => again.push(line))).rejects.toThrow();
    expect(again.filter((line) => line.startsWith("fixed"))).toEqual([]);
    expect(again.at(-1)).toMatch(/0 fixed, 1 left to do by hand, 0 addresses claimed/);
  });
});
