/**
 * Fault: the publisher failing (LOCAL_FAULTS=1; POST /__local/faults?publisher=...). Over real HTTP:
 * while every publish throws, submissions are still accepted and their events wait in the outbox
 * (nothing queued, nothing sent); while publishes go through but their answer is lost, the relay
 * keeps each outbox item and publishes it again and again. After recovery every accepted signup is
 * stored, enriched and e-mailed exactly once (both e-mails), and nothing is dead-lettered.
 */
import { expect, it } from "vitest";
import { contactBody, settle } from "../bench/load";
import {
  faultReport,
  newAccepted,
  postSignups,
  runtimePerTest,
  setFaults,
  startFaultRuntime,
  traces,
} from "../support/faults";
import { postJson } from "../support/post-json";

const stopAfterEach = runtimePerTest();

const STAFF_INBOX = "staff@repdesk.example.com";

it("keeps events in the outbox while publishing fails, and sends each e-mail once after repeated publishes", async () => {
  const target = stopAfterEach(await startFaultRuntime({ QUEUE_RETRY_DELAY_MS: "500" }));
  const accepted = newAccepted();

  await setFaults(target, { publisher: "down" });
  const answers = await postSignups(target, 5, accepted);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
  for (let index = 0; index < 2; index += 1) {
    const response = await postJson(`${target.url}/api/contact`, contactBody());
    expect(response.status).toBe(201);
    accepted.contacts += 1;
  }
  // The relay has tried every event at least twice; all of them are still in the outbox.
  await target.waitFor(async () => (await faultReport(target)).counts.publishFailures >= 14, 15_000);
  expect(await traces(target, [...accepted.signups])).toEqual({ records: 5, events: 5, emails: 0 });
  const waiting = await target.queues();
  expect(Object.values(waiting.queues).every((queue) => queue.pending + queue.inFlight === 0)).toBe(true);

  // Published, but the relay is told it failed: it publishes each event again at every sweep.
  await setFaults(target, { publisher: "lost-ack" });
  await target.waitFor(async () => (await faultReport(target)).counts.publishLostAcks >= 3 * 7, 15_000);
  const report = await setFaults(target, { publisher: "up" });

  const delivery = await settle(target, accepted, 30_000);
  expect(delivery).toMatchObject({ accepted: 5, stored: 5, enriched: 5, emailed: 5, deadLetters: 0 });
  // The contact messages too: one staff alert per submission, one acknowledgement per contact.
  const emails = await target.emails();
  expect(emails.filter((email) => email.destination.to.includes(STAFF_INBOX))).toHaveLength(7);
  expect(emails).toHaveLength(14);
  // Lost acks mean the e-mails can all be out before the relay's next sweep publishes with an
  // answer and deletes the outbox items: wait for that sweep rather than assume it came first.
  await target.waitFor(async () => (await traces(target, [...accepted.signups])).events === 0, 30_000);
  console.log(`[faults-publisher] ${JSON.stringify(report.counts)}; delivery ${JSON.stringify(delivery)}`);
}, 90_000);
