/**
 * One person's leads among many (docs/decisions/0088-owner-index.md), over real HTTP against the
 * local runtime: more leads than one listing reads per request (10,000 index entries), of which a
 * member owns a few at both ends of the arrival order. "Mine", "Mine + Most urgent first" and "Mine
 * + New" list all of them on the first page with an exact count; Unassigned stays right; and a
 * filter whose matches lie beyond the read budget answers with a cursor and a lower bound, never an
 * empty page that claims to be the end.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Signup } from "../../events/signup";
import { storeSignupsInBulk } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "admin", password: "correct horse battery staple" };
/** More than one listing reads per request (functions/leads/lead-index-reads.ts SCAN_BUDGET). */
const COUNT = 10_400;
/** Positions in arrival order (0 = oldest) of the admin's New leads: three oldest, two newest. */
const MINE_NEW = [0, 1, 2, COUNT - 2, COUNT - 1];
/** And one the admin won, in the middle. */
const MINE_WON = 5_000;
let runtime: RuntimeProcess;
let cookie: string;
const signups: Signup[] = [];

const idAt = (n: number) => `many-${String(n).padStart(5, "0")}`;

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DESK_SCHEDULE_SECONDS: "0" },
  });
  const start = Date.UTC(2026, 0, 5, 15);
  for (let n = 0; n < COUNT; n++) {
    const createdAt = new Date(start + n * 60_000).toISOString();
    signups.push({
      id: idAt(n),
      firstName: `Person${n}`,
      lastName: "Many",
      email: `person${n}@many.example.com`,
      teamSize: "solo",
      productLines: "single",
      createdAt,
      status: "new",
      dueAt: new Date(Date.parse(createdAt) + 86_400_000).toISOString(),
    });
  }
  // Stored as the public form stores them (unassigned New leads, with their counters), in bulk.
  await storeSignupsInBulk(runtime, signups);
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
  // Assigned the way staff assign them: through the desk (functions/leads/lead-desk.ts).
  await update({ ids: MINE_NEW.map(idAt), owner: ADMIN.username });
  await update({ ids: [idAt(MINE_WON)], owner: ADMIN.username, status: "won" });
}, 300_000);

afterAll(async () => {
  await runtime?.stop();
});

async function update(body: Record<string, unknown>): Promise<void> {
  const answer = await call(runtime, "POST", "/api/admin/desk/update", {
    cookie,
    body: { kind: "signup", ...body },
    headers: { origin: runtime.url },
  });
  expect(answer.status, answer.text).toBe(200);
}

interface Page {
  readonly signups: { id: string; owner?: string; status: string }[];
  readonly nextCursor?: string;
  readonly matched: number;
  readonly matchedAtLeast?: boolean;
}

async function list(query: string): Promise<Page> {
  const answer = await call(runtime, "GET", `/api/admin/signups?${query}`, { cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as Page;
}

const newestFirst = (positions: number[]) => [...positions].sort((a, b) => b - a).map(idAt);
const oldestFirst = (positions: number[]) => [...positions].sort((a, b) => a - b).map(idAt);

describe("one person's leads among more than a request reads", () => {
  it("Mine lists all of them, newest first, on the first page, and says that is all", async () => {
    const page = await list("owner=me");
    expect(page.signups.map((signup) => signup.id)).toEqual(newestFirst([...MINE_NEW, MINE_WON]));
    expect(page.nextCursor).toBeUndefined();
    expect(page).toMatchObject({ matched: 6 });
    expect(page.matchedAtLeast).toBeUndefined();
  });

  it("Mine + Most urgent first lists all the open ones, oldest first, on the first page", async () => {
    const page = await list("owner=me&sort=urgency");
    expect(page.signups.map((signup) => signup.id)).toEqual(oldestFirst(MINE_NEW));
    expect(page.nextCursor).toBeUndefined();
    expect(page.matched).toBe(5);
  });

  it("a named owner + New lists all of them on the first page; + Won only the won one", async () => {
    const page = await list(`owner=${ADMIN.username}&status=new`);
    expect(page.signups.map((signup) => signup.id)).toEqual(newestFirst(MINE_NEW));
    expect(page.nextCursor).toBeUndefined();
    expect(page.matched).toBe(5);
    const won = await list(`owner=${ADMIN.username}&status=won`);
    expect(won.signups.map((signup) => signup.id)).toEqual([idAt(MINE_WON)]);
  });

  it("pages of two through Mine + Most urgent first reach every one, each once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`owner=me&sort=urgency&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.signups.length).toBeGreaterThan(0);
      seen.push(...page.signups.map((signup) => signup.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(oldestFirst(MINE_NEW));
  });

  it("a look-alike owner name matches nobody's leads", async () => {
    for (const owner of ["admi", "ADMIN", "signup#admin", "admin#x"]) {
      const page = await list(`owner=${encodeURIComponent(owner)}`);
      expect(page.signups, owner).toEqual([]);
      expect(page.nextCursor, owner).toBeUndefined();
    }
  });

  it("Unassigned leaves the owned ones out, with the exact count", async () => {
    const page = await list("owner=none&limit=100");
    expect(page.signups).toHaveLength(100);
    expect(page.signups.every((signup) => signup.owner === undefined)).toBe(true);
    expect(page.matched).toBe(COUNT - 6);
    const urgent = await list("owner=none&sort=urgency&limit=3");
    expect(urgent.signups.map((signup) => signup.id)).toEqual([idAt(3), idAt(4), idAt(5)]);
  });

  it("giving a lead to nobody takes it out of the owner's list; giving it back puts it in again", async () => {
    await update({ ids: [idAt(1)], owner: null });
    const stored = await runtime.db.send(
      new GetCommand({ TableName: runtime.table("signups"), Key: { id: idAt(1) }, ConsistentRead: true }),
    );
    expect(stored.Item).toHaveProperty("ownerKey", "signup#new#");
    expect((await list("owner=me")).matched).toBe(5);
    expect((await list("owner=me")).signups.map((signup) => signup.id)).not.toContain(idAt(1));
    await update({ ids: [idAt(1)], owner: ADMIN.username });
    expect((await list("owner=me&sort=urgency")).signups.map((signup) => signup.id)).toEqual(
      oldestFirst(MINE_NEW),
    );
  });
});

describe("a filter whose matches lie beyond what one request reads", () => {
  it("answers with a cursor and a lower bound while more may match, until the end", async () => {
    // Nobody unassigned is in a team: the whole index must be read to know it.
    const first = await list("owner=none&teamSize=team");
    expect(first.signups).toEqual([]);
    expect(first.nextCursor).toBeDefined();
    expect(first.matchedAtLeast).toBe(true);
    let cursor = first.nextCursor;
    let requests = 1;
    while (cursor) {
      const page = await list(`owner=none&teamSize=team&cursor=${cursor}`);
      expect(page.signups).toEqual([]);
      cursor = page.nextCursor;
      requests += 1;
      expect(requests).toBeLessThan(10);
    }
    expect(requests).toBeGreaterThan(1);
  });
});
