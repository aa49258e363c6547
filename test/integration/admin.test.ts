/**
 * The admin API over real HTTP against the local runtime: paging, search, filters, exact counts
 * for browser-sent boundaries (incl. a +05:30 zone), CSV export, one lead by id, delete with audit,
 * contacts.
 */
import { QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactResponse, SignupResponse } from "../../events";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { seedContact, seedSignup } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
let runtime: RuntimeProcess;
let cookie: string;

const people = [
  {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@analytical.org",
    teamSize: "solo",
    productLines: "single",
    at: "2025-03-10T09:15:00.000Z",
  },
  {
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@navy.mil",
    teamSize: "team",
    productLines: "multiple",
    at: "2025-03-10T18:45:00.000Z",
  },
  {
    firstName: "Alan",
    lastName: "Turing",
    email: "alan@bletchley.uk",
    teamSize: "solo",
    productLines: "multiple",
    at: "2025-03-09T23:59:59.000Z",
  },
  {
    firstName: "Zoë",
    lastName: "O'Brien, Jr.",
    email: "zoe@Example.com",
    teamSize: "team",
    productLines: "single",
    at: "2025-03-04T12:00:00.000Z",
    notes: '=HYPERLINK("http://evil")',
  },
  {
    firstName: "山田",
    lastName: "太郎",
    email: "yamada@example.jp",
    teamSize: "solo",
    productLines: "single",
    at: "2025-03-03T00:00:00.000Z",
  },
] as const;
const ids = new Map<string, string>();

async function seed() {
  for (const person of people) {
    const { at, ...fields } = person;
    const { id } = await seedSignup(runtime, at, fields);
    ids.set(person.firstName, id);
  }
  await seedContact(runtime, "2025-03-10T10:00:00.000Z", {
    firstName: "Katherine",
    lastName: "Johnson",
    email: "kj@nasa.gov",
    subject: "sales",
    message: "Orbits",
  });
}

beforeAll(async () => {
  runtime = await startRuntime({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  await seed();
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await runtime?.stop();
});

const get = (path: string) => call(runtime, "GET", path, { cookie });
const names = (answer: { json?: Record<string, unknown> }) =>
  ((answer.json?.signups ?? []) as { firstName: string }[]).map((signup) => signup.firstName);

describe("GET /api/admin/signups", () => {
  it("without parameters returns the newest page, newest first, with counts", async () => {
    const answer = await get("/api/admin/signups");
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(["Grace", "Ada", "Alan", "Zoë", "山田"]);
    expect(answer.json).toMatchObject({ total: 5, matched: 5 });
    expect(answer.json?.nextCursor).toBeUndefined();
    const first = ((answer.json?.signups ?? []) as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(Object.keys(first).some((key) => key.startsWith("search") || key === "kind")).toBe(false);
  });

  it("pages with limit and cursor without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await get(`/api/admin/signups?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.status).toBe(200);
      seen.push(...names(answer));
      cursor = answer.json?.nextCursor as string | undefined;
    } while (cursor);
    expect(seen).toEqual(["Grace", "Ada", "Alan", "Zoë", "山田"]);
  });

  it.each([
    ["ada", ["Ada"]],
    ["LOVE", ["Ada"]],
    ["grace hop", ["Grace"]],
    ["hopper", ["Grace"]],
    ["example", ["Zoë", "山田"]],
    ["@example.com", ["Zoë"]],
    ["zoe@ex", ["Zoë"]],
    ["o'brien", ["Zoë"]],
    ["山", ["山田"]],
    ["a", ["Ada", "Alan"]],
    ["nobody", []],
  ])("searches case-insensitively: %s", async (q, expected) => {
    const answer = await get(`/api/admin/signups?q=${encodeURIComponent(q)}`);
    expect(names(answer).sort()).toEqual([...expected].sort());
    expect(answer.json).toMatchObject({ total: 5, matched: expected.length });
  });

  it("combines filters with each other and with search", async () => {
    const solo = await get("/api/admin/signups?teamSize=solo");
    expect(names(solo)).toEqual(["Ada", "Alan", "山田"]);
    expect(solo.json).toMatchObject({ total: 5, matched: 3 });
    const soloMultiple = await get("/api/admin/signups?teamSize=solo&productLines=multiple");
    expect(names(soloMultiple)).toEqual(["Alan"]);
    expect(soloMultiple.json).toMatchObject({ matched: 1 });
    const all = await get("/api/admin/signups?teamSize=all&productLines=all");
    expect(all.json).toMatchObject({ matched: 5 });
    const searched = await get("/api/admin/signups?q=a&productLines=single");
    expect(names(searched)).toEqual(["Ada"]);
  });

  it("answers 400 for bad parameters", async () => {
    for (const query of ["limit=0", "limit=101", "teamSize=huge", "cursor=%%%", "cursor=abc"]) {
      expect((await get(`/api/admin/signups?${query}`)).status, query).toBe(400);
    }
  });
});

describe("GET /api/admin/signups/stats", () => {
  it("counts exactly from the boundaries the browser sends (UTC)", async () => {
    const dayStarts = ["2025-03-08", "2025-03-09", "2025-03-10"].map((day) => `${day}T00:00:00.000Z`);
    const answer = await get(
      `/api/admin/signups/stats?todayStart=2025-03-10T00:00:00.000Z&weekStart=2025-03-03T00:00:00.000Z&dayStarts=${dayStarts.join(",")}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      total: 5,
      today: 2,
      thisWeek: 5,
      perDay: [
        { start: dayStarts[0], count: 0 },
        { start: dayStarts[1], count: 1 },
        { start: dayStarts[2], count: 2 },
      ],
    });
  });

  it("counts exactly across half-hour zone edges (UTC+05:30)", async () => {
    // weekStart 06:00+05:30 is 00:30 UTC on 3 March: 山田 (00:00 UTC) is outside it.
    // Local midnight of 10 March in India is 9 March 18:30 UTC: Alan (23:59 UTC on the 9th) is "today".
    const answer = await get(
      "/api/admin/signups/stats?todayStart=2025-03-09T18:30:00.000%2B00:00&weekStart=2025-03-03T06:00:00.000%2B05:30&dayStarts=2025-03-08T18:30:00.000Z,2025-03-09T18:30:00.000Z",
    );
    expect(answer.json).toMatchObject({
      today: 3,
      thisWeek: 4,
      perDay: [
        { start: "2025-03-08T18:30:00.000Z", count: 0 },
        { start: "2025-03-09T18:30:00.000Z", count: 3 },
      ],
    });
  });

  it("answers 400 without the boundaries", async () => {
    expect((await get("/api/admin/signups/stats")).status).toBe(400);
    expect((await get("/api/admin/signups/stats?todayStart=yesterday&weekStart=x")).status).toBe(400);
  });
});

describe("CSV export", () => {
  it("exports the filtered list with a BOM, RFC 4180 quoting and neutralised formulas", async () => {
    const answer = await get("/api/admin/signups/export.csv?productLines=single");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toContain("attachment");
    // fetch's text() drops the byte-order mark; the bytes show it.
    expect(answer.text.startsWith("First name,Last name,Email")).toBe(true);
    const raw = await fetch(`${runtime.url}/api/admin/signups/export.csv`, { headers: { cookie } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(answer.text).toContain('"O\'Brien, Jr."');
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(answer.text).toContain("山田,太郎");
  });
});

describe("GET /api/admin/{signups|contacts}/{id}", () => {
  it("answers one lead of that kind to staff, 404 for an unknown id or another kind, 401 signed out", async () => {
    const id = ids.get("Ada") as string;
    const answer = await get(`/api/admin/signups/${id}`);
    expect(answer.status).toBe(200);
    const { signup } = SignupResponse.parse(answer.json);
    expect(signup).toMatchObject({ id, firstName: "Ada", email: "ada@analytical.org", status: "new" });
    expect(Object.keys(answer.json?.signup as object).some((key) => key.startsWith("search"))).toBe(false);

    expect((await call(runtime, "GET", `/api/admin/signups/${id}`)).status).toBe(401);
    expect((await get("/api/admin/signups/unknown-id")).status).toBe(404);
    expect((await get(`/api/admin/signups/${"x".repeat(201)}`)).status).toBe(404);
    expect((await get(`/api/admin/contacts/${id}`)).status).toBe(404);

    const [message] = ((await get("/api/admin/contacts")).json?.contacts ?? []) as { id: string }[];
    const contact = await get(`/api/admin/contacts/${message?.id}`);
    expect(contact.status).toBe(200);
    expect(ContactResponse.parse(contact.json).contact).toMatchObject({ firstName: "Katherine" });
  });
});

describe("DELETE /api/admin/signups/{id}", () => {
  it("deletes, updates the counts, records an audit entry and answers 404 afterwards", async () => {
    const id = ids.get("Alan") as string;
    const sent = Date.now();
    const answer = await call(runtime, "DELETE", `/api/admin/signups/${id}`, { cookie });
    const answered = Date.now();
    expect(answer.status).toBe(204);
    expect(names(await get("/api/admin/signups"))).toEqual(["Grace", "Ada", "Zoë", "山田"]);
    const stats = await get(
      "/api/admin/signups/stats?todayStart=2025-03-09T00:00:00.000Z&weekStart=2025-03-03T00:00:00.000Z",
    );
    expect(stats.json).toMatchObject({ total: 4, today: 2, thisWeek: 4 });
    expect((await get("/api/admin/signups?teamSize=solo")).json).toMatchObject({ matched: 2 });

    const audit = await runtime.db.send(new ScanCommand({ TableName: runtime.table("audit") }));
    const entry = (audit.Items ?? []).find((item) => item.action === "signup.delete");
    expect(entry).toMatchObject({ actor: "admin", target: id });
    // Written while the request ran (the runtime shares this machine's clock), however long it took.
    expect(Date.parse(String(entry?.at))).toBeGreaterThanOrEqual(sent);
    expect(Date.parse(String(entry?.at))).toBeLessThanOrEqual(answered);

    expect((await call(runtime, "DELETE", `/api/admin/signups/${id}`, { cookie })).status).toBe(404);
    expect((await get(`/api/admin/signups/${id}`)).status).toBe(404);
    expect((await call(runtime, "DELETE", "/api/admin/signups/unknown-id", { cookie })).status).toBe(404);
    // A counter item's id is not a signup.
    const counters = await runtime.db.send(
      new QueryCommand({
        TableName: runtime.table("signups"),
        IndexName: CREATED_AT_INDEX,
        KeyConditionExpression: "kind = :k",
        ExpressionAttributeValues: { ":k": "#counts#signup#day" },
      }),
    );
    const counterId = String(counters.Items?.[0]?.id);
    expect(
      (await call(runtime, "DELETE", `/api/admin/signups/${encodeURIComponent(counterId)}`, { cookie }))
        .status,
    ).toBe(404);
    expect((await get(`/api/admin/signups/${encodeURIComponent(counterId)}`)).status).toBe(404);
  });
});

describe("contact messages", () => {
  it("lists, searches and deletes", async () => {
    const list = await get("/api/admin/contacts");
    expect(list.json).toMatchObject({ total: 1, matched: 1 });
    const [message] = (list.json?.contacts ?? []) as { id: string; subject: string }[];
    expect(message?.subject).toBe("sales");
    expect((await get("/api/admin/contacts?q=johnson")).json).toMatchObject({ matched: 1 });
    expect((await get("/api/admin/contacts?q=smith")).json).toMatchObject({ matched: 0 });
    expect((await call(runtime, "DELETE", `/api/admin/contacts/${message?.id}`, { cookie })).status).toBe(
      204,
    );
    expect((await get("/api/admin/contacts")).json).toMatchObject({ total: 0, contacts: [] });
  });
});
