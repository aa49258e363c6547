/**
 * Fault: a worker failing every third message (LOCAL_FAULTS=1, infra/local/faults.ts). Over real
 * HTTP: every accepted signup is stored once and e-mailed once; the poison enrichment messages sit
 * in the dead-letter list with their reason, and every other signup is enriched.
 */
import { expect, it } from "vitest";
import { POISON_REASON } from "../../infra/local/faults";
import { settle } from "../bench/load";
import { newAccepted, postSignups, runtimePerTest, startFaultRuntime } from "../support/faults";

const stopAfterEach = runtimePerTest();

it("dead-letters every third enrichment message with its reason; the rest are stored, enriched and e-mailed once", async () => {
  const target = stopAfterEach(
    await startFaultRuntime({
      QUEUE_RETRY_DELAY_MS: "50",
      LOCAL_FAULT_POISON_EVERY: "3",
      LOCAL_FAULT_POISON_QUEUE: "enrichment",
    }),
  );
  const accepted = newAccepted();
  const answers = await postSignups(target, 9, accepted);
  expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(201));
  const report = await target.waitFor(async () => {
    const current = await target.queues();
    return current.queues.enrichment?.dead === 3 ? current : undefined;
  }, 30_000);
  expect(report.deadLetters).toHaveLength(3);
  for (const letter of report.deadLetters) {
    expect(letter.queue).toBe("enrichment");
    // The fault's own reason, whichever healthy messages happened to share the poison one's batch.
    expect(letter.reason).toBe(`${POISON_REASON} (every 3) (receive 5 of 5)`);
  }
  // The settle check waits for all to be enriched, which the three poison ones never are.
  const delivery = await settle(target, accepted, 5_000);
  expect(delivery).toMatchObject({ accepted: 9, stored: 9, enriched: 6, emailed: 9, deadLetters: 3 });
}, 60_000);
