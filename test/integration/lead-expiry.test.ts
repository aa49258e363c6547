/**
 * Counters, figures and indexes after DynamoDB's TTL deletes lead records
 * (docs/decisions/0103-counts-follow-ttl-deletions.md), over real HTTP against the local runtime:
 * leads stored with a retention period, worked on at the desk (status, owner, a reply), then the
 * local TTL sweep at a chosen instant deletes the expired ones and feeds their REMOVE records to the
 * stream consumer. Afterwards the lists' "N of M", status and owner counts, the counters, the
 * dashboard's figures and the search and desk indexes must be exactly those of the records left, as
 * if the expired ones had been deleted; a replayed batch and a second sweep change nothing; a staff
 * delete of an expired record before the sweep, and of a swept one after it, counts once.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoDBRecord } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeskStatsResponse } from "../../events";
import { recountStats } from "../../functions/leads/desk-stats";
import { applyExpiryStream } from "../../functions/leads/expiry";
import { recountFigures } from "../../functions/leads/figures-recount";
import { counterItemsFor, counterKind } from "../../functions/model/lead-index";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { figuresItemsFor, figuresKind } from "../../functions/model/response-figures";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { loadStage } from "../../infra/stages";
import { seedContact, seedSignup } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const KINDS = [SIGNUP_KIND, CONTACT_KIND];
const RETENTION_DAYS = 10;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A UTC day 14 days back: inside the dashboard's 30-day window, its records past their expiry. */
const DAY = Math.floor(Date.now() / DAY_MS) * DAY_MS - 14 * DAY_MS;
/** The sweep's instant: the expiry of a record that arrived at 03:00 on DAY. */
const SWEEP_AT = new Date(DAY + 3 * HOUR_MS + RETENTION_DAYS * DAY_MS);
const retained = { retentionDays: RETENTION_DAYS };
let runtime: RuntimeProcess;
let cookie: string;
const ids: Record<string, string> = {};
const origin = () => ({ origin: runtime.url });

const signup = (name: string, at: number, options: { retentionDays?: number } = retained) =>
  seedSignup(
    runtime,
    new Date(at).toISOString(),
    {
      firstName: name,
      lastName: "Expiring",
      email: `${name.toLowerCase()}@example.com`,
      teamSize: "solo",
      productLines: "single",
    },
    options,
  ).then(({ id }) => {
    ids[name] = id;
  });
const contact = (name: string, at: number) =>
  seedContact(
    runtime,
    new Date(at).toISOString(),
    {
      firstName: name,
      lastName: "Expiring",
      email: `${name.toLowerCase()}@example.com`,
      message: "Call me back, please.",
    },
    retained,
  ).then(({ id }) => {
    ids[name] = id;
  });

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ...FIRST_ADMIN_ENV,
      DESK_SCHEDULE_SECONDS: "0",
      TTL_SWEEP_SECONDS: "0",
    },
  });
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  // Expired at the sweep, their day's counters not (the day ends later): decremented.
  await signup("Ada", DAY + 1 * HOUR_MS);
  await signup("Bea", DAY + 2 * HOUR_MS);
  await signup("Gus", DAY + 2 * HOUR_MS + 30 * 60_000); // deleted by staff before the sweep
  await contact("Cora", DAY + 1 * HOUR_MS + 30 * 60_000);
  // Not expired at the sweep: stay, with their counts.
  await signup("Cal", DAY + 20 * HOUR_MS);
  await contact("Dora", DAY + 21 * HOUR_MS);
  // Stored without a retention period (another day: a stage's records share their buckets' expiry).
  await signup("Kept", DAY + DAY_MS + HOUR_MS, {});
  // The day before: records and their day's counters all expired at the sweep.
  await signup("Eve", DAY - 14 * HOUR_MS);
  await contact("Finn", DAY - 13 * HOUR_MS);

  // The desk: statuses, owners (owner counts, the byOwner index), a reply (the figures' claims).
  const update = (kind: string, names: string[], change: Record<string, unknown>) =>
    call(runtime, "POST", "/api/admin/desk/update", {
      cookie,
      headers: origin(),
      body: { kind, ids: names.map((name) => ids[name]), ...change },
    });
  expect((await update("signup", ["Ada", "Cal", "Eve"], { status: "qualified" })).status).toBe(200);
  expect((await update("signup", ["Ada", "Cal", "Gus"], { owner: FIRST_ADMIN.username })).status).toBe(200);
  expect((await update("contact", ["Cora", "Dora"], { owner: FIRST_ADMIN.username })).status).toBe(200);
  expect((await update("signup", ["Bea"], { status: "spam" })).status).toBe(200);
  for (const [kind, name] of [
    ["signup", "Ada"],
    ["contact", "Cora"],
    ["signup", "Cal"],
  ] as const) {
    const reply = await call(runtime, "POST", "/api/admin/desk/reply", {
      cookie,
      headers: origin(),
      body: {
        kind,
        id: ids[name],
        idempotencyKey: `lead-expiry-reply-${name}`,
        template: "first-reply",
        subject: "Re: your RepDesk inquiry",
        body: "Hi,\n\nThanks for writing.\n\nThe RepDesk team",
      },
    });
    expect(reply.status, `${name}: ${JSON.stringify(reply.json)}`).toBe(201);
  }
  // The dashboard reads the maintained figures from here on.
  await recountFigures({ db: runtime.db, kinds: tables(), calendar: CALENDAR, clock: () => new Date() });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

function tables() {
  return KINDS.map((lead) => ({ lead, table: runtime.table(lead.table) }));
}

async function query(lead: LeadKind, kind: string): Promise<Record<string, unknown>[]> {
  const answer = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table(lead.table),
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind",
      ExpressionAttributeValues: { ":kind": kind },
    }),
  );
  return answer.Items ?? [];
}

/** Count items summed per bucket (over their shards), non-zero attributes only. */
function sums(items: readonly Record<string, unknown>[]): Record<string, Record<string, number>> {
  const buckets: Record<string, Record<string, number>> = {};
  for (const item of items) {
    const bucket = `${String(item.kind)} ${String(item.createdAt)}`;
    const counts = buckets[bucket] ?? {};
    for (const [name, value] of Object.entries(item))
      if (typeof value === "number" && name !== "expiresAt") counts[name] = (counts[name] ?? 0) + value;
    buckets[bucket] = counts;
  }
  for (const [bucket, counts] of Object.entries(buckets)) {
    for (const name of Object.keys(counts)) if (counts[name] === 0) delete counts[name];
    if (Object.keys(counts).length === 0) delete buckets[bucket];
  }
  return buckets;
}

/** The counters and figures as stored, and as the records left would make them. */
async function storedAndRecounted(lead: LeadKind) {
  const records = (await query(lead, lead.kind)) as (Record<string, unknown> & { createdAt: string })[];
  const stored = [
    ...(await query(lead, counterKind(lead, "day"))),
    ...(await query(lead, counterKind(lead, "hour"))),
    ...(await query(lead, figuresKind(lead))),
  ];
  const recounted = [...counterItemsFor(lead, records), ...figuresItemsFor(lead, records, CALENDAR).items];
  return { records, stored: sums(stored), recounted: sums(recounted) };
}

async function list(path: string): Promise<{ ids: string[]; total: number; matched: number }> {
  const answer = await call(runtime, "GET", path, { cookie });
  expect(answer.status, path).toBe(200);
  const json = answer.json as Record<string, unknown>;
  const plural = path.includes("/contacts") ? "contacts" : "signups";
  return {
    ids: ((json[plural] ?? []) as { id: string }[]).map((lead) => lead.id).sort(),
    total: Number(json.total),
    matched: Number(json.matched),
  };
}

const idsOf = (...names: string[]) => names.map((name) => String(ids[name])).sort();

async function expectExactlyTheRecordsLeft(): Promise<void> {
  for (const lead of KINDS) {
    const { stored, recounted } = await storedAndRecounted(lead);
    expect(stored, lead.kind).toEqual(recounted);
  }
  // "N of M", a status, an owner, a status with an owner: from the counters, as listed.
  expect(await list("/api/admin/signups?limit=100")).toEqual({
    ids: idsOf("Cal", "Kept"),
    total: 2,
    matched: 2,
  });
  expect(await list("/api/admin/signups?status=qualified&limit=100")).toMatchObject({
    ids: idsOf("Cal"),
    matched: 1,
  });
  expect(await list("/api/admin/signups?owner=me&limit=100")).toMatchObject({
    ids: idsOf("Cal"),
    matched: 1,
  });
  expect(await list("/api/admin/signups?status=qualified&owner=me&limit=100")).toMatchObject({ matched: 1 });
  expect(await list("/api/admin/signups?owner=none&limit=100")).toMatchObject({
    ids: idsOf("Kept"),
    matched: 1,
  });
  expect(await list("/api/admin/contacts?limit=100")).toEqual({ ids: idsOf("Dora"), total: 1, matched: 1 });
  expect(await list("/api/admin/contacts?owner=me&limit=100")).toMatchObject({
    ids: idsOf("Dora"),
    matched: 1,
  });
  // The dashboard: the maintained figures equal the recount from the records.
  const stats = await call(runtime, "GET", "/api/admin/desk/stats", { cookie });
  expect(stats.status).toBe(200);
  const oracle = await recountStats(runtime.db, tables(), CALENDAR, new Date());
  const { medianFirstReplyMs: median, ...rest } = stats.json as unknown as DeskStatsResponse;
  const { medianFirstReplyMs: exactMedian, ...exactRest } = oracle;
  expect(rest).toEqual(exactRest);
  expect(Math.abs((median ?? Number.NaN) - (exactMedian ?? Number.NaN))).toBeLessThanOrEqual(30_000);
}

describe("a TTL deletion of lead records", () => {
  it("leaves counters, figures and indexes exactly as a delete of those records would", async () => {
    // Gus expired; a staff member deletes it before TTL gets to it: counted out once, by the delete.
    const deleted = await call(runtime, "DELETE", `/api/admin/signups/${ids.Gus}`, {
      cookie,
      headers: origin(),
    });
    expect(deleted.status).toBe(204);

    const swept = await runtime.ttlSweep({ time: SWEEP_AT });
    expect(swept.failed).toBe(0);
    // Ada, Bea, Cora (records), Eve, Finn (records) and the day before's counters and figures.
    expect(swept.deleted).toBeGreaterThanOrEqual(5);
    await expectExactlyTheRecordsLeft();

    // The indexes: an expired lead is found by no search, in no status or owner partition.
    for (const name of ["Ada", "Bea", "Eve"])
      expect((await list(`/api/admin/signups?q=${name.toLowerCase()}&limit=100`)).ids, name).toEqual([]);
    expect((await list("/api/admin/signups?q=cal&limit=100")).ids).toEqual(idsOf("Cal"));
    expect((await list("/api/admin/signups?status=spam&limit=100")).ids).toEqual([]);
    expect((await list("/api/admin/contacts?q=finn&limit=100")).ids).toEqual([]);
  });

  it("changes nothing when the stream delivers a batch again, or a sweep finds nothing more", async () => {
    const before = await Promise.all(KINDS.map(storedAndRecounted));
    expect((await runtime.ttlSweep({ replay: true })).failed).toBe(0);
    expect(await runtime.ttlSweep({ time: SWEEP_AT })).toEqual({ deleted: 0, failed: 0 });
    expect(await Promise.all(KINDS.map(storedAndRecounted))).toEqual(before);
    await expectExactlyTheRecordsLeft();
  });

  it("counts a staff delete once: neither its REMOVE record nor a later delete of a swept lead moves a count", async () => {
    const before = await Promise.all(KINDS.map(storedAndRecounted));
    // The REMOVE a staff delete streams carries no TTL identity.
    const staffRemove: DynamoDBRecord = {
      eventName: "REMOVE",
      eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${runtime.table("signups")}/stream/local`,
      dynamodb: {
        SequenceNumber: "1",
        OldImage: {
          id: { S: String(ids.Gus) },
          kind: { S: "signup" },
          createdAt: { S: new Date(DAY + 2.5 * HOUR_MS).toISOString() },
        },
      },
    };
    const deps = {
      db: runtime.db,
      tables: { signup: runtime.table("signups"), contact: runtime.table("contacts") },
      clock: () => new Date(),
    };
    expect(await applyExpiryStream({ Records: [staffRemove] }, deps)).toEqual({ batchItemFailures: [] });
    // A swept lead is gone for the desk too.
    const again = await call(runtime, "DELETE", `/api/admin/signups/${ids.Ada}`, {
      cookie,
      headers: origin(),
    });
    expect(again.status).toBe(404);
    expect(await Promise.all(KINDS.map(storedAndRecounted))).toEqual(before);
    await expectExactlyTheRecordsLeft();
  });
});
