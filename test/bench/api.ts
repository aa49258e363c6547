/**
 * `npm run bench -- api`: throughput and latency of POST /api/signup on the local runtime,
 * beside a baseline (a bare Node HTTP server doing one dynalite PutItem per request), then the
 * size and module-load time of every bundled function.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { startRuntime } from "../support/runtime";
import type { run as runBundlesType } from "./bundles";
import { atLeast, atMost, type BenchResult, below, type Figure, holds, info } from "./figures";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 10;
const FIXED_RATE = 100;

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  accepted: number;
  errors: number;
  /** Sent but still unanswered when a timed run stopped (the server may still store them). */
  unanswered: number;
}

function signupBody(): string {
  return JSON.stringify({
    firstName: "Bench",
    lastName: "Mark",
    email: `bench-${randomUUID()}@example.com`,
    teamSize: "team",
    productLines: "multiple",
    notes: "Load test",
    submissionId: randomUUID(),
  });
}

/** A timed run (`seconds`) or a fixed number of requests (`amount`, every one answered). */
async function drive(
  url: string,
  options: { rate?: number; seconds?: number; amount?: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    method: "POST",
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? DURATION_SECONDS }),
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: signupBody() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    accepted: result["2xx"],
    errors: result.errors + result.non2xx + result.timeouts,
    unanswered: Math.max(0, result.requests.sent - result["2xx"] - result.non2xx - result.errors),
  };
}

/** The baseline server runs in its own process, like the runtime does. */
async function startBaseline(): Promise<{ url: string; stop(): Promise<void>; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", new URL("./baseline-server.ts", import.meta.url).pathname],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (!child.stdout) throw new Error("baseline server has no stdout");
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /^READY (\S+)/.exec(line);
    if (match?.[1]) {
      return {
        url: match[1],
        child,
        async stop() {
          child.kill("SIGTERM");
          await once(child, "exit");
        },
      };
    }
  }
  throw new Error("baseline server did not start");
}

async function countSignups(runtime: Awaited<ReturnType<typeof startRuntime>>): Promise<number> {
  const { ScanCommand } = await import("@aws-sdk/lib-dynamodb");
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await runtime.db.send(
      new ScanCommand({ TableName: runtime.table("signups"), Select: "COUNT", ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

function printRow(label: string, figures: LoadFigures): void {
  console.log(
    `${label.padEnd(34)} ${String(figures.requestsPerSecond).padStart(7)} req/s  p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(4)} ms  2xx ${figures.accepted}  errors ${figures.errors}  unanswered ${figures.unanswered}`,
  );
}

export async function run(): Promise<BenchResult> {
  const baseline = await startBaseline();
  let baselineFigures: LoadFigures;
  try {
    baselineFigures = await drive(`${baseline.url}/`, { seconds: DURATION_SECONDS });
  } finally {
    await baseline.stop();
  }
  printRow("baseline (bare Node + 1 PutItem)", baselineFigures);

  const runtime = await startRuntime({ env: { SUBMISSIONS_PER_MINUTE: "0" } });
  let throughput: LoadFigures;
  let atFixedRate: LoadFigures;
  let stored: number;
  try {
    throughput = await drive(`${runtime.url}/api/signup`, { seconds: DURATION_SECONDS });
    printRow("POST /api/signup, max rate", throughput);
    // A fixed number of requests, so that every one is answered before counting.
    atFixedRate = await drive(`${runtime.url}/api/signup`, { amount: FIXED_RATE * 10, rate: FIXED_RATE });
    printRow(`POST /api/signup, ${FIXED_RATE} req/s`, atFixedRate);
    stored = await countSignups(runtime);
  } finally {
    await runtime.stop();
  }
  const accepted = throughput.accepted + atFixedRate.accepted;
  // Requests sent but unanswered when a run stopped may or may not have been stored.
  const cutOff = throughput.unanswered + atFixedRate.unanswered;
  const nothingLost = stored >= accepted && stored <= accepted + cutOff;
  const ratio = throughput.requestsPerSecond / baselineFigures.requestsPerSecond;
  console.log(`\nthroughput vs baseline: ${(ratio * 100).toFixed(0)}% (target >= 70%)`);
  console.log(`p99 at ${FIXED_RATE} req/s: ${atFixedRate.p99Ms} ms (target < 50 ms)`);
  console.log(
    `accepted ${accepted}, stored ${stored}, sent but unanswered when a run stopped ${cutOff}: ` +
      `${nothingLost ? "OK" : "MISMATCH"} (target: accepted <= stored <= accepted + unanswered — no accepted submission lost, nothing stored twice)`,
  );

  const { run: runBundles } = await import("./bundles");
  const bundles = await runBundles();
  const details = {
    baseline: baselineFigures,
    signupMaxRate: throughput,
    signupFixedRate: { rate: FIXED_RATE, ...atFixedRate, targetP99Ms: 50 },
    throughputVsBaseline: { ratio: Number(ratio.toFixed(2)), target: 0.7 },
    acceptedVsStored: { accepted, stored, unansweredAtStop: cutOff, nothingLost },
    bundles,
  };
  return { figures: [...apiFigures(details), ...bundleFigures(bundles)], details };
}

/** The figures of this run beside issue #2's targets (for docs/PERFORMANCE.md). */
function apiFigures(d: {
  baseline: LoadFigures;
  signupMaxRate: LoadFigures;
  signupFixedRate: LoadFigures & { rate: number; targetP99Ms: number };
  throughputVsBaseline: { ratio: number; target: number };
  acceptedVsStored: { accepted: number; stored: number; unansweredAtStop: number; nothingLost: boolean };
}): Figure[] {
  return [
    info("baseline (bare Node + 1 PutItem): throughput", d.baseline.requestsPerSecond, "req/s"),
    info("POST /api/signup max rate: throughput", d.signupMaxRate.requestsPerSecond, "req/s"),
    atLeast("throughput vs baseline", Math.round(d.throughputVsBaseline.ratio * 100), "%", 70),
    info(`POST /api/signup at ${d.signupFixedRate.rate} req/s: p50`, d.signupFixedRate.p50Ms, "ms"),
    below(`POST /api/signup at ${d.signupFixedRate.rate} req/s: p99`, d.signupFixedRate.p99Ms, "ms", 50),
    info("errors (both runs)", d.signupMaxRate.errors + d.signupFixedRate.errors),
    holds(
      `no accepted submission lost, none stored twice (accepted ${d.acceptedVsStored.accepted}, stored ${d.acceptedVsStored.stored}, unanswered at stop ${d.acceptedVsStored.unansweredAtStop})`,
      d.acceptedVsStored.nothingLost,
    ),
  ];
}

/** One row per bundle: gzip size and module load against the bundle targets. */
function bundleFigures(bundles: Awaited<ReturnType<typeof runBundlesType>>): Figure[] {
  const { targets, bundles: each } = bundles as {
    targets: { minifiedBytes: number; gzipBytes: number; moduleLoadMs: number };
    bundles: Record<string, { minifiedBytes: number; gzipBytes: number; moduleLoadMs: number }>;
  };
  return Object.entries(each).flatMap(([name, bundle]) => [
    atMost(`bundle ${name}: minified`, bundle.minifiedBytes, "bytes", targets.minifiedBytes),
    atMost(`bundle ${name}: gzip`, bundle.gzipBytes, "bytes", targets.gzipBytes),
    below(`bundle ${name}: module load`, bundle.moduleLoadMs, "ms", targets.moduleLoadMs),
  ]);
}
