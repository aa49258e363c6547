/**
 * The owner counters (docs/decisions/0079) under concurrent writes, over real HTTP against the
 * local runtime: parallel owner and status changes (single and bulk), deletes and two desk
 * backfills counting records owned before the counters existed. Whatever order they land in, the
 * counters must equal a recount of the records, and the list's "Mine", "Unassigned" and named
 * owner counts (read from the counters) must equal the records that list.
 */
import { QueryCommand, ScanCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillDesk } from "../../functions/leads/backfill";
import { indexedWrite, OWNER_COUNT, ownerCounterName } from "../../functions/model/lead-index";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { UsersRepository } from "../../functions/model/staff/users";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { seedSignup } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
const OTHER = "bea";
let runtime: RuntimeProcess;
let cookie: string;
const fresh: string[] = [];
const legacy: string[] = [];

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DESK_SCHEDULE_SECONDS: "0" },
  });
  // Two arrivals per day: neighbours share a day counter (and may share a shard), so parallel
  // transactions contend on it.
  for (let n = 0; n < 8; n++) {
    const at = new Date(Date.UTC(2026, 10, 2 + Math.floor(n / 2), 15, n)).toISOString();
    const { id } = await seedSignup(runtime, at, {
      firstName: `Fresh${n}`,
      lastName: "Lead",
      email: `fresh${n}@example.com`,
      teamSize: "solo",
      productLines: "single",
    });
    fresh.push(id);
  }
  // Records assigned before the owner counters: status and owner stored, counted in their status
  // only, no ownerCount (as the desk wrote them before).
  for (let n = 0; n < 4; n++) {
    const id = `legacy-${n}`;
    await storeLegacy(
      {
        ...legacyRecord(id, new Date(Date.UTC(2026, 10, 2 + n, 18)).toISOString()),
        status: n % 2 ? "won" : "qualified",
      },
      ADMIN.username,
    );
    legacy.push(id);
  }
  await new UsersRepository(runtime.db, runtime.table("users")).create(OTHER, "x", new Date());
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const update = (body: Record<string, unknown>) =>
  call(runtime, "POST", "/api/admin/desk/update", {
    cookie,
    body: { kind: "signup", ...body },
    headers: { origin: runtime.url },
  });
const remove = (id: string) =>
  call(runtime, "DELETE", `/api/admin/signups/${id}`, { cookie, headers: { origin: runtime.url } });
const backfill = () =>
  backfillDesk(
    {
      db: runtime.db,
      kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: runtime.table(lead.table) })),
      auditTable: runtime.table("audit"),
      calendar: businessCalendar(),
      clock: () => new Date(),
    },
    { fromStart: true, pageSize: 3 },
  );

/** The counters' sums (non-zero only) and the same figures recounted from the records. */
async function countersAndRecount(): Promise<{
  counters: Record<string, number>;
  recount: Record<string, number>;
  records: Record<string, unknown>[];
}> {
  const table = runtime.table("signups");
  const items =
    (
      await runtime.db.send(
        new QueryCommand({
          TableName: table,
          IndexName: CREATED_AT_INDEX,
          KeyConditionExpression: "kind = :kind",
          ExpressionAttributeValues: { ":kind": "#counts#signup#day" },
        }),
      )
    ).Items ?? [];
  const counters: Record<string, number> = {};
  for (const item of items)
    for (const [name, value] of Object.entries(item))
      if (/^[so]_/.test(name)) counters[name] = (counters[name] ?? 0) + Number(value);
  const records =
    (
      await runtime.db.send(
        new ScanCommand({
          TableName: table,
          ConsistentRead: true,
          FilterExpression: "kind = :kind",
          ExpressionAttributeValues: { ":kind": "signup" },
        }),
      )
    ).Items ?? [];
  const recount: Record<string, number> = {};
  const add = (name: string) => {
    recount[name] = (recount[name] ?? 0) + 1;
  };
  for (const record of records) {
    add(`s_${record.status}`);
    if (typeof record.owner === "string") add(ownerCounterName(String(record.status), record.owner));
  }
  return {
    counters: Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0)),
    recount,
    records,
  };
}

describe("owner counters", () => {
  it("stay equal to the records under parallel changes, deletes and backfills", async () => {
    const everyone = [...fresh, ...legacy];
    const answers = await Promise.all([
      update({ ids: everyone, owner: ADMIN.username }),
      update({ ids: everyone.slice(0, 6), owner: OTHER }),
      update({ ids: everyone.slice(3, 9), status: "contacted" }),
      update({ ids: everyone.slice(6), status: "lost", lostReason: "No budget" }),
      update({ ids: [fresh[1], legacy[1], legacy[2]], owner: null }),
      update({ ids: [legacy[0], fresh[2]], status: "won", owner: OTHER }),
      remove(fresh[7] as string),
      remove(legacy[3] as string),
      backfill(),
      backfill(),
    ]);
    for (const answer of answers)
      if ("status" in answer) expect([200, 204], answer.text).toContain(answer.status);
    const { counters, recount, records } = await countersAndRecount();
    expect(records).toHaveLength(10);
    expect(counters).toEqual(recount);
    // Every owned record names the counter it is counted in; no unowned one names any.
    for (const record of records)
      expect(record[OWNER_COUNT], String(record.id)).toBe(
        typeof record.owner === "string" ? ownerCounterName(String(record.status), record.owner) : undefined,
      );
    // The list's counts come from the counters: they agree with the records listed.
    for (const [query, wanted] of [
      ["owner=me", (r: Record<string, unknown>) => r.owner === ADMIN.username],
      ["owner=none", (r: Record<string, unknown>) => r.owner === undefined],
      [`owner=${OTHER}`, (r: Record<string, unknown>) => r.owner === OTHER],
      [
        "status=contacted&owner=me",
        (r: Record<string, unknown>) => r.status === "contacted" && r.owner === ADMIN.username,
      ],
      [
        "status=lost&owner=none",
        (r: Record<string, unknown>) => r.status === "lost" && r.owner === undefined,
      ],
    ] as const) {
      const listed = await call(runtime, "GET", `/api/admin/signups?${query}&limit=100`, { cookie });
      const expected = records
        .filter(wanted)
        .map((r) => String(r.id))
        .sort();
      const ids = ((listed.json?.signups ?? []) as { id: string }[]).map((s) => s.id).sort();
      expect(ids, query).toEqual(expected);
      expect(listed.json, query).toMatchObject({ matched: expected.length });
      expect(listed.json?.matchedAtLeast, query).toBeUndefined();
    }
  });

  it("counts a record owned before the counters once, whether its change or the backfill lands first", async () => {
    // One that only the backfill reaches, one that a status change reaches at the same time.
    await storeLegacy(legacyRecord("legacy-idle", "2026-11-10T15:00:00.000Z"), OTHER);
    await storeLegacy(legacyRecord("legacy-late", "2026-11-09T15:00:00.000Z"), OTHER);
    const [, changed] = await Promise.all([backfill(), update({ ids: ["legacy-late"], status: "trial" })]);
    expect(changed.status).toBe(200);
    const { counters, recount } = await countersAndRecount();
    expect(counters).toEqual(recount);
    expect(counters[ownerCounterName("trial", OTHER)]).toBeGreaterThanOrEqual(1);
    expect(counters[ownerCounterName("qualified", OTHER)]).toBeGreaterThanOrEqual(1);
  });
});

/**
 * A record assigned before the owner counters, as the desk stored it then: status and owner,
 * counted in its status only, no ownerCount.
 */
async function storeLegacy(record: Record<string, unknown> & ReturnType<typeof legacyRecord>, owner: string) {
  const table = runtime.table("signups");
  const indexed = indexedWrite(table, SIGNUP_KIND, record);
  await runtime.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table, Item: { ...record, ...indexed.attributes, owner } } },
        ...indexed.actions,
      ],
    }),
  );
}

/** The fields of a record assigned before the owner counters. */
function legacyRecord(id: string, createdAt: string) {
  return {
    id,
    kind: SIGNUP_KIND.kind,
    firstName: "Late",
    lastName: "Lead",
    email: `${id}@example.com`,
    teamSize: "solo",
    productLines: "single",
    createdAt,
    status: "qualified",
    dueAt: new Date(Date.parse(createdAt) + 86_400_000).toISOString(),
    deskVersion: 3,
  };
}
