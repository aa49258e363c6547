/**
 * `npm run bench -- webhooks [count] [rate]`: outbound webhooks under load. Registers one webhook
 * endpoint (subscribed to `signup.created`) pointed at the local runtime's receiver
 * (/__local/webhooks/<name>, infra/local/webhook-receiver.ts), posts `count` signups (default
 * 10,000) at `rate` per second (default 100), open loop, and times each one from the moment its
 * request was sent to the moment the receiver recorded its delivery; the staff alert of the same
 * signups is timed beside it (test/bench/lead-time.ts), to show the webhooks' queues do not hold
 * it up. Deliveries per second: delivered signups over the time from the first request to the last
 * delivery.
 */
import { call, FIRST_ADMIN, FIRST_ADMIN_ENV, signIn } from "../integration/auth-support";
import { type Email, type RuntimeProcess, startRuntime } from "../support/runtime";
import { atMost, type BenchResult, holds, info } from "./figures";
import { postSignups, type Sent } from "./lead-time";
import { percentile } from "./load";

const DEFAULT_COUNT = 10_000;
const DEFAULT_RATE = 100;
const RECEIVER = "bench";
/** How long the bench waits for the last delivery after the last request. */
const DRAIN_TIMEOUT_MS = 1_500_000;
const STAFF_P99_LIMIT_MS = 2_000;

interface Arrivals {
  readonly webhook: Map<string, number>;
  readonly staff: Map<string, number>;
  readonly lastAt: number;
}

async function collect(runtime: RuntimeProcess, sent: Sent): Promise<Arrivals> {
  const webhook = new Map<string, number>();
  const staff = new Map<string, number>();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let lastAt = 0;
  const recordEmail = (email: Email) => {
    const received = email.receivedAtMs ?? email.at * 1000;
    for (const replyTo of email.replyTo ?? []) {
      const sentAt = sent.at.get(replyTo);
      if (sentAt !== undefined) staff.set(replyTo, received - sentAt);
    }
  };
  while ((webhook.size < sent.at.size || staff.size < sent.at.size) && Date.now() < deadline) {
    for (const email of await runtime.takeEmails()) recordEmail(email);
    const answer = await fetch(`${runtime.url}/__local/webhooks/${RECEIVER}`);
    const { received } = (await answer.json()) as {
      received: { at: string; body: string; status: number }[];
    };
    for (const request of received) {
      if (request.status !== 200) continue;
      const payload = JSON.parse(request.body) as { data: { email?: string } };
      const email = payload.data.email ?? "";
      const sentAt = sent.at.get(email);
      const at = Date.parse(request.at);
      if (sentAt === undefined || webhook.has(email)) continue;
      webhook.set(email, at - sentAt);
      lastAt = Math.max(lastAt, at);
    }
    // Seldom: each read returns every request kept so far (megabytes at the end).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  return { webhook, staff, lastAt };
}

export async function run(args: string[]): Promise<BenchResult> {
  const count = Number(args[0] ?? DEFAULT_COUNT);
  const rate = Number(args[1] ?? DEFAULT_RATE);
  const runtime = await startRuntime({
    env: {
      SUBMISSIONS_PER_MINUTE: "0",
      TRUST_VIEWER_ADDRESS: "1",
      ...FIRST_ADMIN_ENV,
      WEB_DIST_DIR: "/nonexistent-dist",
    },
  });
  try {
    const admin = await signIn(runtime, FIRST_ADMIN.username, FIRST_ADMIN.password);
    const added = await call(runtime, "POST", "/api/integrations/endpoints", {
      cookie: admin,
      body: {
        kind: "webhook",
        url: `${runtime.url}/__local/webhooks/${RECEIVER}`,
        events: ["signup.created"],
        description: "bench receiver",
      },
    });
    if (added.status !== 201) throw new Error(`Adding the endpoint failed: ${added.status} ${added.text}`);
    console.log(`posting ${count} signups at ${rate}/s to a runtime with one webhook endpoint ...`);
    const started = Date.now();
    const sent = await postSignups(runtime, rate, count / rate);
    const arrivals = await collect(runtime, sent);
    const webhook = [...arrivals.webhook.values()].sort((a, b) => a - b);
    const staff = [...arrivals.staff.values()].sort((a, b) => a - b);
    const perSecond = Math.round((webhook.length / Math.max(1, arrivals.lastAt - started)) * 1000 * 10) / 10;
    const row = (name: string, values: number[]) =>
      `${name.padEnd(16)} ${String(values.length).padStart(6)}  p50 ${String(percentile(values, 50)).padStart(6)} ms  p90 ${String(percentile(values, 90)).padStart(6)} ms  p99 ${String(percentile(values, 99)).padStart(6)} ms  max ${String(values.at(-1) ?? 0).padStart(6)} ms`;
    console.log(row("webhook", webhook));
    console.log(row("staff alert", staff));
    console.log(`deliveries per second: ${perSecond}`);
    console.log(`signups accepted ${sent.at.size}, refused ${sent.refused} (of ${count})`);
    return {
      figures: [
        info("signups accepted", sent.at.size),
        info("signups refused", sent.refused),
        holds("every accepted signup delivered to the webhook", webhook.length === sent.at.size),
        holds("every accepted signup alerted staff", staff.length === sent.at.size),
        info(`webhook deliveries per second (${rate} signups/s offered)`, perSecond),
        info("webhook submission → receipt p50", percentile(webhook, 50), "ms"),
        info("webhook submission → receipt p99", percentile(webhook, 99), "ms"),
        info("staff alert p50 beside the webhooks", percentile(staff, 50), "ms"),
        atMost("staff alert p99 beside the webhooks", percentile(staff, 99), "ms", STAFF_P99_LIMIT_MS),
      ],
      details: { count, rate, refused: sent.refused, perSecond },
    };
  } finally {
    await runtime.stop();
  }
}
