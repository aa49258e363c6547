import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Signup } from "../../events/signup";
import { storeSignupsInBulk } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call, signIn } from "./auth-support";

const ADMIN = { username: "rare-admin", password: "correct horse battery staple" };
/** More than one listing reads per request (functions/leads/lead-index-reads.ts SCAN_BUDGET). */
const COUNT = 10_400;
/** Positions in arrival order (0 = oldest). The admin's Qualified leads: among the oldest. */
const QUALIFIED = [0, 2, 4];
/** The admin's New (open) leads: the newest, so oldest-first reads reach them last. */
const OPEN = [COUNT - 3, COUNT - 2, COUNT - 1];
/** Leads nobody owns (Won): among the oldest. */
const NOBODYS = [1, 3];
/** Solo leads (the rest are in teams): one Qualified, one of nobody's. */
const SOLO = [2, 3];
let runtime: RuntimeProcess;
let cookie: string;

const idAt = (n: number) => `rare-${String(n).padStart(5, "0")}`;

function signupAt(n: number, start: number): Signup {
  const createdAt = new Date(start + n * 60_000).toISOString();
  const status = QUALIFIED.includes(n)
    ? "qualified"
    : OPEN.includes(n)
      ? "new"
      : NOBODYS.includes(n)
        ? "won"
        : "lost";
  return {
    id: idAt(n),
    firstName: `Rare${n}`,
    lastName: "Combination",
    email: `rare${n}@combination.example.com`,
    teamSize: SOLO.includes(n) ? "solo" : "team",
    productLines: "single",
    createdAt,
    status,
    ...(NOBODYS.includes(n) ? {} : { owner: ADMIN.username }),
    dueAt: new Date(Date.parse(createdAt) + 86_400_000).toISOString(),
    ...(status === "new" ? {} : { respondedAt: createdAt }),
  };
}

beforeAll(async () => {
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DESK_SCHEDULE_SECONDS: "0" },
  });
  const start = Date.UTC(2026, 0, 5, 15);
  // Stored in bulk with their desk attributes and counters, as the bench stores them.
  await storeSignupsInBulk(
    runtime,
    Array.from({ length: COUNT }, (_, n) => signupAt(n, start)),
  );
  cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
}, 300_000);

afterAll(async () => {
  await runtime?.stop();
});

interface Page {
  readonly signups: { id: string }[];
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

/** The first page lists exactly `ids`, with nothing more to load and an exact count. */
async function expectWhole(query: string, ids: string[]): Promise<void> {
  const page = await list(query);
  expect(
    page.signups.map((signup) => signup.id),
    query,
  ).toEqual(ids);
  expect(page.nextCursor, query).toBeUndefined();
  expect(page.matched, query).toBe(ids.length);
  expect(page.matchedAtLeast, query).toBeUndefined();
}

describe("a rare status among one person's many leads", () => {
  it("Qualified + Mine lists all of them on the first page", async () => {
    await expectWhole("status=qualified&owner=me", newestFirst(QUALIFIED));
    await expectWhole(`status=qualified&owner=${ADMIN.username}`, newestFirst(QUALIFIED));
  });

  it("Qualified + Mine + solo lists the one on the first page", async () => {
    await expectWhole("status=qualified&owner=me&teamSize=solo", [idAt(2)]);
  });

  it("a later page counts the whole list, as the first did", async () => {
    const query = "status=qualified&owner=me&teamSize=team&limit=1";
    const first = await list(query);
    expect(first.signups.map((signup) => signup.id)).toEqual([idAt(4)]);
    expect(first.matched).toBe(2);
    const second = await list(`${query}&cursor=${first.nextCursor}`);
    expect(second.signups.map((signup) => signup.id)).toEqual([idAt(0)]);
    expect(second.nextCursor).toBeUndefined();
    expect(second.matched).toBe(2);
    expect(second.matchedAtLeast).toBeUndefined();
  });

  it("Most urgent first + Mine lists the open ones, oldest first, on the first page", async () => {
    await expectWhole("sort=urgency&owner=me", oldestFirst(OPEN));
    await expectWhole("status=new&owner=me", newestFirst(OPEN));
  });

  it("Unassigned lists the two nobody owns on the first page, also with a status or a facet", async () => {
    await expectWhole("owner=none", newestFirst(NOBODYS));
    await expectWhole("owner=none&status=won", newestFirst(NOBODYS));
    await expectWhole("owner=none&teamSize=solo", [idAt(3)]);
    await expectWhole("owner=none&sort=urgency", []);
  });

  it("Mine across statuses pages through all of them newest first, each once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let requests = 0;
    do {
      const page = await list(`owner=me&limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      if (requests === 0) expect(page.matched).toBe(COUNT - NOBODYS.length);
      expect(page.signups.length).toBeGreaterThan(0);
      seen.push(...page.signups.map((signup) => signup.id));
      cursor = page.nextCursor;
      requests += 1;
    } while (cursor && requests < 200);
    const mine = Array.from({ length: COUNT }, (_, n) => n).filter((n) => !NOBODYS.includes(n));
    expect(seen).toEqual(newestFirst(mine));
  });
});
