import { teamDayOf } from "../../events/team-time";
import { deskAttributes } from "../../functions/model/lead-index";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { SOURCES_READY_ID, sourceItemsFor } from "../../functions/model/source-figures";
import { loadStage } from "../../infra/stages";
import {
  batchWriteAll,
  benchAdminCookie,
  makeSignups,
  markContactsCounted,
  startAdminBenchRuntime,
  withDesk,
  withSources,
} from "./admin-seed";
import { type BenchResult, below, info } from "./figures";

const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const RUNS = 7;

export async function run(args: string[]): Promise<BenchResult> {
  const count = Number(args[0] ?? 1_000_000);
  const runtime = await startAdminBenchRuntime();
  try {
    const now = Date.now();
    const records = withSources(withDesk(makeSignups(count, now), now)).map((signup) => ({
      ...signup,
      ...deskAttributes(SIGNUP_KIND, signup),
    }));
    const { items } = sourceItemsFor(SIGNUP_KIND, records, CALENDAR);
    // A loop, not Math.max(...): a million leads leave more items than a call's arguments may hold.
    let largest = 0;
    for (const item of items) largest = Math.max(largest, Buffer.byteLength(JSON.stringify(item)));
    const table = runtime.table("signups");
    await batchWriteAll(runtime.db, table, [
      ...items,
      { id: SOURCES_READY_ID, at: new Date().toISOString() },
    ]);
    await markContactsCounted(
      runtime.db,
      { signups: table, contacts: runtime.table("contacts") },
      CALENDAR,
    ).catch(() => undefined);
    console.log(
      `${count.toLocaleString()} signups: ${items.length} report items, the largest ${(largest / 1024).toFixed(0)} KiB`,
    );
    const cookie = await benchAdminCookie(runtime);
    const today = teamDayOf(new Date().toISOString());
    const back = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ["a week", `/api/admin/sources?from=${back(6)}&to=${today}`],
      ["a quarter", `/api/admin/sources?from=${back(89)}&to=${today}`],
      ["a year", `/api/admin/sources?from=${back(364)}&to=${today}`],
      ["a year as CSV", `/api/admin/sources/export.csv?from=${back(364)}&to=${today}`],
    ];
    const figures = [
      info("signups the items count", count),
      below("largest report item", Math.round(largest / 1024), "KiB", 4),
    ];
    for (const [name, requestPath] of cases) {
      const times: number[] = [];
      let bytes = 0;
      let rows = 0;
      for (let i = 0; i <= RUNS; i++) {
        const started = performance.now();
        const response = await fetch(`${runtime.url}${requestPath}`, { headers: { cookie } });
        const body = await response.text();
        if (!response.ok) throw new Error(`${requestPath}: ${response.status} ${body}`);
        if (i > 0) times.push(performance.now() - started);
        bytes = body.length;
        rows = requestPath.includes(".csv")
          ? body.split("\r\n").length - 2
          : (JSON.parse(body).rows as unknown[]).length;
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
      const slowest = Math.round(sorted[sorted.length - 1] ?? 0);
      console.log(
        `sources report, ${name}: ${median} ms median, ${slowest} ms slowest of ${RUNS} (target < 1000 ms), ${rows} rows, ${(bytes / 1024).toFixed(0)} KiB`,
      );
      figures.push(below(`sources report, ${name}: median`, median, "ms", 1000));
    }
    return { figures };
  } finally {
    await runtime.stop();
  }
}
