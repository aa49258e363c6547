/**
 * The dashboard's maintained response figures (docs/decisions/0090) under concurrent writes, over
 * real HTTP against the local runtime: leads from the public forms' code and leads stored before
 * the figures existed (no claim), then random parallel status changes (Spam and back included),
 * owner changes, replies and deletes, with the recount running in the middle of them. Whatever
 * order they land in, the day items must equal the figures of the records as they are, and the
 * dashboard's answer must equal the recount from the records (the per-request computation, the
 * answer before the recount marked the figures complete).
 *
 * The randomness has a fixed seed (FIGURES_SEED overrides it); a failure prints it.
 */
import { DeleteCommand, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DeskStatsResponse, SETTABLE_STATUSES } from "../../events";
import { maintainedStats, recountStats, windowStart } from "../../functions/leads/desk-stats";
import { recountFigures } from "../../functions/leads/figures-recount";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar, replyDueAt } from "../../functions/model/response-clock";
import { FIGURES_READY_ID, figuresItemsFor, figuresKind } from "../../functions/model/response-figures";
import { UsersRepository } from "../../functions/model/staff/users";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { loadStage } from "../../infra/stages";
import { seedContact, seedSignup, storeSignupWithoutFigures } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { seededRandom } from "../support/seeded-random";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

const SEED = Number(process.env.FIGURES_SEED ?? 20_261_126);
const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const KINDS = [SIGNUP_KIND, CONTACT_KIND];
const DAY_MS = 86_400_000;
const OTHER = "bea";
let runtime: RuntimeProcess;
let cookie: string;
const leads: { kind: LeadKind; id: string }[] = [];

const tables = () => KINDS.map((lead) => ({ lead, table: runtime.table(lead.table) }));
/** The lead tables the runtime had marked as counted when it started. */
const markedAtStart: string[] = [];

beforeAll(async () => {
  runtime = await startRuntime({
    env: {
      ...FIRST_ADMIN_ENV,
      DESK_SCHEDULE_SECONDS: "0",
    },
  });
  await new UsersRepository(runtime.db, runtime.table("users")).create(OTHER, "x", new Date(), {
    email: "bea@example.com",
    role: "staff",
  });
  // A store from before the maintained figures: the runtime counted its empty tables at start
  // (infra/local/figures-at-start.ts); without the markers the dashboard recounts the records until
  // the recount below marks them again.
  for (const { table } of tables()) {
    const marker = await runtime.db.send(new GetCommand({ TableName: table, Key: { id: FIGURES_READY_ID } }));
    if (marker.Item) markedAtStart.push(table);
    await runtime.db.send(new DeleteCommand({ TableName: table, Key: { id: FIGURES_READY_ID } }));
  }
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  const now = Date.now();
  // Past due for sure (6 to 13 days old: 24 h of clock time take at most 5 days over a weekend and
  // the holidays), still inside the promise (a minute old), and out of the window: none of them
  // changes sides while the test runs.
  const ages = [
    ...Array.from({ length: 22 }, (_, n) => 6 * DAY_MS + n * 7 * 3_600_000),
    ...Array.from({ length: 6 }, (_, n) => (n + 1) * 60_000),
    40 * DAY_MS,
    45 * DAY_MS,
  ];
  for (const [n, age] of ages.entries()) {
    const at = new Date(now - age).toISOString();
    const contact = n % 3 === 0;
    const { id } = contact
      ? await seedContact(runtime, at, {
          firstName: `Cora${n}`,
          lastName: "Lead",
          email: `cora${n}@example.com`,
          message: "Please call me back about commissions.",
        })
      : await seedSignup(runtime, at, {
          firstName: `Sam${n}`,
          lastName: "Lead",
          email: `sam${n}@example.com`,
          teamSize: n % 2 ? "solo" : "team",
          productLines: "single",
        });
    leads.push({ kind: contact ? CONTACT_KIND : SIGNUP_KIND, id });
  }
  // Stored before the figures existed: desk fields, counters, no claim.
  const legacy = ["new", "contacted", "won", "lost", "spam", "qualified", "new"] as const;
  for (const [n, status] of legacy.entries()) {
    const created = now - (n === 6 ? 2 * 60_000 : 16 * DAY_MS + n * 7 * 3_600_000);
    const record = {
      id: `legacy-${n}`,
      kind: "signup",
      firstName: "Old",
      lastName: `Lead${n}`,
      email: `old${n}@example.com`,
      teamSize: "solo",
      productLines: "multiple",
      createdAt: new Date(created).toISOString(),
      status,
      dueAt: new Date(replyDueAt(CALENDAR, created)).toISOString(),
      ...(["contacted", "won", "qualified"].includes(status)
        ? { respondedAt: new Date(created + (n + 1) * 9 * 3_600_000).toISOString() }
        : {}),
    };
    await storeSignupWithoutFigures(runtime, record);
    leads.push({ kind: SIGNUP_KIND, id: record.id });
  }
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

const stats = async (): Promise<DeskStatsResponse> => {
  const answer = await call(runtime, "GET", "/api/admin/desk/stats", { cookie });
  expect(answer.status).toBe(200);
  return answer.json as unknown as DeskStatsResponse;
};

/** One random desk action through the HTTP API. */
function action(next: () => number, step: number): () => Promise<unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const target = pick(leads);
  const roll = next();
  const origin = { origin: runtime.url };
  if (roll < 0.4) {
    // Spam twice as often as any other status: in and out of the figures.
    const status = next() < 0.3 ? "spam" : pick(SETTABLE_STATUSES);
    const ids = next() < 0.3 ? [target.id, pick(leads).id] : [target.id];
    const body = { kind: target.kind.kind, ids: [...new Set(ids)], status, lostReason: "No budget" };
    return () => call(runtime, "POST", "/api/admin/desk/update", { cookie, body, headers: origin });
  }
  if (roll < 0.6) {
    const owner = pick([FIRST_ADMIN.username, OTHER, null]);
    const body = { kind: target.kind.kind, ids: [target.id], owner };
    return () => call(runtime, "POST", "/api/admin/desk/update", { cookie, body, headers: origin });
  }
  if (roll < 0.9) {
    const body = {
      kind: target.kind.kind,
      id: target.id,
      idempotencyKey: `figures-${SEED}-${step}`,
      template: "first-reply",
      subject: "Re: your RepDesk inquiry",
      body: "Hi,\n\nThanks for writing.\n\nThe RepDesk team",
    };
    return () => call(runtime, "POST", "/api/admin/desk/reply", { cookie, body, headers: origin });
  }
  const plural = target.kind.kind === "signup" ? "signups" : "contacts";
  return () => call(runtime, "DELETE", `/api/admin/${plural}/${target.id}`, { cookie, headers: origin });
}

async function inParallel(actions: (() => Promise<unknown>)[], width = 8): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < actions.length) await (actions[next++] as () => Promise<unknown>)();
    }),
  );
}

/** The day items of the window, and the same recounted from the window's records. */
async function dayItemsAndRecount(lead: LeadKind) {
  const table = runtime.table(lead.table);
  const from = windowStart(new Date()).toISOString();
  const read = async (kind: string) =>
    (
      await runtime.db.send(
        new QueryCommand({
          TableName: table,
          IndexName: CREATED_AT_INDEX,
          KeyConditionExpression: "kind = :kind AND createdAt >= :from",
          ExpressionAttributeValues: { ":kind": kind, ":from": from },
        }),
      )
    ).Items ?? [];
  const nonZero = (items: Record<string, unknown>[]) =>
    Object.fromEntries(
      items
        .map((item) => [
          String(item.id),
          Object.fromEntries(
            Object.entries(item).filter(([name, value]) => /^([nwl]|r\d+)$/.test(name) && value !== 0),
          ),
        ])
        .filter(([, counts]) => Object.keys(counts as object).length > 0),
    );
  const records = (await read(lead.kind)) as (Record<string, unknown> & { createdAt: string })[];
  return {
    items: nonZero(await read(figuresKind(lead))),
    recount: nonZero(figuresItemsFor(lead, records, CALENDAR).items),
  };
}

function expectSameFigures(actual: DeskStatsResponse, oracle: DeskStatsResponse): void {
  const { medianFirstReplyMs: median, ...rest } = actual;
  const { medianFirstReplyMs: exactMedian, ...exactRest } = oracle;
  expect(rest).toEqual(exactRest);
  // The histogram's median stands for a minute's middle: within half a minute of the exact one.
  if (exactMedian === null) expect(median).toBeNull();
  else expect(Math.abs((median ?? Number.NaN) - exactMedian)).toBeLessThanOrEqual(30_000);
}

it("a fresh local runtime counts its lead tables at start, as ops do after a deploy", () => {
  expect(markedAtStart).toEqual(tables().map(({ table }) => table));
});

describe("maintained response figures", () => {
  it("equal the recount from the records after parallel changes with a recount in the middle", async () => {
    try {
      const next = seededRandom(SEED);
      const steps = Array.from({ length: 90 }, (_, step) => action(next, step));
      // Before the recount: no marker, the dashboard computes from the records as before.
      await inParallel(steps.slice(0, 30));
      expect(await stats()).toEqual(await recountStats(runtime.db, tables(), CALENDAR, new Date()));

      const recount = () =>
        recountFigures({ db: runtime.db, kinds: tables(), calendar: CALENDAR, clock: () => new Date() });
      const [first] = await Promise.all([recount(), inParallel(steps.slice(30, 70))]);
      expect(first.records).toBeGreaterThan(0);
      await inParallel(steps.slice(70));
      for (const { table } of tables()) {
        const marker = await runtime.db.send(
          new GetCommand({ TableName: table, Key: { id: FIGURES_READY_ID } }),
        );
        expect(marker.Item).toBeDefined();
      }

      for (const lead of KINDS) {
        const { items, recount: expected } = await dayItemsAndRecount(lead);
        expect(items).toEqual(expected);
      }
      const oracle = await recountStats(runtime.db, tables(), CALENDAR, new Date());
      expectSameFigures(await maintainedStats(runtime.db, tables(), CALENDAR, new Date()), oracle);
      expectSameFigures(await stats(), oracle);
      // The figures are not trivial: some answered, some judged, Spam among the leads.
      expect(oracle.medianFirstReplyMs).not.toBeNull();
      expect(oracle.withinPromiseShare).not.toBeNull();
      // Idempotent, and every writer left each claim right: a second recount has nothing to count.
      expect(await recount()).toMatchObject({ counted: 0, gone: 0 });
    } catch (error) {
      console.error(`desk-figures failed with FIGURES_SEED=${SEED}`);
      throw error;
    }
  }, 180_000);
});
