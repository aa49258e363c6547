import { describe, expect, it } from "vitest";
import { currentTables, migrationProblems, type ReleasedTables, releasedTables } from "./index-migration";

/** The recorded release with one table's indexes replaced. */
function withIndexes(base: ReleasedTables, key: string, indexes: Record<string, string>): ReleasedTables {
  const table = base[key];
  if (!table) throw new Error(`no table ${key}`);
  return { ...base, [key]: { ...table, indexes } };
}

describe("index migration from the last release", () => {
  const released = releasedTables();

  it("deploys the current tables over the recorded release in one CloudFormation update", () => {
    expect(migrationProblems(released, currentTables())).toEqual([]);
  });

  it("allows one new index on a table, or one removed", () => {
    const signups = released.signups?.indexes ?? {};
    expect(
      migrationProblems(released, withIndexes(released, "signups", { ...signups, byOwner: "owner:S ALL" })),
    ).toEqual([]);
    const [first, ...rest] = Object.keys(signups);
    const fewer = Object.fromEntries(rest.map((name) => [name, signups[name] as string]));
    expect(first).toBeDefined();
    expect(migrationProblems(released, withIndexes(released, "signups", fewer))).toEqual([]);
  });

  it("refuses two index changes on one table in one deploy", () => {
    const signups = released.signups?.indexes ?? {};
    const two = { ...signups, byOwner: "owner:S ALL", byOwnerDue: "owner:S dueAt:S ALL" };
    expect(migrationProblems(released, withIndexes(released, "signups", two))).toEqual([
      "signups: 2 index(es) added (byOwner, byOwnerDue) and 0 removed (none) in one deploy: at most one per deploy",
    ]);
  });

  it("refuses a changed projection or key under the same index name (the narrowing that broke updates)", () => {
    const signups = released.signups?.indexes ?? {};
    const name = Object.keys(signups)[0] as string;
    const changed = { ...signups, [name]: "kind:S createdAt:S KEYS_ONLY" };
    expect(migrationProblems(released, withIndexes(released, "signups", changed))).toEqual([
      `signups.${name}: an existing index changes (${signups[name]} → kind:S createdAt:S KEYS_ONLY): give the new shape a new name`,
    ]);
  });

  it("refuses a change of a table's own keys", () => {
    const users = released.users;
    if (!users) throw new Error("no users table");
    expect(migrationProblems(released, { ...released, users: { ...users, keys: "email:S" } })).toEqual([
      `users: the table's keys change (${users.keys} → email:S): that replaces the table`,
    ]);
  });
});
