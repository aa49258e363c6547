/**
 * The password rule (functions/staff/password-policy.ts) where staff passwords are set today: the
 * admin command's create and reset-password, and the local runtime's first admin. Against dynalite.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { businessCalendar } from "../../functions/model/response-clock";
import { UsersRepository } from "../../functions/model/staff/users";
import type { TableKey } from "../../functions/model/tables";
import { passwordProblem } from "../../functions/staff/password-policy";
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
const tooEasy = (await passwordProblem("password1234")) as string;

describe("staff passwords are checked wherever they are set", () => {
  it("admin create refuses password1234 and stores nothing", async () => {
    Object.assign(process.env, { ADMIN_PASSWORD: "password1234", ADMIN_EMAIL: "ada@example.com" });
    await expect(run({ command: "create", username: "ada" }, store(), () => {})).rejects.toThrow(tooEasy);
    expect(await users().find("ada")).toBeUndefined();
  });

  it("admin reset-password refuses a common password and keeps the old one", async () => {
    Object.assign(process.env, {
      ADMIN_PASSWORD: "a sound staff password 42",
      ADMIN_EMAIL: "bo@example.com",
    });
    await run({ command: "create", username: "bo" }, store(), () => {});
    const before = (await users().find("bo"))?.passwordHash;
    process.env.ADMIN_PASSWORD = "qwertyuiop123";
    await expect(run({ command: "reset-password", username: "bo" }, store(), () => {})).rejects.toThrow(
      tooEasy,
    );
    expect((await users().find("bo"))?.passwordHash).toBe(before);
  });

  it("the local first admin refuses it too", async () => {
    await expect(
      bootstrapAdmin(dynamo.db, {
        ADMIN_USERNAME: "cy",
        ADMIN_PASSWORD: "password1234",
        USERS_TABLE: dynamo.tables.users,
      }),
    ).rejects.toThrow(tooEasy);
    expect(await users().find("cy")).toBeUndefined();
  });
});
