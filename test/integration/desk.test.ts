/**
 * The lead desk over real HTTP against the local runtime: status and owner (single, bulk,
 * concurrent), the new filters with search and facets, exact counts, the timeline as audit trail,
 * notes and their 15-minute edit window, CSV columns, bad input storing nothing.
 *
 * The leads arrive on fixed days, so the clock is pinned too (in the test and its runtime): the
 * desk is worked on the Tuesday after, whatever day the test runs — on the real clock the arrivals
 * would leave the dashboard's 30-day window a month after they were written.
 */
import { GetCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeskStatsResponse, DeskUpdateResponse, type TimelineEntry } from "../../events";
import { deskStats, median } from "../../functions/leads/desk-stats";
import { writeNote } from "../../functions/leads/lead-desk";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { UsersRepository } from "../../functions/model/staff/users";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { seedContact, seedSignup } from "../support/leads";
import { pinClock } from "../support/pinned-clock";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
const OTHER = "bea";
let runtime: RuntimeProcess;
let cookie: string;
const ids = new Map<string, string>();
/** Tuesday 24 November 2026, 10:00 CST: the desk's "today". */
const PINNED = pinClock("2026-11-24T16:00:00.000Z");

// Friday 20 November 2026 17:30 CST and a few earlier weekday arrivals.
const PEOPLE = [
  { firstName: "Fay", email: "fay@friday.com", teamSize: "solo", at: "2026-11-20T23:30:00.000Z" },
  { firstName: "Tom", email: "tom@thursday.com", teamSize: "team", at: "2026-11-19T15:00:00.000Z" },
  { firstName: "Wes", email: "wes@wednesday.com", teamSize: "solo", at: "2026-11-18T15:00:00.000Z" },
  { firstName: "Tia", email: "tia@tuesday.com", teamSize: "team", at: "2026-11-17T15:00:00.000Z" },
] as const;

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...PINNED.env },
  });
  for (const person of PEOPLE) {
    const { at, ...fields } = person;
    const { id } = await seedSignup(runtime, at, { ...fields, lastName: "Lead", productLines: "single" });
    ids.set(person.firstName, id);
  }
  const contact = await seedContact(runtime, "2026-11-20T16:00:00.000Z", {
    firstName: "Cal",
    lastName: "Contact",
    email: "cal@c.com",
    message: "Hi",
  });
  ids.set("Cal", contact.id);
  // A second staff member (the password hash is never checked in these tests).
  await new UsersRepository(runtime.db, runtime.table("users")).create(OTHER, "x", PINNED.clock());
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const get = (path: string) => call(runtime, "GET", path, { cookie });
const post = (path: string, body: unknown) =>
  call(runtime, "POST", path, { cookie, body, headers: { origin: runtime.url } });
const names = (answer: { json?: Record<string, unknown> }) =>
  ((answer.json?.signups ?? []) as { firstName: string }[]).map((signup) => signup.firstName);
const id = (name: string) => ids.get(name) as string;
/**
 * A lead's timeline without the "e-mail sent" entries: the workers write those whenever they get
 * to the lead's e-mails, so where they fall depends on the machine's speed (they have their own
 * tests); these tests are about the staff's changes.
 */
const timeline = async (name: string, plural = "signups") =>
  (((await get(`/api/admin/${plural}/${id(name)}/timeline`)).json?.timeline ?? []) as TimelineEntry[]).filter(
    (entry) => entry.type !== "email",
  );
const record = async (name: string) =>
  (await runtime.db.send(new GetCommand({ TableName: runtime.table("signups"), Key: { id: id(name) } })))
    .Item ?? {};

describe("lead desk", () => {
  it("stores every new lead as New with the reply due after 24 weekday hours", async () => {
    const answer = await get("/api/admin/signups?status=new");
    expect(names(answer)).toEqual(["Fay", "Tom", "Wes", "Tia"]);
    expect(answer.json).toMatchObject({ matched: 4, total: 4 });
    const fay = ((answer.json?.signups ?? []) as Record<string, unknown>[])[0];
    expect(fay).toMatchObject({ status: "new", dueAt: "2026-11-23T23:30:00.000Z" });
    expect(Object.keys(fay ?? {})).not.toContain("deskKey");
  });

  it("counts open and overdue leads and the promise kept, across signups and contact messages", async () => {
    const kinds = [
      { lead: SIGNUP_KIND, table: runtime.table("signups") },
      { lead: CONTACT_KIND, table: runtime.table("contacts") },
    ];
    // Monday 23 November 11:00 CST: only Fay (due 17:30) is still inside her promise.
    const monday = await deskStats(runtime.db, kinds, businessCalendar(), new Date("2026-11-23T17:00:00Z"));
    expect(monday).toEqual({
      open: 5,
      overdue: 4,
      medianFirstReplyMs: null,
      withinPromiseShare: 0,
      windowDays: 30,
    });
    // Friday 20 November 08:00 CST: Tia and Wes are overdue; Tom (due 09:00), Cal and Fay are not.
    const friday = await deskStats(runtime.db, kinds, businessCalendar(), new Date("2026-11-20T14:00:00Z"));
    expect(friday).toMatchObject({ open: 5, overdue: 2 });
    const answer = await get("/api/admin/desk/stats");
    expect(answer.status).toBe(200);
    expect(DeskStatsResponse.safeParse(answer.json).success).toBe(true);
    expect(answer.json).toMatchObject({ open: 5 });
  });

  it("lists open leads most urgent first on request", async () => {
    expect(names(await get("/api/admin/signups?sort=urgency"))).toEqual(["Tia", "Wes", "Tom", "Fay"]);
    expect(names(await get("/api/admin/signups?sort=urgency&status=won"))).toEqual([]);
  });

  it("changes status and owner of one lead, stops its clock and records both in the timeline", async () => {
    const sent = PINNED.now();
    const answer = await post("/api/admin/desk/update", {
      kind: "signup",
      ids: [id("Tia")],
      status: "contacted",
      owner: "me".replace("me", ADMIN.username),
    });
    const answered = PINNED.now();
    expect(answer.status).toBe(200);
    const { entries: written, ...outcome } = DeskUpdateResponse.parse(answer.json);
    expect(outcome).toEqual({ updated: [id("Tia")], notFound: [], linked: [], held: [] });
    const tia = await record("Tia");
    expect(tia).toMatchObject({ status: "contacted", owner: ADMIN.username, deskKey: "signup#contacted" });
    expect(typeof tia.respondedAt).toBe("string");
    const entries = await timeline("Tia");
    expect(entries.map((entry) => entry.type)).toEqual(["submitted", "status", "owner"]);
    expect(entries[1]).toMatchObject({ actor: ADMIN.username, status: "contacted" });
    expect(entries[2]).toMatchObject({ actor: ADMIN.username, owner: ADMIN.username });
    // Written while the request ran (the runtime shares the pinned clock), however long it took.
    expect(Date.parse(entries[1]?.at ?? "")).toBeGreaterThanOrEqual(sent);
    expect(Date.parse(entries[1]?.at ?? "")).toBeLessThanOrEqual(answered);
    // The answer carries the entries it wrote, as the timeline then reads them: no need to read it again.
    expect(written).toEqual({ [id("Tia")]: entries.slice(1) });
  });

  it("filters by status, Mine and Unassigned, with search and facets, with exact counts", async () => {
    await post("/api/admin/desk/update", { kind: "signup", ids: [id("Wes"), id("Tom")], owner: OTHER });
    const mine = await get("/api/admin/signups?owner=me");
    expect(names(mine)).toEqual(["Tia"]);
    expect(mine.json).toMatchObject({ matched: 1, total: 4 });
    expect(names(await get("/api/admin/signups?owner=none"))).toEqual(["Fay"]);
    expect(names(await get(`/api/admin/signups?owner=${OTHER}`))).toEqual(["Tom", "Wes"]);
    expect(names(await get(`/api/admin/signups?owner=${OTHER}&teamSize=solo`))).toEqual(["Wes"]);
    expect(names(await get(`/api/admin/signups?owner=${OTHER}&q=tom`))).toEqual(["Tom"]);
    const contacted = await get("/api/admin/signups?status=contacted");
    expect(names(contacted)).toEqual(["Tia"]);
    expect(contacted.json).toMatchObject({ matched: 1 });
    expect((await get("/api/admin/signups?status=new")).json).toMatchObject({ matched: 3 });
    expect(names(await get("/api/admin/signups?status=new&owner=none&q=fay"))).toEqual(["Fay"]);
    expect(names(await get("/api/admin/signups?status=won&owner=me"))).toEqual([]);
  });

  it("changes many leads at once (bulk) and reports unknown ids", async () => {
    const answer = await post("/api/admin/desk/update", {
      kind: "signup",
      ids: [id("Wes"), id("Tom"), "no-such-id"],
      status: "lost",
      lostReason: "Chose a competitor",
    });
    const { entries, ...outcome } = DeskUpdateResponse.parse(answer.json);
    expect(outcome).toEqual({
      updated: [id("Wes"), id("Tom")],
      notFound: ["no-such-id"],
      linked: [],
      held: [],
    });
    expect(Object.keys(entries).sort()).toEqual([id("Wes"), id("Tom")].sort());
    expect(entries[id("Wes")]).toMatchObject([
      { type: "status", status: "lost", lostReason: "Chose a competitor" },
    ]);
    const lost = await get("/api/admin/signups?status=lost");
    expect(names(lost)).toEqual(["Tom", "Wes"]);
    expect(lost.json).toMatchObject({ matched: 2 });
    expect(await record("Wes")).toMatchObject({ lostReason: "Chose a competitor" });
    expect((await record("Wes")).respondedAt).toBeUndefined();
    // Moving on from Lost drops the reason.
    await post("/api/admin/desk/update", { kind: "signup", ids: [id("Tom")], status: "qualified" });
    expect((await record("Tom")).lostReason).toBeUndefined();
    // A lead already as asked is updated with nothing written, and has no entries in the answer.
    const again = await post("/api/admin/desk/update", {
      kind: "signup",
      ids: [id("Tom")],
      status: "qualified",
    });
    expect(again.json).toEqual({ updated: [id("Tom")], notFound: [], linked: [], held: [], entries: {} });
  });

  it("keeps the status counters exact under parallel changes of one lead", async () => {
    // Fewer parallel changes than changeLead's attempts: each round of the race has a winner.
    const statuses = ["won", "trial", "qualified", "spam", "contacted", "new"] as const;
    const answers = await Promise.all(
      statuses.map((status) => post("/api/admin/desk/update", { kind: "signup", ids: [id("Fay")], status })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(statuses.map(() => 200));
    const final = String((await record("Fay")).status);
    const counters = await runtime.db.send(
      new QueryCommand({
        TableName: runtime.table("signups"),
        IndexName: CREATED_AT_INDEX,
        KeyConditionExpression: "kind = :kind",
        ExpressionAttributeValues: { ":kind": "#counts#signup#day" },
      }),
    );
    const sums: Record<string, number> = {};
    for (const item of counters.Items ?? [])
      for (const [name, value] of Object.entries(item))
        if (name.startsWith("s_")) sums[name] = (sums[name] ?? 0) + Number(value);
    // Each status counter equals the number of records in that status.
    const records = await runtime.db.send(
      new ScanCommand({
        TableName: runtime.table("signups"),
        FilterExpression: "kind = :kind",
        ExpressionAttributeValues: { ":kind": "signup" },
      }),
    );
    const actual: Record<string, number> = {};
    for (const item of records.Items ?? [])
      actual[`s_${item.status}`] = (actual[`s_${item.status}`] ?? 0) + 1;
    expect(Object.fromEntries(Object.entries(sums).filter(([, n]) => n !== 0))).toEqual(actual);
    const listed = await get(`/api/admin/signups?status=${final}`);
    expect(listed.json?.matched).toBe(sums[`s_${final}`]);
    expect(names(listed)).toContain("Fay");
    // Every status entry of the timeline is a change that happened, in order, ending at the final status.
    const changes = (await timeline("Fay")).filter((entry) => entry.type === "status");
    expect(changes.at(-1)?.status).toBe(final);
  });

  it("rejects bad input with 400 and changes nothing", async () => {
    const before = await record("Fay");
    const cases: unknown[] = [
      { kind: "signup", ids: [id("Fay")] },
      { kind: "signup", ids: [id("Fay")], status: "lost" },
      { kind: "signup", ids: [id("Fay")], status: "archived" },
      { kind: "signup", ids: [], status: "won" },
      { kind: "signup", ids: Array.from({ length: 101 }, (_, i) => `x${i}`), status: "won" },
      { kind: "signup", ids: [id("Fay")], owner: "nobody-here" },
      { kind: "lead", ids: [id("Fay")], status: "won" },
      { kind: "signup", ids: [id("Fay")], status: "lost", lostReason: "x".repeat(201) },
    ];
    for (const body of cases) {
      const answer = await post("/api/admin/desk/update", body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json?.error).toBeTruthy();
    }
    expect(await record("Fay")).toEqual(before);
    expect(
      (await post("/api/admin/desk/update", { kind: "signup", ids: ["gone"], status: "won" })).status,
    ).toBe(404);
    expect(
      (
        await call(runtime, "POST", "/api/admin/desk/update", {
          body: { kind: "signup", ids: [id("Fay")], status: "won" },
        })
      ).status,
    ).toBe(401);
    const crossSite = await call(runtime, "POST", "/api/admin/desk/update", {
      cookie,
      body: { kind: "signup", ids: [id("Fay")], status: "won" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("writes notes as plain text; only the author edits, within 15 minutes, as a new entry", async () => {
    const written = await post(`/api/admin/signups/${id("Tia")}/notes`, {
      text: "<b>Called</b>, left a voicemail",
    });
    expect(written.status).toBe(201);
    const noteId = String((written.json?.entry as TimelineEntry | undefined)?.id);
    const edited = await post(`/api/admin/signups/${id("Tia")}/notes`, {
      text: "Called, spoke to Tia",
      noteId,
    });
    expect(edited.status).toBe(201);
    const notes = (await timeline("Tia")).filter((entry) => entry.type.startsWith("note"));
    expect(notes).toMatchObject([
      { type: "note", text: "<b>Called</b>, left a voicemail", actor: ADMIN.username },
      { type: "note-edit", text: "Called, spoke to Tia", noteId },
    ]);
    expect((await post(`/api/admin/signups/${id("Tia")}/notes`, { text: " " })).status).toBe(400);
    expect((await post(`/api/admin/signups/${id("Tia")}/notes`, { text: "x".repeat(5001) })).status).toBe(
      400,
    );
    expect((await post("/api/admin/signups/nope/notes", { text: "x" })).status).toBe(404);
    // Another author, and the same author after 15 minutes (a pinned clock on the real store).
    const deps = {
      db: runtime.db,
      tables: { records: runtime.table("signups"), audit: runtime.table("audit") },
    };
    expect(
      await writeNote({ ...deps, clock: PINNED.clock }, SIGNUP_KIND, {
        id: id("Tia"),
        text: "mine now",
        actor: OTHER,
        noteId,
      }),
    ).toEqual({ ok: false, reason: "notAuthor" });
    const late = new Date(Date.parse(noteId.slice(0, 24)) + 15 * 60_000 + 1);
    expect(
      await writeNote({ ...deps, clock: () => late }, SIGNUP_KIND, {
        id: id("Tia"),
        text: "too late",
        actor: ADMIN.username,
        noteId,
      }),
    ).toEqual({ ok: false, reason: "tooLate" });
    const statusEntry = (await timeline("Tia")).find((entry) => entry.type === "status") as TimelineEntry;
    const refused = await post(`/api/admin/signups/${id("Tia")}/notes`, {
      text: "rewrite",
      noteId: statusEntry.id,
    });
    expect(refused.status).toBe(403);
  });

  it("measures the first reply in clock time and judges it against the promise", async () => {
    const kinds = [{ lead: SIGNUP_KIND, table: runtime.table("signups") }];
    const stats = await deskStats(runtime.db, kinds, businessCalendar(), PINNED.clock());
    // Tia (Tuesday 09:00 CST) was answered today, long after her Wednesday 09:00 due time.
    expect(stats.medianFirstReplyMs).toBeGreaterThan(24 * 3_600_000);
    expect(stats.withinPromiseShare).toBeLessThan(1);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it("keeps timeline entries unchangeable: each is written once", async () => {
    const items = await runtime.db.send(
      new ScanCommand({
        TableName: runtime.table("audit"),
        FilterExpression: "begins_with(pk, :lead)",
        ExpressionAttributeValues: { ":lead": "lead#" },
      }),
    );
    const keys = (items.Items ?? []).map((item) => `${item.pk}|${item.sk}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(5);
  });

  it("works for contact messages too and puts the desk columns in the CSV", async () => {
    const answer = await post("/api/admin/desk/update", {
      kind: "contact",
      ids: [id("Cal")],
      status: "spam",
    });
    expect(answer.status).toBe(200);
    const contacts = await get("/api/admin/contacts?status=spam");
    expect(((contacts.json?.contacts ?? []) as { firstName: string }[]).map((c) => c.firstName)).toEqual([
      "Cal",
    ]);
    expect((await timeline("Cal", "contacts")).map((entry) => entry.type)).toEqual(["submitted", "status"]);
    const csv = await get("/api/admin/signups/export.csv?owner=me");
    const [header, ...rows] = csv.text.trim().split("\r\n");
    expect(header).toContain("Status,Lost reason,Owner,Reply due,First reply");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`Contacted,,${ADMIN.username},2026-11-18T15:00:00.000Z`);
  });
});
