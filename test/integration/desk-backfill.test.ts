/**
 * The lead desk's backfill (functions/leads/backfill.ts, docs/decisions/0076-desk-backfill.md)
 * against the local runtime's dynalite, with records written the way the code before the desk
 * wrote them: record, search attributes and counters in one transaction — no status, desk key,
 * due time or desk version, counted in no status.
 */
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactMessage, Signup } from "../../events";
import { BACKFILL_PK, type BackfillDeps, backfillDesk } from "../../functions/leads/backfill";
import { indexedWrite, OWNER_INDEX_READY_ID } from "../../functions/model/lead-index";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar, replyDueAt } from "../../functions/model/response-clock";
import { contactItems } from "../../functions/pipeline/contact-repository";
import { signupItems } from "../../functions/pipeline/signup-repository";
import { loadStage } from "../../infra/stages";
import { type Email, type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple", email: "admin@example.com" };
const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
let runtime: RuntimeProcess;
let cookie: string;
let serial = 0;

/** A signup as the code before the lead desk stored it (indexedWrite of a record without a status). */
async function storeOldSignup(firstName: string, createdAt: string): Promise<string> {
  serial += 1;
  const signup: Signup = {
    id: `old-signup-${serial}-${firstName.toLowerCase()}`,
    firstName,
    lastName: "Before",
    email: `${firstName.toLowerCase()}.${serial}@old.example.com`,
    teamSize: "solo",
    productLines: "single",
    createdAt,
  };
  await storeOld(SIGNUP_KIND, signupItems.toItem(signup), signup);
  return signup.id;
}

async function storeOldContact(firstName: string, createdAt: string): Promise<string> {
  serial += 1;
  const contact: ContactMessage = {
    id: `old-contact-${serial}`,
    firstName,
    lastName: "Before",
    email: `${firstName.toLowerCase()}.${serial}@old.example.com`,
    subject: "general",
    message: "Hello from before the desk",
    newsletter: false,
    createdAt,
  };
  await storeOld(CONTACT_KIND, contactItems.toItem(contact), contact);
  return contact.id;
}

/**
 * A signup the desk assigned before the byOwner index was keyed by status and owner
 * (docs/decisions/0100): its `ownerKey` in 0088's form, "<kind>#<owner>".
 */
async function storeOwnedBeforeOwnerIndex(firstName: string, createdAt: string): Promise<string> {
  serial += 1;
  const signup: Signup = {
    id: `owned-signup-${serial}`,
    firstName,
    lastName: "Owned",
    email: `${firstName.toLowerCase()}.${serial}@owned.example.com`,
    teamSize: "team",
    productLines: "single",
    createdAt,
    status: "trial",
    owner: ADMIN.username,
    dueAt: new Date(Date.parse(createdAt) + 86_400_000).toISOString(),
  };
  const table = runtime.table("signups");
  const indexed = indexedWrite(table, SIGNUP_KIND, signup);
  const { ownerKey, ...attributes } = indexed.attributes;
  expect(ownerKey).toBe(`signup#trial#${ADMIN.username}`);
  const before = { ...attributes, ownerKey: `signup#${ADMIN.username}` };
  await runtime.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table, Item: { ...signupItems.toItem(signup), ...before } } },
        ...indexed.actions,
      ],
    }),
  );
  return signup.id;
}

async function storeOld(
  lead: LeadKind,
  item: Record<string, unknown>,
  record: { firstName: string; lastName: string; email: string; createdAt: string },
): Promise<void> {
  const table = runtime.table(lead.table);
  const indexed = indexedWrite(table, lead, { ...item, ...record });
  expect(indexed.attributes.deskKey).toBeUndefined();
  await runtime.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table, Item: { ...item, ...indexed.attributes } } },
        ...indexed.actions,
      ],
    }),
  );
}

const deps = (db: DynamoDBDocumentClient = runtime.db, clock = () => new Date()): BackfillDeps => ({
  db,
  kinds: [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: runtime.table(lead.table) })),
  auditTable: runtime.table("audit"),
  calendar: CALENDAR,
  clock,
});

const get = async (path: string) => {
  const answer = await call(runtime, "GET", path, { cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Record<string, unknown>;
};
const newSignups = async () => (await get("/api/admin/signups?status=new&limit=100")).matched as number;
const record = async (lead: LeadKind, id: string) =>
  (
    await runtime.db.send(
      new GetCommand({ TableName: runtime.table(lead.table), Key: { id }, ConsistentRead: true }),
    )
  ).Item as Record<string, unknown>;
const everything = async (lead: LeadKind) =>
  (
    (await runtime.db.send(new ScanCommand({ TableName: runtime.table(lead.table), ConsistentRead: true })))
      .Items ?? []
  ).sort((a, b) => String(a.id).localeCompare(String(b.id)));

const HOUR = 3_600_000;
const oldSignupIds: string[] = [];
let recentId = "";
const oldContactIds: string[] = [];
let ownedId = "";

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
      DESK_SCHEDULE_SECONDS: "0",
    },
  });
  for (let day = 0; day < 30; day++)
    oldSignupIds.push(
      await storeOldSignup(`Old${day}`, new Date(Date.UTC(2026, 8, 1 + day, 15)).toISOString()),
    );
  // Arrived an hour before the deploy: still inside its promise.
  recentId = await storeOldSignup("Recent", new Date(Date.now() - HOUR).toISOString());
  for (let n = 0; n < 3; n++)
    oldContactIds.push(
      await storeOldContact(`Cora${n}`, new Date(Date.UTC(2026, 9, 5 + n, 16)).toISOString()),
    );
  ownedId = await storeOwnedBeforeOwnerIndex("Owned", "2026-09-15T15:00:00.000Z");
  // The store as it was before the backfill existed: no progress of it, no owner-index mark; then
  // the deploy (a restart).
  for (const lead of [SIGNUP_KIND, CONTACT_KIND])
    await runtime.db.send(
      new DeleteCommand({ TableName: runtime.table(lead.table), Key: { id: OWNER_INDEX_READY_ID } }),
    );
  const progress = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table("audit"),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": BACKFILL_PK },
    }),
  );
  for (const item of progress.Items ?? [])
    await runtime.db.send(
      new DeleteCommand({ TableName: runtime.table("audit"), Key: { pk: item.pk, sk: item.sk } }),
    );
  await runtime.restart();
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
});

describe("after a deploy, records stored before the desk", () => {
  it("list under New, counted exactly, with their real due time and the time they were brought in", async () => {
    const page = await get("/api/admin/signups?status=new&limit=100");
    expect(page.matched).toBe(31);
    expect(((page.signups as { id: string }[]) ?? []).map((signup) => signup.id).sort()).toEqual(
      [...oldSignupIds, recentId].sort(),
    );
    const contacts = await get("/api/admin/contacts?status=new");
    expect(contacts.matched).toBe(3);
    const old = await record(SIGNUP_KIND, oldSignupIds[0] as string);
    expect(old).toMatchObject({ status: "new", deskKey: "signup#new" });
    expect(old.deskVersion).toBeUndefined();
    expect(old.dueAt).toBe(new Date(replyDueAt(CALENDAR, Date.parse(String(old.createdAt)))).toISOString());
    expect(typeof old.deskBackfilledAt).toBe("string");
  });

  it("give a lead owned before the owner index its key, mark each table, and Mine lists it", async () => {
    expect(await record(SIGNUP_KIND, ownedId)).toMatchObject({
      owner: ADMIN.username,
      ownerKey: `signup#trial#${ADMIN.username}`,
      status: "trial",
    });
    for (const lead of [SIGNUP_KIND, CONTACT_KIND])
      expect(await record(lead, OWNER_INDEX_READY_ID), lead.kind).toBeDefined();
    const mine = await get("/api/admin/signups?owner=me");
    expect(((mine.signups as { id: string }[]) ?? []).map((signup) => signup.id)).toEqual([ownedId]);
    expect(mine.matched).toBe(1);
  });

  it("count as open on the dashboard, overdue unless still inside their promise", async () => {
    const stats = await get("/api/admin/desk/stats");
    expect(stats.open).toBe(34);
    expect(stats.overdue).toBe(33);
  });

  it("a second pass from the start changes nothing", async () => {
    const before = [await everything(SIGNUP_KIND), await everything(CONTACT_KIND)];
    const again = await backfillDesk(deps(), { fromStart: true });
    expect(again).toMatchObject({ done: true, madeNew: 0, dueAdded: 0, skipped: 0 });
    expect([await everything(SIGNUP_KIND), await everything(CONTACT_KIND)]).toEqual(before);
  });
});

describe("the backfill while staff work and other runs go on", () => {
  it("does not overwrite a desk change made after it read the record", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push(await storeOldSignup(`Raced${n}`, "2026-08-03T15:00:00.000Z"));
    const newBefore = await newSignups();
    let changed: string | undefined;
    // The client the backfill reads with: right after a page with one of these records comes back,
    // a staff member changes that record through the API, before the backfill writes it.
    const racing = {
      send: async (command: unknown) => {
        const answer = await runtime.db.send(command as never);
        if (command instanceof ScanCommand && !changed) {
          const found = ((answer as { Items?: Record<string, unknown>[] }).Items ?? []).find((item) =>
            ids.includes(String(item.id)),
          );
          if (found) {
            changed = String(found.id);
            const update = await call(runtime, "POST", "/api/admin/desk/update", {
              cookie,
              headers: { origin: runtime.url },
              body: { kind: "signup", ids: [changed], status: "qualified", owner: ADMIN.username },
            });
            expect(update.status, update.text).toBe(200);
          }
        }
        return answer;
      },
    } as unknown as DynamoDBDocumentClient;
    const result = await backfillDesk(deps(racing), { fromStart: true, pageSize: 4 });
    expect(changed).toBeDefined();
    expect(result).toMatchObject({ done: true, madeNew: 5, skipped: 1 });
    expect(await record(SIGNUP_KIND, changed as string)).toMatchObject({
      status: "qualified",
      owner: ADMIN.username,
      deskKey: "signup#qualified",
      deskVersion: 1,
    });
    expect(await newSignups()).toBe(newBefore + 5);
    expect((await get("/api/admin/signups?status=qualified")).matched).toBe(1);
  });

  it("two backfills at once count each record once", async () => {
    for (let n = 0; n < 40; n++)
      await storeOldSignup(`Twice${n}`, `2026-07-${String(1 + (n % 28)).padStart(2, "0")}T15:00:00.000Z`);
    const newBefore = await newSignups();
    const [one, two] = await Promise.all([
      backfillDesk(deps(), { fromStart: true, pageSize: 8 }),
      backfillDesk(deps(), { fromStart: true, pageSize: 8 }),
    ]);
    expect((one?.madeNew ?? 0) + (two?.madeNew ?? 0)).toBe(40);
    expect(await newSignups()).toBe(newBefore + 40);
  });

  it("resumes from its saved cursors: a run stopped after a page, then the scheduled run finishes", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push(await storeOldSignup(`Resume${n}`, "2026-06-10T15:00:00.000Z"));
    const newBefore = await newSignups();
    const first = await backfillDesk(deps(), { fromStart: true, pageSize: 5, maxPages: 1 });
    expect(first.done).toBe(false);
    const rest = await runtime.runSchedule<{ done: boolean; madeNew: number }>("desk-backfill");
    expect(rest.done).toBe(true);
    expect(first.madeNew + rest.madeNew).toBe(20);
    expect(await newSignups()).toBe(newBefore + 20);
    // Done: the next scheduled run reads its progress and nothing else.
    expect(await runtime.runSchedule("desk-backfill")).toEqual({
      done: true,
      madeNew: 0,
      dueAdded: 0,
      ownersCounted: 0,
      ownerKeysAdded: 0,
      skipped: 0,
      pages: 0,
    });
  });

  it("gives a record a desk change reached first only its missing due time, without counting it again", async () => {
    const id = await storeOldSignup("Touched", "2026-05-04T15:00:00.000Z");
    const update = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie,
      headers: { origin: runtime.url },
      body: { kind: "signup", ids: [id], owner: ADMIN.username },
    });
    expect(update.status, update.text).toBe(200);
    const newBefore = await newSignups();
    expect((await record(SIGNUP_KIND, id)).dueAt).toBeUndefined();
    const result = await backfillDesk(deps(), { fromStart: true });
    expect(result).toMatchObject({ madeNew: 0, dueAdded: 1 });
    expect(await record(SIGNUP_KIND, id)).toMatchObject({
      status: "new",
      owner: ADMIN.username,
      dueAt: new Date(replyDueAt(CALENDAR, Date.parse("2026-05-04T15:00:00.000Z"))).toISOString(),
    });
    expect(await newSignups()).toBe(newBefore);
  });
});

describe("the reminder job and backfilled leads", () => {
  const text = (email: Email) => `${email.subject}\n${email.body.text ?? ""}`;
  const mentioning = async (id: string) =>
    (await runtime.emails()).filter((email) => text(email).includes(`#lead=${id}`));

  it("reminds and lists a lead brought in inside its promise; an ancient one is on the dashboard, not in the digest", async () => {
    // Brought in by a deploy on Monday 23 November 2026 06:00 CST.
    const ancient = await storeOldSignup("Ancient", "2026-11-10T15:00:00.000Z");
    // Monday 05:00 CST: due Tuesday 05:00 CST, reminded Tuesday 03:00 CST.
    const fresh = await storeOldSignup("Fresh", "2026-11-23T11:00:00.000Z");
    await backfillDesk(
      deps(runtime.db, () => new Date("2026-11-23T12:00:00.000Z")),
      { fromStart: true },
    );
    await runtime.runSchedule("desk-schedule", new Date("2026-11-24T09:05:00.000Z"));
    // Wednesday 09:00 CST: the morning digest.
    const run = await runtime.runSchedule<{ digests: number }>(
      "desk-schedule",
      new Date("2026-11-25T15:00:00.000Z"),
    );
    expect(run.digests).toBeGreaterThan(0);
    await runtime.waitFor(() => runtime.settled());
    const aboutFresh = await mentioning(fresh);
    expect(aboutFresh.map((email) => email.subject.replace(/:.*/, "")).sort()).toEqual([
      "Overdue leads this morning",
      "Reply due soon",
    ]);
    expect(await mentioning(ancient)).toEqual([]);
  });
});
