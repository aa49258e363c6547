/**
 * Fault: a worker failing every third message (LOCAL_FAULTS=1, infra/local/faults.ts). Over real
 * HTTP: every accepted signup is stored once and e-mailed once; the poison enrichment messages sit
 * in the dead-letter list with their reason, and every other signup is enriched.
 */
import { afterEach, expect, it } from "vitest";
import { signupBody } from "../bench/api";
import { type Accepted, settle } from "../bench/load";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

let runtime: RuntimeProcess | undefined;

afterEach(async () => {
  await runtime?.stop();
  runtime = undefined;
});

it("dead-letters every third enrichment message with its reason; the rest are stored, enriched and e-mailed once", async () => {
  runtime = await startRuntime({
    env: {
      WEB_DIST_DIR: "/nonexistent-dist",
      TRUST_VIEWER_ADDRESS: "1",
      QUEUE_RETRY_DELAY_MS: "50",
      LOCAL_FAULTS: "1",
      LOCAL_FAULT_POISON_EVERY: "3",
      LOCAL_FAULT_POISON_QUEUE: "enrichment",
    },
  });
  const target = runtime;
  const accepted: Accepted = { signups: new Set(), contacts: 0 };
  for (let index = 0; index < 9; index += 1) {
    const body = signupBody();
    const response = await fetch(`${target.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "cloudfront-viewer-address": "8.8.8.8:4444" },
      body,
    });
    expect(response.status).toBe(201);
    accepted.signups.add((JSON.parse(body) as { email: string }).email);
  }
  const report = await target.waitFor(async () => {
    const current = await target.queues();
    return current.queues.enrichment?.dead === 3 ? current : undefined;
  }, 30_000);
  expect(report.deadLetters).toHaveLength(3);
  for (const letter of report.deadLetters) {
    expect(letter.queue).toBe("enrichment");
    expect(letter.reason).toMatch(/fault injection: poison message/);
  }
  // The settle check waits for all to be enriched, which the three poison ones never are.
  const delivery = await settle(target, accepted, 5_000);
  expect(delivery).toMatchObject({ accepted: 9, stored: 9, enriched: 6, emailed: 9, deadLetters: 3 });
}, 60_000);
