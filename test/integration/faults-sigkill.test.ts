/**
 * Fault: the whole local runtime (npm start's process: API, relay, queues, workers, SES; dynalite's
 * child stops with it) killed with SIGKILL in the middle of the load mix, then started again on the
 * same data folder. Afterwards every signup that got a 201 is stored once, enriched, and has its
 * acknowledgement and staff alert; nothing is dead-lettered.
 *
 * Exactly once, with the one exception docs/decisions/0002-email-exactly-once.md accepts: an e-mail
 * whose claim was still "sending" when the process died may have reached SES and is sent again when
 * its 2-minute lease ends. The test counts those claims at restart and allows at most that many
 * duplicates; instead of waiting the lease out, it ages those claims (a skip of the clock — the
 * lease ending in real time is local-runtime-durability.test.ts's subject).
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { expect, it } from "vitest";
import { DEFAULT_LEASE_MS } from "../../functions/pipeline/email-once";
import { driveMix, settle, startLoadRuntime } from "../bench/load";
import { newAccepted, runtimePerTest, scanAll } from "../support/faults";

const stopAfterEach = runtimePerTest();

const RATE = 25;
/** An upper bound only: the load stops once the kill has met some requests. */
const SECONDS = 120;
/** The kill comes once this many signups were accepted, however long that takes on a busy machine. */
const ACCEPTED_BEFORE_KILL = 20;
/** Requests that must meet the killed process before the load stops. */
const REFUSED_AFTER_KILL = 5;

it("after a SIGKILL mid-load and a restart, every accepted signup is stored, enriched and e-mailed once", async () => {
  const started = await startLoadRuntime({ env: { WEB_DIST_DIR: "/nonexistent-dist" } });
  const target = stopAfterEach(started.runtime);
  const accepted = newAccepted();

  let killed = false;
  const load = driveMix(
    target,
    started.cookie,
    RATE,
    SECONDS,
    accepted,
    (statuses) => killed && (statuses["0"] ?? 0) >= REFUSED_AFTER_KILL,
  );
  // Conditions, not durations: the kill falls after enough accepted signups, mid-load.
  await target.waitFor(() => accepted.signups.size >= ACCEPTED_BEFORE_KILL, 150_000, 10);
  const acceptedAtKill = accepted.signups.size;
  await target.kill("SIGKILL");
  killed = true;
  const step = await load; // the rest of the load meets a closed port
  expect(acceptedAtKill).toBeGreaterThanOrEqual(ACCEPTED_BEFORE_KILL);
  expect(step.statuses["0"] ?? 0).toBeGreaterThan(0); // the kill really fell inside the load
  expect(Object.keys(step.statuses).filter((status) => Number(status) >= 500)).toEqual([]);

  const restartedAt = Date.now();
  await target.start();
  // E-mails that were mid-send at the kill: claims taken before the restart, still "sending".
  const midSend = (await scanAll(target, "ephemeral")).filter(
    (item) => item.state === "sending" && Number(item.leaseUntil) < restartedAt + DEFAULT_LEASE_MS,
  );
  for (const claim of midSend) {
    await target.db.send(
      new UpdateCommand({
        TableName: target.table("ephemeral"),
        Key: { pk: claim.pk },
        UpdateExpression: "SET leaseUntil = :past",
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "token" },
        ExpressionAttributeValues: { ":past": 0, ":token": claim.token },
      }),
    );
  }

  const delivery = await settle(target, accepted, 90_000, { allowedDuplicates: midSend.length });
  console.log(
    `[faults-sigkill] statuses ${JSON.stringify(step.statuses)}; ${midSend.length} e-mails mid-send at the kill; delivery ${JSON.stringify(delivery)}`,
  );
  expect(delivery.equal, JSON.stringify(delivery)).toBe(true);
  expect(delivery).toMatchObject({
    stored: accepted.signups.size,
    enriched: accepted.signups.size,
    deadLetters: 0,
  });
  expect(delivery.duplicated).toBeLessThanOrEqual(midSend.length);
}, 300_000);
