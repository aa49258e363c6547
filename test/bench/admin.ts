/**
 * `npm run bench -- admin [count]`: seeds 100,000 signups (or `count`) into a fresh local store
 * with BatchWrite, then measures over real HTTP what staff wait for in the Command Center, against
 * the targets of docs/product/targets.md: dashboard numbers < 1 s, first page of signups < 1 s, a search or filter
 * change < 2 s, no response > 1 MB; and that no list's first page is empty or short while more
 * match (docs/decisions/0088-owner-index.md).
 */
import os from "node:os";
import { teamDayOf } from "../../events/team-time";
import { maintainedStats, recountStats } from "../../functions/leads/desk-stats";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { loadStage } from "../../infra/stages";
import type { RuntimeProcess } from "../support/runtime";
import {
  benchAdminCookie,
  makeSignups,
  markContactsCounted,
  SEARCH_CAMPAIGNS,
  seedSignupStore,
  startAdminBenchRuntime,
  withDesk,
  withSources,
} from "./admin-seed";
import { type BenchResult, below, type Figure, holds, info } from "./figures";

/** The runtime's response calendar (the local stage's holidays): reply times in the figures. */
const CALENDAR = businessCalendar(loadStage("local").responseHolidays);

/**
 * Each status alone, then one case per class of lead-desk filter combination: a status with a
 * facet, a search or an owner (on small and large status partitions); an owner (Mine, Unassigned,
 * named) alone, with a facet, a search or both; everything at once; most urgent first alone and
 * combined; an owner with a broad search.
 */
const DESK_CASES: readonly [string, string][] = [
  ["status New (open leads)", "status=new"],
  ...(["contacted", "qualified", "trial", "won", "lost", "spam", "linked"] as const).map(
    (status): [string, string] => [`status ${status}`, `status=${status}`],
  ),
  ["Contacted + Mine", "status=contacted&owner=me"],
  ["Trial + Unassigned", "status=trial&owner=none"],
  ["Trial + Unassigned + solo + multiple", "status=trial&owner=none&teamSize=solo&productLines=multiple"],
  ["Lost + Mine + search 'mar'", "status=lost&owner=me&q=mar"],
  ["Contacted + Mine + 'northwind' + team", "status=contacted&owner=me&q=northwind&teamSize=team"],
  ["Spam + Unassigned + search 'gmail'", "status=spam&owner=none&q=gmail"],
  ["Won + solo", "status=won&teamSize=solo"],
  ["Won + search 'mar'", "status=won&q=mar"],
  ["New + search 'chen'", "status=new&q=chen"],
  ["Qualified + Mine", "status=qualified&owner=me"],
  ["New + Unassigned", "status=new&owner=none"],
  ["Mine", "owner=me"],
  ["Unassigned", "owner=none"],
  ["owner ana", "owner=ana"],
  ["Mine + solo", "owner=me&teamSize=solo"],
  ["Mine + search 'mar'", "owner=me&q=mar"],
  ["Unassigned + search 'tanaka'", "owner=none&q=tanaka"],
  ["ana + search 'northwind'", "owner=ana&q=northwind"],
  ["Unassigned + search 'wei' + team", "owner=none&q=wei&teamSize=team"],
  ["Qualified + Mine + solo", "status=qualified&owner=me&teamSize=solo"],
  ["Lost + Unassigned + search 'chen'", "status=lost&owner=none&q=chen"],
  ["Lost + ana + 'chen' + solo + single", "status=lost&owner=ana&q=chen&teamSize=solo&productLines=single"],
  ["Mine + broad search 'a'", "owner=me&q=a"],
  ["most urgent first", "sort=urgency"],
  ["urgency + Mine", "sort=urgency&owner=me"],
  ["urgency + Unassigned + search 'mar'", "sort=urgency&owner=none&q=mar"],
  ["urgency + solo + search 'gmail'", "sort=urgency&teamSize=solo&q=gmail"],
];

interface Measured {
  readonly ms: number;
  readonly bytes: number;
  /** "records/matched" of the last list answer, to show what was found. */
  readonly found?: string;
  /**
   * A list's first page had fewer rows than asked while more matched (a cursor to follow, or a
   * count above the rows): "no leads" shown while there are some (docs/decisions/0088).
   */
  readonly short?: boolean;
}

/** Rows a list request asks for: its `limit`, else the API's default of 50. */
function askedFor(requestPath: string): number {
  return Number(new URL(requestPath, "http://bench").searchParams.get("limit") ?? 50);
}

async function timed(runtime: RuntimeProcess, cookie: string, paths: string[]): Promise<Measured> {
  const started = performance.now();
  let found: string | undefined;
  let short = false;
  const sizes = await Promise.all(
    paths.map(async (p) => {
      const response = await fetch(`${runtime.url}${p}`, { headers: { cookie } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${p}: ${response.status} ${Buffer.from(body).toString()}`);
      if (response.headers.get("content-type")?.startsWith("application/json")) {
        const json = JSON.parse(Buffer.from(body).toString()) as {
          signups?: unknown[];
          matched?: number;
          matchedAtLeast?: boolean;
          nextCursor?: string;
        };
        if (json.signups) {
          found = `${json.signups.length}/${json.matched}${json.matchedAtLeast ? "+" : ""}`;
          const rows = json.signups.length;
          if (rows < askedFor(p) && (json.nextCursor !== undefined || rows < (json.matched ?? 0)))
            short = true;
        }
      }
      return body.byteLength;
    }),
  );
  return { ms: performance.now() - started, bytes: Math.max(...sizes), found, short };
}

/** Median of `runs` measurements after one warm-up. */
async function median(runtime: RuntimeProcess, cookie: string, paths: string[], runs = 5): Promise<Measured> {
  await timed(runtime, cookie, paths);
  const results: Measured[] = [];
  for (let i = 0; i < runs; i++) results.push(await timed(runtime, cookie, paths));
  results.sort((a, b) => a.ms - b.ms);
  const middle = results[Math.floor(runs / 2)] as Measured;
  return {
    ...middle,
    bytes: Math.max(...results.map((r) => r.bytes)),
    short: results.some((r) => r.short),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function statsPath(now: Date): string {
  const midnight = (daysBack: number) => {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    date.setDate(date.getDate() - daysBack);
    return date.toISOString();
  };
  const dayStarts = Array.from({ length: 30 }, (_, i) => midnight(29 - i)).join(",");
  return `/api/admin/signups/stats?todayStart=${midnight(0)}&weekStart=${midnight(7)}&dayStarts=${dayStarts}`;
}

/** The Sources report's cases: periods ending today (the team's day), read by key whatever the leads. */
function sourceCases(): [string, string[], number][] {
  const today = teamDayOf(new Date().toISOString());
  const back = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  return [
    ["sources report: a week", [`/api/admin/sources?from=${back(6)}&to=${today}`], 1000],
    ["sources report: a quarter", [`/api/admin/sources?from=${back(89)}&to=${today}`], 1000],
    ["sources report: a year", [`/api/admin/sources?from=${back(364)}&to=${today}`], 1000],
    ["sources report: a year as CSV", [`/api/admin/sources/export.csv?from=${back(364)}&to=${today}`], 1000],
    // A row's drill-down (docs/decisions/0143): the leads of a busy campaign, then of a rare one,
    // over a quarter; the rows are filters on what is read, the period a range of the key.
    [
      "sources drill-down: a busy campaign, a quarter",
      [
        `/api/admin/signups?channel=paid-search&source=google&campaign=${SEARCH_CAMPAIGNS[0]}&from=${back(89)}&to=${today}`,
      ],
      1000,
    ],
    [
      "sources drill-down: a rare campaign, a quarter",
      [
        `/api/admin/signups?channel=paid-search&source=bing&campaign=${SEARCH_CAMPAIGNS.at(-1)}&from=${back(89)}&to=${today}`,
      ],
      1000,
    ],
  ];
}

export async function run(args: string[]): Promise<BenchResult> {
  const count = Number(args[0] ?? 100_000);
  const runtime = await startAdminBenchRuntime();
  try {
    const table = runtime.table("signups");
    const now = Date.now();
    const signups = withSources(withDesk(makeSignups(count, now), now));
    const seedStarted = performance.now();
    await seedSignupStore(runtime.db, table, signups, CALENDAR);
    await markContactsCounted(runtime.db, { signups: table, contacts: runtime.table("contacts") }, CALENDAR);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`seeded ${count.toLocaleString()} signups in ${seedSeconds.toFixed(1)} s`);

    const cookie = await benchAdminCookie(runtime);

    const cases: [string, string[], number][] = [
      ["dashboard (stats + 5 recent)", [statsPath(new Date()), "/api/admin/signups?limit=5"], 1000],
      ["signups first page (50)", ["/api/admin/signups"], 1000],
      ["signups page of 100", ["/api/admin/signups?limit=100"], 1000],
      ["search 'mar' (first name prefix)", ["/api/admin/signups?q=mar"], 2000],
      ["search 'tanaka' (last name)", ["/api/admin/signups?q=tanaka"], 2000],
      ["search 'maria.chen' (e-mail)", ["/api/admin/signups?q=maria.chen"], 2000],
      ["search 'northwind' (domain)", ["/api/admin/signups?q=northwind"], 2000],
      ["search 'a' (broad: filter path)", ["/api/admin/signups?q=a"], 2000],
      ["filter teamSize=solo", ["/api/admin/signups?teamSize=solo"], 2000],
      ["filter solo + multiple lines", ["/api/admin/signups?teamSize=solo&productLines=multiple"], 2000],
      ["search 'wei' + team filter", ["/api/admin/signups?q=wei&teamSize=team"], 2000],
      ["CSV export chunk", ["/api/admin/signups/export.csv?q=mar"], 2000],
      // The lead desk (docs/decisions/0066, 0067): first rows under 1 s with any combination of the
      // new filters (status, Mine, Unassigned, a named owner, most urgent first) with search and facets.
      ["dashboard response figures", ["/api/admin/desk/stats"], 1000],
      // The Sources report (docs/decisions/0144): a week, a quarter, a year, and the year as CSV.
      ...sourceCases(),
      ...DESK_CASES.map(([name, query]): [string, string[], number] => [
        name,
        [`/api/admin/signups?${query}`],
        1000,
      ]),
    ];
    const loadBefore = os.loadavg();
    const figures: Record<string, unknown> = { signups: count, seedSeconds: Number(seedSeconds.toFixed(1)) };
    let largest = 0;
    const rows: string[] = [];
    const shortPages: string[] = [];
    for (const [name, paths, targetMs] of cases) {
      const measured = await median(runtime, cookie, paths);
      largest = Math.max(largest, measured.bytes);
      figures[name] = {
        medianMs: Math.round(measured.ms),
        targetMs,
        bytes: measured.bytes,
        found: measured.found,
        ok: measured.ms < targetMs,
        ...(measured.short ? { shortFirstPage: true } : {}),
      };
      if (measured.short) shortPages.push(name);
      rows.push(
        `${name.padEnd(40)} ${Math.round(measured.ms).toString().padStart(6)} ms  (target < ${targetMs} ms) ${measured.ms < targetMs ? "ok" : "SLOW"}  ${(measured.bytes / 1024).toFixed(0).padStart(5)} KiB  page/matched ${measured.found ?? "-"}${measured.short ? "  SHORT FIRST PAGE" : ""}`,
      );
    }
    // The maintained figures against the recount from the records (the per-request path before
    // docs/decisions/0090), both for the same instant: a lead that passes its due time between two
    // reads would otherwise count as overdue in one and not the other. The recount is timed.
    const kinds = [SIGNUP_KIND, CONTACT_KIND].map((lead) => ({ lead, table: runtime.table(lead.table) }));
    const at = new Date();
    const shown = await maintainedStats(runtime.db, kinds, CALENDAR, at);
    const recountStarted = performance.now();
    const oracle = await recountStats(runtime.db, kinds, CALENDAR, at);
    const recountMs = Math.round(performance.now() - recountStarted);
    const sameFigures =
      shown.open === oracle.open &&
      shown.overdue === oracle.overdue &&
      shown.withinPromiseShare === oracle.withinPromiseShare &&
      (shown.medianFirstReplyMs === null || oracle.medianFirstReplyMs === null
        ? shown.medianFirstReplyMs === oracle.medianFirstReplyMs
        : Math.abs(shown.medianFirstReplyMs - oracle.medianFirstReplyMs) <= 30_000);
    figures.responseFigures = { shown, recounted: oracle, recountMs, same: sameFigures };
    console.log(
      `response figures: shown ${JSON.stringify(shown)}; recounted from the records in ${recountMs} ms ${JSON.stringify(oracle)}: ${sameFigures ? "same" : "DIFFERENT"}`,
    );
    // The machine is shared: the load average says how far the figures are from an idle machine's.
    const loadAfter = os.loadavg();
    figures.loadAverage = { before: loadBefore.map(round2), after: loadAfter.map(round2) };
    console.log(
      `load average (1/5/15 min) before the cases ${loadBefore.map(round2).join(" / ")}, after ${loadAfter.map(round2).join(" / ")}`,
    );
    figures.largestResponseBytes = largest;
    figures.largestResponseOk = largest < 1024 * 1024;
    const report: Figure[] = [
      info("signups in the table", count),
      info("seeding time", Number(seedSeconds.toFixed(1)), "s"),
      ...cases.map(([name, , targetMs]) => {
        const measured = figures[name] as { medianMs: number };
        return below(`${name}: median`, measured.medianMs, "ms", targetMs);
      }),
      below("largest response", Math.round(largest / 1024), "KiB", 1024),
      info("response figures recounted from the records in-process (the path before 0090)", recountMs, "ms"),
      holds("dashboard response figures equal the recount from the records", sameFigures),
      holds("no first page empty or short while more match", shortPages.length === 0),
    ];
    figures.shortFirstPages = shortPages;
    console.log(rows.join("\n"));
    console.log(
      `largest response: ${(largest / 1024).toFixed(0)} KiB (target < 1024 KiB) ${largest < 1024 * 1024 ? "ok" : "TOO BIG"}`,
    );
    console.log(
      shortPages.length === 0
        ? "no first page empty or short while more match: ok"
        : `first pages empty or short while more match: ${shortPages.join("; ")}`,
    );
    return { figures: report, details: figures };
  } finally {
    await runtime.stop();
  }
}
