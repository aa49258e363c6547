/**
 * Fault: SES refusing (LOCAL_FAULTS=1; POST /__local/faults?ses=refuse answers every SendEmail with
 * SendingPausedException). The design (docs/decisions/0002-email-exactly-once.md): a refused send
 * gives its claim back and fails the message, which the queue retries; after maxReceiveCount it goes
 * to the dead-letter list. Over real HTTP: a refusal shorter than the retry window ends with every
 * e-mail sent exactly once; a refusal that outlasts it leaves the notification messages in the
 * dead-letter list with their reason, the signups stored and enriched, and nothing sent — not even
 * after SES is back (a dead letter is for staff to look at, not retried on its own).
 */
import { expect, it } from "vitest";
import { settle } from "../bench/load";
import {
  faultReport,
  newAccepted,
  postSignups,
  runtimePerTest,
  setFaults,
  startFaultRuntime,
} from "../support/faults";

const stopAfterEach = runtimePerTest();

it("retries the e-mails SES refused and sends each exactly once after it accepts again", async () => {
  // Five receives a second apart: a window of about 4 s; the refusal below ends after two of them.
  const target = stopAfterEach(await startFaultRuntime({ QUEUE_RETRY_DELAY_MS: "1000" }));
  const accepted = newAccepted();

  await setFaults(target, { ses: "refuse" });
  const answers = await postSignups(target, 4, accepted);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  // Every notification message refused at least twice (received, refused, retried, refused).
  await target.waitFor(async () => (await faultReport(target)).counts.sesRefusals >= 8, 10_000);
  expect(await target.emails()).toEqual([]);
  const report = await setFaults(target, { ses: "up" });

  const delivery = await settle(target, accepted, 30_000);
  expect(delivery).toMatchObject({ accepted: 4, stored: 4, enriched: 4, emailed: 4, deadLetters: 0 });
  expect(await target.emails()).toHaveLength(8);
  console.log(`[faults-ses] ${report.counts.sesRefusals} refusals; delivery ${JSON.stringify(delivery)}`);
}, 60_000);

it("dead-letters the notifications with their reason when SES refuses past the retries, and sends nothing", async () => {
  const target = stopAfterEach(await startFaultRuntime({ QUEUE_RETRY_DELAY_MS: "100" }));
  const accepted = newAccepted();

  await setFaults(target, { ses: "refuse" });
  const answers = await postSignups(target, 3, accepted);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
  const report = await target.waitFor(async () => {
    const current = await target.queues();
    return current.queues.notification?.dead === 3 && current.queues.acknowledgement?.dead === 3
      ? current
      : undefined;
  }, 20_000);
  // Both mail lanes: the staff alerts and the acknowledgements.
  for (const lane of ["notification", "acknowledgement"])
    expect(report.queues[lane]).toEqual({ pending: 0, inFlight: 0, dead: 3, failedDeliveries: 15 });
  expect(report.deadLetters.map((letter) => letter.queue).sort()).toEqual([
    ...Array(3).fill("acknowledgement"),
    ...Array(3).fill("notification"),
  ]);
  const emails = new Set<string>();
  for (const letter of report.deadLetters) {
    expect(letter).toMatchObject({ receiveCount: 5 });
    expect(letter.reason).toMatch(/receive 5 of 5/);
    const event = JSON.parse(letter.body) as { type: string; data: { email: string } };
    expect(event.type).toBe("signup.created");
    emails.add(event.data.email);
  }
  expect(emails).toEqual(accepted.signups);

  await setFaults(target, { ses: "up" });
  // Enrichment is unaffected; the e-mails stay unsent (settle waits for e-mails that never come).
  const delivery = await settle(target, accepted, 2_000);
  expect(delivery).toMatchObject({ accepted: 3, stored: 3, enriched: 3, emailed: 0, deadLetters: 6 });
  expect(await target.emails()).toEqual([]);
}, 60_000);
