/**
 * `npm run bench -- soak [--minutes N] [--rate R]`: the load bench's mix at half the sustained rate
 * (R given, or 20 req/s — half of the load bench's usual figure on the 2-core machine) for N minutes
 * (default 10), sampling the runtime's memory and open handles each minute (GET /__local/stats).
 * Verdict: no growth trend (least-squares slope over the samples after the first, which is warm-up)
 * and nothing lost (accepted = stored = enriched = emailed after the queue drains).
 */
import type { Email, RuntimeProcess } from "../support/runtime";
import { atMost, type BenchResult, holds, info } from "./figures";
import { type Accepted, driveMix, type StepFigures, settle, startLoadRuntime } from "./load";

const DEFAULT_RATE = 20;
/** Allowed RSS growth per minute after warm-up before we call it a trend. */
const RSS_SLOPE_LIMIT_MIB = 2;

interface Sample {
  minute: number;
  rssMiB: number;
  heapMiB: number;
  handles: number;
  /** Messages waiting in or being handled by the local queues: growing means the workers fall behind. */
  queued: number;
  p99Ms: number;
  errors: number;
}

interface RuntimeStats {
  rss: number;
  heapUsed: number;
  handles: number;
  queued: number;
}

async function stats(runtime: RuntimeProcess): Promise<RuntimeStats> {
  const response = await fetch(`${runtime.url}/__local/stats`);
  if (!response.ok) throw new Error(`GET /__local/stats answered ${response.status}`);
  return (await response.json()) as RuntimeStats;
}

/** Least-squares slope of y over x (per unit x); 0 with fewer than two points. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const num = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const den = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function flag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const mib = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

export async function run(args: string[] = []): Promise<BenchResult> {
  const minutes = flag(args, "--minutes", 10);
  const rate = flag(args, "--rate", DEFAULT_RATE);
  const { runtime, cookie } = await startLoadRuntime();
  const accepted: Accepted = { signups: new Set(), contacts: 0 };
  const samples: Sample[] = [];
  // The SES stand-in keeps every e-mail in the runtime's memory (tens of thousands in a soak); they
  // are moved out each minute, before sampling, so the samples measure our code, not its inbox.
  const taken: Email[] = [];
  let delivery: Awaited<ReturnType<typeof settle>>;
  try {
    const first = await stats(runtime);
    samples.push({
      minute: 0,
      rssMiB: mib(first.rss),
      heapMiB: mib(first.heapUsed),
      handles: first.handles,
      queued: first.queued,
      p99Ms: 0,
      errors: 0,
    });
    for (let minute = 1; minute <= minutes; minute += 1) {
      const step: StepFigures = await driveMix(runtime, cookie, rate, 60, accepted);
      taken.push(...(await runtime.takeEmails()));
      const now = await stats(runtime);
      const sample = {
        minute,
        rssMiB: mib(now.rss),
        heapMiB: mib(now.heapUsed),
        handles: now.handles,
        queued: now.queued,
        p99Ms: step.p99Ms,
        errors: step.errors,
      };
      samples.push(sample);
      console.log(
        `minute ${String(minute).padStart(2)}  rss ${sample.rssMiB} MiB  heap ${sample.heapMiB} MiB  handles ${sample.handles}  queued ${sample.queued}  p99 ${sample.p99Ms} ms  errors ${sample.errors}`,
      );
    }
    delivery = await settle(runtime, accepted, 120_000 + accepted.signups.size * 20, { takenEmails: taken });
  } finally {
    await runtime.stop();
  }
  // Minute 0 is before any load and minute 1 is warm-up (JIT, caches, pools): the trend is from minute 1 on.
  const steady = samples.filter((sample) => sample.minute >= 1);
  const rssSlope = slope(steady.map((sample) => [sample.minute, sample.rssMiB] as const));
  const heapSlope = slope(steady.map((sample) => [sample.minute, sample.heapMiB] as const));
  const handleSlope = slope(steady.map((sample) => [sample.minute, sample.handles] as const));
  const queuedSlope = slope(steady.map((sample) => [sample.minute, sample.queued] as const));
  // The workers keep up when the backlog grows by less than one second's worth of requests a minute.
  const keepsUp = queuedSlope <= rate;
  const noGrowth = rssSlope <= RSS_SLOPE_LIMIT_MIB && handleSlope <= 1;
  const errors = samples.reduce((sum, sample) => sum + sample.errors, 0);
  console.log(
    `\ntrend per minute: rss ${rssSlope.toFixed(2)} MiB, heap ${heapSlope.toFixed(2)} MiB, handles ${handleSlope.toFixed(2)}: ${noGrowth ? "no growth" : "GROWING"}; queue backlog ${queuedSlope.toFixed(0)} messages: ${keepsUp ? "the workers keep up" : "the workers FALL BEHIND"}`,
  );
  console.log(
    `signups accepted ${delivery.accepted}, stored ${delivery.stored}, enriched ${delivery.enriched}, emailed ${delivery.emailed}: ${delivery.equal ? "EQUAL" : "MISMATCH"}; errors ${errors}; dead letters ${delivery.deadLetters}`,
  );
  return {
    figures: [
      info("soak rate", rate, "req/s"),
      info("soak minutes", minutes, "min"),
      atMost("RSS trend after warm-up", Number(rssSlope.toFixed(2)), "MiB/min", RSS_SLOPE_LIMIT_MIB),
      atMost("open handles trend after warm-up", Number(handleSlope.toFixed(2)), "/min", 1),
      atMost("queue backlog trend after warm-up", Math.round(queuedSlope), "messages/min", rate),
      atMost("errors during the soak", errors, "", 0),
      holds("accepted = stored = enriched = emailed after drain", delivery.equal),
    ],
    details: { rate, minutes, samples, slopes: { rssSlope, heapSlope, handleSlope, queuedSlope }, delivery },
  };
}
