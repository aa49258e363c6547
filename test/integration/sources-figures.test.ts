/**
 * The Sources report's kept figures (docs/decisions/0144-sources-report-figures.md) against a
 * brute-force count over the records, over real HTTP against the local runtime: leads from the
 * public forms' code at random ages with random sources (written through the figures' write path,
 * test/support/lead-source.ts), leads stored before the report (no claim), then random parallel
 * status changes (Spam and back, Qualified → Won…), replies and deletes, with the recount in the
 * middle. The items must equal those the records' claims give, and the report's answer the count
 * made lead by lead from the records — with "reached" from the statuses the test itself set.
 *
 * The randomness has a fixed seed (SOURCES_SEED overrides it); a failure prints it.
 */

import { DeleteCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SETTABLE_STATUSES } from "../../events/desk";
import type { Channel, LeadSource } from "../../events/lead-source";
import type { SourceReportResponse, SourceReportRow } from "../../events/source-report";
import { teamDayOf } from "../../events/team-time";
import { recountSources } from "../../functions/leads/sources-recount";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar, clockTimeBetween, replyDueAt } from "../../functions/model/response-clock";
import {
  SOURCES_READY_ID,
  sourceClaim,
  sourceItemsFor,
  sourceRowOf,
} from "../../functions/model/source-figures";
import { CREATED_AT_INDEX } from "../../functions/model/tables";
import { loadStage } from "../../infra/stages";
import { setLeadSource } from "../support/lead-source";
import { seedContact, seedSignup, storeSignupWithoutFigures } from "../support/leads";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { seededRandom } from "../support/seeded-random";
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "./auth-support";

const SEED = Number(process.env.SOURCES_SEED ?? 20_261_129);
const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const KINDS = [SIGNUP_KIND, CONTACT_KIND];
const DAY_MS = 86_400_000;
const REACHABLE = ["qualified", "trial", "won"];
const SOURCES: readonly (LeadSource | undefined)[] = [
  undefined,
  { channel: "direct", landingPath: "/" },
  { channel: "organic-search", referrerOrigin: "https://www.google.com" },
  { channel: "paid-search", utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-sale" },
  { channel: "paid-search", utmSource: "Google", utmMedium: "cpc", utmCampaign: "brand" },
  { channel: "email", utmSource: "newsletter", utmMedium: "email", utmCampaign: "=HYPERLINK(1)" },
  { channel: "paid-social", utmSource: "facebook", utmMedium: "paid_social", utmCampaign: "reps, 2026" },
];

let runtime: RuntimeProcess;
let cookie: string;
const leads: { kind: LeadKind; id: string }[] = [];
/** What the test set: the statuses among Qualified, Trial, Won each lead ever had (order-free). */
const reached = new Map<string, Set<string>>();

const tables = () => KINDS.map((lead) => ({ lead, table: runtime.table(lead.table) }));

beforeAll(async () => {
  runtime = await startRuntime({ env: { ...FIRST_ADMIN_ENV, DESK_SCHEDULE_SECONDS: "0" } });
  cookie = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
  for (const { table } of tables())
    await runtime.db.send(new DeleteCommand({ TableName: table, Key: { id: SOURCES_READY_ID } }));
  const next = seededRandom(SEED);
  const now = Date.now();
  for (let n = 0; n < 30; n++) {
    // Minutes to 80 days old: inside the promise, just past it, and across two months.
    const age = n < 5 ? (n + 1) * 60_000 : Math.floor(next() * 80 * DAY_MS);
    const at = new Date(now - age).toISOString();
    const contact = n % 3 === 0;
    const { id } = contact
      ? await seedContact(runtime, at, {
          firstName: `Cora${n}`,
          lastName: "Source",
          email: `cora${n}.${SEED}@example.com`,
          message: "Please call me back about commissions.",
        })
      : await seedSignup(runtime, at, {
          firstName: `Sam${n}`,
          lastName: "Source",
          email: `sam${n}.${SEED}@example.com`,
          teamSize: "solo",
          productLines: "single",
        });
    const kind = contact ? CONTACT_KIND : SIGNUP_KIND;
    const source = SOURCES[Math.floor(next() * SOURCES.length)];
    if (source) await setLeadSource(runtime, kind, id, source, CALENDAR);
    leads.push({ kind, id });
  }
  // Stored before the report: desk fields and counters, no claim; counted by the recount.
  for (const [n, status] of (["won", "qualified", "new"] as const).entries()) {
    const created = now - (20 + n) * DAY_MS;
    const record = {
      id: `legacy-source-${n}`,
      kind: "signup",
      firstName: "Old",
      lastName: `Lead${n}`,
      email: `old${n}.${SEED}@example.com`,
      teamSize: "solo",
      productLines: "multiple",
      createdAt: new Date(created).toISOString(),
      status,
      dueAt: new Date(replyDueAt(CALENDAR, created)).toISOString(),
      ...(status === "new" ? {} : { respondedAt: new Date(created + 5 * 3_600_000).toISOString() }),
    };
    await storeSignupWithoutFigures(runtime, record);
    leads.push({ kind: SIGNUP_KIND, id: record.id });
    if (status !== "new") reached.set(record.id, new Set([status]));
  }
}, 180_000);

afterAll(async () => {
  await runtime?.stop();
});

function action(next: () => number, step: number): () => Promise<unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const target = pick(leads);
  const roll = next();
  const headers = { origin: runtime.url };
  if (roll < 0.6) {
    const status = next() < 0.2 ? "spam" : pick(SETTABLE_STATUSES);
    const body = { kind: target.kind.kind, ids: [target.id], status, lostReason: "No budget" };
    return async () => {
      const answer = await call(runtime, "POST", "/api/admin/desk/update", { cookie, body, headers });
      const updated = (answer.json as { updated?: string[] } | undefined)?.updated ?? [];
      if (updated.includes(target.id) && REACHABLE.includes(status))
        reached.set(target.id, new Set([...(reached.get(target.id) ?? []), status]));
    };
  }
  if (roll < 0.9) {
    const body = {
      kind: target.kind.kind,
      id: target.id,
      idempotencyKey: `sources-${SEED}-${step}`,
      template: "first-reply",
      subject: "Re: your RepDesk inquiry",
      body: "Hi,\n\nThanks for writing.\n\nThe RepDesk team",
    };
    return () => call(runtime, "POST", "/api/admin/desk/reply", { cookie, body, headers });
  }
  const plural = target.kind.kind === "signup" ? "signups" : "contacts";
  return () => call(runtime, "DELETE", `/api/admin/${plural}/${target.id}`, { cookie, headers });
}

async function inParallel(actions: (() => Promise<unknown>)[], width = 6): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < actions.length) await (actions[next++] as () => Promise<unknown>)();
    }),
  );
}

type Stored = Record<string, unknown> & { id: string; createdAt: string };

async function recordsOf(lead: LeadKind): Promise<Stored[]> {
  const answer = await runtime.db.send(
    new QueryCommand({
      TableName: runtime.table(lead.table),
      IndexName: CREATED_AT_INDEX,
      KeyConditionExpression: "kind = :kind",
      ExpressionAttributeValues: { ":kind": lead.kind },
    }),
  );
  return (answer.Items ?? []) as Stored[];
}

/** The report's items as stored (non-zero counts), and as the records' claims give them. */
async function itemsAndRecount(lead: LeadKind) {
  const scanned = await runtime.db.send(new ScanCommand({ TableName: runtime.table(lead.table) }));
  const nonZero = (items: Record<string, unknown>[]) =>
    Object.fromEntries(
      items
        .filter((item) => String(item.id).startsWith("#sources#") && item.id !== SOURCES_READY_ID)
        .map((item) => [
          String(item.id),
          Object.fromEntries(
            Object.entries(item).filter(([, value]) => typeof value === "number" && value !== 0),
          ),
        ])
        .filter(([, counts]) => Object.keys(counts as object).length > 0),
    );
  const records = await recordsOf(lead);
  return {
    items: nonZero(scanned.Items ?? []),
    recount: nonZero(sourceItemsFor(lead, records, CALENDAR).items),
    records,
  };
}

/** The report counted lead by lead from the records: campaign rows, by "channel\tsource\tcampaign". */
function bruteForce(records: { kind: number; record: Stored }[], from: string, to: string, now: number) {
  const rows = new Map<
    string,
    {
      leads: number;
      signups: number;
      w: number;
      judged: number;
      replies: number[];
      q: number;
      t: number;
      v: number;
    }
  >();
  for (const { kind, record } of records) {
    if (record.status === "spam" || record.status === "linked") continue;
    const day = teamDayOf(record.createdAt);
    if (day < from || day > to) continue;
    const row = sourceRowOf(record);
    const key = `${row.channel}\t${row.source}\t${row.campaign}`;
    const sums = rows.get(key) ?? { leads: 0, signups: 0, w: 0, judged: 0, replies: [], q: 0, t: 0, v: 0 };
    rows.set(key, sums);
    sums.leads += 1;
    if (kind === 0) sums.signups += 1;
    const due = Date.parse(String(record.dueAt));
    if (typeof record.respondedAt === "string") {
      const responded = Date.parse(record.respondedAt);
      sums.judged += 1;
      if (responded <= due) sums.w += 1;
      sums.replies.push(clockTimeBetween(CALENDAR, Date.parse(record.createdAt), responded));
    } else if (due <= now) sums.judged += 1;
    const ever = new Set([...(reached.get(record.id) ?? []), String(record.status)]);
    if (ever.has("qualified")) sums.q += 1;
    if (ever.has("trial")) sums.t += 1;
    if (ever.has("won")) sums.v += 1;
  }
  return rows;
}

/** The middle reply time, or the two middle ones of an even count: the median is their mean. */
function middles(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? [sorted[middle] as number]
    : [sorted[middle - 1] as number, sorted[middle] as number];
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** How far a report step's value may lie from a reply time of that size (half a step). */
/**
 * Half the report's step at a reply time (functions/model/source-figures.ts reportStep: 0.1 h below
 * 48 h, an hour below 14 days, a day after): how far the step it is counted in may lie from it.
 */
const slack = (ms: number) => (ms < 48 * 3_600_000 - 3 * 60_000 ? 3 : ms < 14 * DAY_MS ? 30 : 720) * 60_000;

async function expectReportEqualsRecords(from: string, to: string): Promise<void> {
  const answer = await call(runtime, "GET", `/api/admin/sources?from=${from}&to=${to}`, { cookie });
  expect(answer.status).toBe(200);
  const report = answer.json as unknown as SourceReportResponse;
  const now = Date.now();
  const records = (await Promise.all(KINDS.map((lead) => recordsOf(lead)))).flatMap((list, kind) =>
    list.map((record) => ({ kind, record })),
  );
  const expected = bruteForce(records, from, to, now);
  const campaigns = report.rows.filter((row: SourceReportRow) => row.level === "campaign");
  expect(new Set(campaigns.map((row) => `${row.channel}\t${row.source}\t${row.campaign}`))).toEqual(
    new Set(expected.keys()),
  );
  for (const row of campaigns) {
    const sums = expected.get(`${row.channel}\t${row.source}\t${row.campaign}`);
    expect(sums).toBeDefined();
    if (!sums) continue;
    expect(row).toMatchObject({
      leads: sums.leads,
      signups: sums.signups,
      contacts: sums.leads - sums.signups,
      withinPromiseShare: sums.judged === 0 ? null : sums.w / sums.judged,
      qualified: sums.q,
      trial: sums.t,
      won: sums.v,
    });
    // Each middle reply is read from its step, so the median may be off by the mean of their slacks
    // (two middle replies in different steps' ranges: one under 14 days, one over).
    const middle = middles(sums.replies);
    if (middle.length === 0) expect(row.medianFirstReplyMs).toBeNull();
    else
      expect(Math.abs((row.medianFirstReplyMs ?? Number.NaN) - mean(middle))).toBeLessThanOrEqual(
        mean(middle.map(slack)),
      );
  }
  expect(report.total.leads).toBe([...expected.values()].reduce((sum, row) => sum + row.leads, 0));
}

it("kept figures equal a brute-force count over the records after random changes", async () => {
  try {
    const next = seededRandom(SEED + 1);
    const steps = Array.from({ length: 70 }, (_, step) => action(next, step));
    await inParallel(steps.slice(0, 25));
    const recount = () =>
      recountSources({ db: runtime.db, kinds: tables(), calendar: CALENDAR, clock: () => new Date() });
    const [first] = await Promise.all([recount(), inParallel(steps.slice(25, 55))]);
    expect(first.records).toBeGreaterThan(0);
    await inParallel(steps.slice(55));
    for (const lead of KINDS) {
      const { items, recount: expected, records } = await itemsAndRecount(lead);
      expect(items).toEqual(expected);
      for (const record of records) expect(record.sources).toBe(sourceClaim(record, CALENDAR));
    }
    const today = teamDayOf(new Date().toISOString());
    const daysBack = (days: number) => teamDayOf(new Date(Date.now() - days * DAY_MS).toISOString());
    // A period of whole months and odd days, a week inside the promise's reach, one day, and periods
    // that hold this month up to today or beyond it.
    await expectReportEqualsRecords(daysBack(90), today);
    await expectReportEqualsRecords(daysBack(6), today);
    await expectReportEqualsRecords(daysBack(40), daysBack(10));
    await expectReportEqualsRecords(today, today);
    // This month so far (read as the month's item) and the same month to its end.
    await expectReportEqualsRecords(`${today.slice(0, 8)}01`, today);
    await expectReportEqualsRecords(daysBack(45), daysBack(-40));
    // Idempotent: every writer left each claim right.
    expect(await recount()).toMatchObject({ counted: 0, gone: 0 });
    const channels = new Set<Channel>(
      (await recordsOf(SIGNUP_KIND)).map((record) => sourceRowOf(record).channel),
    );
    expect(channels.size).toBeGreaterThan(2);
  } catch (error) {
    console.error(`sources-figures failed with SOURCES_SEED=${SEED}`);
    throw error;
  }
}, 240_000);
