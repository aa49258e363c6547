/**
 * `npm run bench -- lead-time [rate] [seconds]`: how long a lead takes to reach staff. Posts signups
 * to the local runtime at `rate` per second (default 50) for `seconds` (default 20), open loop, and
 * times each one from the moment its request was sent to the moment the local SES stand-in took its
 * staff alert, and its acknowledgement to the prospect (infra/local/ses.ts stamps `receivedAtMs`).
 * Then, once the pipeline is idle, what the signups cost it: the runtime's queue messages and
 * DynamoDB calls (GET /__local/stats) per accepted signup, by queue and by operation — background
 * runs (the relay's idle sweeps, the schedules) included, so compare runs of the same length. And
 * the CPU time the runtime and its dynalite child spent from the first request until the pipeline
 * was idle, per accepted signup (Linux's /proc; the machine's other work does not count, but a
 * loaded machine still slows the runtime through its caches and the scheduler).
 * The target (docs/product/targets.md): staff alerts within p99 2 s at 50 signups/s, whatever the
 * acknowledgements do — staff-facing mail never queues behind prospect-facing mail.
 */
import { type Email, type RuntimeProcess, startRuntime } from "../support/runtime";
import { signupBody } from "./api";
import { atMost, type BenchResult, holds, info } from "./figures";
import { percentile } from "./load";
import { processTreeCpuMs } from "./process-cpu";

const DEFAULT_RATE = 50;
const DEFAULT_SECONDS = 20;
const STAFF_P99_LIMIT_MS = 2_000;
/** How long the bench waits for the last e-mail after the last request. */
const DRAIN_TIMEOUT_MS = 300_000;

export interface Sent {
  /** Prospect address → when its request left (epoch ms). */
  readonly at: Map<string, number>;
  readonly refused: number;
}

export async function postSignups(runtime: RuntimeProcess, rate: number, seconds: number): Promise<Sent> {
  const at = new Map<string, number>();
  let refused = 0;
  const started = Date.now();
  const planned = Math.round(rate * seconds);
  const requests: Promise<void>[] = [];
  for (let index = 0; index < planned; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = signupBody();
    const email = (JSON.parse(body) as { email: string }).email;
    at.set(email, Date.now());
    requests.push(
      fetch(`${runtime.url}/api/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: runtime.url },
        body,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status !== 201) {
            refused++;
            at.delete(email);
          }
        },
        () => {
          refused++;
          at.delete(email);
        },
      ),
    );
  }
  await Promise.all(requests);
  return { at, refused };
}

interface Delays {
  readonly staff: number[];
  readonly prospect: number[];
}

/** Moves e-mails out of the stand-in until each accepted signup has its alert and acknowledgement. */
async function collect(runtime: RuntimeProcess, sent: Sent): Promise<Delays> {
  const staff = new Map<string, number>();
  const prospect = new Map<string, number>();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  const record = (email: Email) => {
    const received = email.receivedAtMs ?? email.at * 1000;
    const to = email.destination.to[0] ?? "";
    const sentAt = sent.at.get(to);
    if (sentAt !== undefined) prospect.set(to, received - sentAt);
    for (const replyTo of email.replyTo ?? []) {
      const alertSentAt = sent.at.get(replyTo);
      if (alertSentAt !== undefined) staff.set(replyTo, received - alertSentAt);
    }
  };
  while ((staff.size < sent.at.size || prospect.size < sent.at.size) && Date.now() < deadline) {
    for (const email of await runtime.takeEmails()) record(email);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { staff: [...staff.values()], prospect: [...prospect.values()] };
}

interface PipelineCounts {
  readonly sentByQueue: Record<string, number>;
  readonly dynamoCalls: Record<string, number>;
  readonly queued: number;
}

async function pipelineCounts(runtime: RuntimeProcess): Promise<PipelineCounts> {
  const answer = await fetch(`${runtime.url}/__local/stats`);
  return (await answer.json()) as PipelineCounts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The counts once nothing is queued and nothing changed for a second: every event's work done. */
async function settledCounts(runtime: RuntimeProcess): Promise<PipelineCounts> {
  let last = await pipelineCounts(runtime);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await pipelineCounts(runtime);
    if (now.queued === 0 && total(now.sentByQueue) === total(last.sentByQueue)) return now;
    last = now;
  }
}

/** `after - before` per signup, by key, to two decimals. */
function perSignup(
  before: Record<string, number>,
  after: Record<string, number>,
  signups: number,
): Record<string, number> {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return Object.fromEntries(
    keys
      .map(
        (key) => [key, Math.round((((after[key] ?? 0) - (before[key] ?? 0)) / signups) * 100) / 100] as const,
      )
      .filter(([, value]) => value !== 0),
  );
}

export async function run(args: string[]): Promise<BenchResult> {
  const rate = Number(args[0] ?? DEFAULT_RATE);
  const seconds = Number(args[1] ?? DEFAULT_SECONDS);
  const runtime = await startRuntime({ env: { SUBMISSIONS_PER_MINUTE: "0", TRUST_VIEWER_ADDRESS: "1" } });
  try {
    console.log(`posting ${Math.round(rate * seconds)} signups at ${rate}/s ...`);
    const before = await pipelineCounts(runtime);
    const cpuBefore = processTreeCpuMs(runtime.pid);
    const sent = await postSignups(runtime, rate, seconds);
    const delays = await collect(runtime, sent);
    const after = await settledCounts(runtime);
    const cpuAfter = processTreeCpuMs(runtime.pid);
    const signups = Math.max(1, sent.at.size);
    const cpuPerSignup =
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : Math.round(((cpuAfter - cpuBefore) / signups) * 10) / 10;
    if (cpuPerSignup !== undefined) console.log(`CPU per signup, runtime + dynalite: ${cpuPerSignup} ms`);
    const messages = perSignup(before.sentByQueue, after.sentByQueue, signups);
    const calls = perSignup(before.dynamoCalls, after.dynamoCalls, signups);
    console.log(`queue messages per signup: ${total(messages).toFixed(2)} ${JSON.stringify(messages)}`);
    console.log(`DynamoDB calls per signup: ${total(calls).toFixed(2)} ${JSON.stringify(calls)}`);
    const staff = [...delays.staff].sort((a, b) => a - b);
    const prospect = [...delays.prospect].sort((a, b) => a - b);
    const row = (name: string, values: number[]) =>
      `${name.padEnd(16)} ${String(values.length).padStart(6)}  p50 ${String(percentile(values, 50)).padStart(6)} ms  p90 ${String(percentile(values, 90)).padStart(6)} ms  p99 ${String(percentile(values, 99)).padStart(6)} ms  max ${String(values.at(-1) ?? 0).padStart(6)} ms`;
    console.log(row("staff alert", staff));
    console.log(row("acknowledgement", prospect));
    return {
      figures: [
        info("signups accepted", sent.at.size),
        info("signups refused", sent.refused),
        holds("every accepted signup alerted staff", staff.length === sent.at.size),
        holds("every accepted signup acknowledged", prospect.length === sent.at.size),
        info(`staff alert p50 at ${rate}/s`, percentile(staff, 50), "ms"),
        atMost(`staff alert p99 at ${rate}/s`, percentile(staff, 99), "ms", STAFF_P99_LIMIT_MS),
        info(`acknowledgement p50 at ${rate}/s`, percentile(prospect, 50), "ms"),
        info(`acknowledgement p99 at ${rate}/s`, percentile(prospect, 99), "ms"),
        info("queue messages per signup", Number(total(messages).toFixed(2))),
        info("DynamoDB calls per signup", Number(total(calls).toFixed(2))),
        ...(cpuPerSignup === undefined
          ? []
          : [info("CPU per signup, runtime + dynalite", cpuPerSignup, "ms")]),
      ],
      details: { rate, seconds, refused: sent.refused, messages, calls, cpuPerSignup },
    };
  } finally {
    await runtime.stop();
  }
}
