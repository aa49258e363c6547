/**
 * `npm run bench -- web-pair <siteA> <siteB> [--route /path ...] [--pairs N]`: Lighthouse on two
 * builds of the site in alternating runs (A, B, B, A, ...), the way docs/PERFORMANCE.md compares
 * variants on a shared machine whose load moves Lighthouse's wall-clock figures run by run. Build
 * each variant into a folder of its own first (`WEB_OUT_DIR=/tmp/a npm run build:web`, with the
 * same TAG_MANAGER_ID as the bench); each is served by its own local runtime. Besides Lighthouse's
 * figures, every run reports its blocking by thread time (./trace-thread-time.ts) and the
 * 1-minute load average when it started. Default: /pricing and /, 5 pairs.
 */
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { PUBLIC_PATHS } from "../../web/src/public-paths";
import { startRuntime } from "../support/runtime";
import { type BenchResult, info } from "./figures";
import { type TraceEvent, threadTimeAfterPaint } from "./trace-thread-time";
import { launchChromium } from "./web";

interface PairRun {
  readonly route: string;
  readonly variant: "A" | "B";
  readonly pair: number;
  readonly load: number;
  readonly performance: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly blockingByThreadTimeMs: number;
  readonly largestTasksMs: readonly number[];
}

const FIGURES = ["performance", "fcpMs", "lcpMs", "tbtMs", "blockingByThreadTimeMs"] as const;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}`);
  const numeric = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
  const thread = threadTimeAfterPaint(
    (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents,
  );
  return {
    performance: result.lhr.categories.performance?.score ?? 0,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    blockingByThreadTimeMs: Math.round(thread?.blockingMs ?? Number.NaN),
    largestTasksMs: (thread?.largestTasksMs ?? []).map((ms) => Math.round(ms * 10) / 10),
  };
}

export async function run(args: string[]): Promise<BenchResult> {
  const [siteA, siteB] = args.filter(
    (arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"),
  );
  if (!siteA || !siteB)
    throw new Error("usage: npm run bench -- web-pair <siteA> <siteB> [--route /path ...] [--pairs N]");
  const chosen = args.flatMap((arg, index) => (args[index - 1] === "--route" ? [arg] : []));
  const unknown = chosen.filter((route) => !(PUBLIC_PATHS as readonly string[]).includes(route));
  if (unknown.length > 0) throw new Error(`Not public routes: ${unknown.join(", ")}`);
  const routes = chosen.length > 0 ? chosen : ["/pricing", "/"];
  const pairsIndex = args.indexOf("--pairs");
  const pairs = pairsIndex >= 0 ? Math.max(1, Number(args[pairsIndex + 1]) || 5) : 5;

  const env = (dir: string) => ({
    WEB_DIST_DIR: path.resolve(dir),
    TAG_MANAGER_ID: process.env.TAG_MANAGER_ID,
  });
  const runtimes = { A: await startRuntime({ env: env(siteA) }), B: await startRuntime({ env: env(siteB) }) };
  const chromium = await launchChromium();
  const runs: PairRun[] = [];
  try {
    for (const route of routes) {
      // A first look at each, so neither variant pays alone for a cold runtime or browser.
      for (const runtime of Object.values(runtimes)) await audit(`${runtime.url}${route}`, chromium.port);
      for (let pair = 0; pair < pairs; pair += 1) {
        for (const variant of pair % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
          const load = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
          const figures = await audit(`${runtimes[variant].url}${route}`, chromium.port);
          const row: PairRun = { route, variant, pair, load, ...figures };
          runs.push(row);
          console.log(JSON.stringify(row));
        }
      }
    }
  } finally {
    await chromium.stop();
    for (const runtime of Object.values(runtimes)) await runtime.stop();
  }

  const figures = routes.flatMap((route) =>
    (["A", "B"] as const).flatMap((variant) => {
      const mine = runs.filter((row) => row.route === route && row.variant === variant);
      const loads = mine.map((row) => row.load);
      const of = `${route} ${variant} (median of ${mine.length}, load ${Math.min(...loads)}–${Math.max(...loads)})`;
      return FIGURES.map((key) => info(`${of}: ${key}`, median(mine.map((row) => row[key]))));
    }),
  );
  for (const figure of figures) console.log(`${figure.name}: ${figure.value}`);
  return { figures, details: { siteA, siteB, runs } };
}
