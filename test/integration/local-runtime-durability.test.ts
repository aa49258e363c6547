/**
 * Nothing accepted is lost: a runtime killed with SIGKILL right after accepting submissions
 * delivers their e-mails exactly once after it is started again on the same data; a message whose
 * worker keeps failing on a real fault ends on the dead-letter list, which survives a restart.
 */
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { postJson } from "../support/post-json";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const NO_SITE = { WEB_DIST_DIR: "/nonexistent-dist" };
let runtime: RuntimeProcess | undefined;

afterEach(async () => {
  await runtime?.stop();
  runtime = undefined;
});

function submitContact(target: RuntimeProcess, email: string): Promise<Response> {
  return postJson(`${target.url}/api/contact`, {
    firstName: "Kill",
    lastName: "Nine",
    email,
    message: "Still there?",
  });
}

async function settled(target: RuntimeProcess): Promise<boolean> {
  const { queues } = await target.queues();
  const outbox = await target.db.send(
    new ScanCommand({ TableName: target.table("outbox"), ConsistentRead: true }),
  );
  return (
    (outbox.Items ?? []).length === 0 &&
    Object.values(queues).every((counts) => counts.pending === 0 && counts.inFlight === 0)
  );
}

describe("local runtime durability", () => {
  it("moves the SES inbox out on POST /__local/ses/take, for good, and reports the inbox and backlog", async () => {
    runtime = await startRuntime({ env: NO_SITE });
    const target = runtime;
    const answer = await submitContact(target, `take-${Date.now()}@example.com`);
    expect(answer.status).toBe(201);
    await target.waitFor(async () => (await target.emails()).length === 2 && (await settled(target)));
    const stats = async () =>
      (await (await fetch(`${target.url}/__local/stats`)).json()) as { inboxEmails: number; queued: number };
    expect(await stats()).toMatchObject({ inboxEmails: 2, queued: 0 });

    const taken = await target.takeEmails();
    expect(taken).toHaveLength(2);
    expect(await target.emails()).toEqual([]);
    expect(await stats()).toMatchObject({ inboxEmails: 0 });

    await target.kill("SIGTERM");
    await target.start();
    expect(await target.emails()).toEqual([]); // the inbox file was emptied too
  });

  /*
   * The notification worker claims each e-mail before sending and marks it sent after SES accepts
   * (docs/decisions/0002-email-exactly-once.md). A kill between those two steps leaves a "sending"
   * claim: whether SES got the e-mail is unknown, so it is sent again once the claim's 2-minute lease
   * ends — the one duplicate that design accepts. Every other e-mail must arrive exactly once, and
   * none may be lost. The default retry schedule outlasts the lease (infra/local/queue.ts), so this
   * test can take that long.
   */
  it("delivers every e-mail of submissions accepted just before a SIGKILL after restart, once unless the kill hit mid-send", {
    timeout: 240_000,
  }, async () => {
    runtime = await startRuntime({ env: NO_SITE });
    const addresses = Array.from({ length: 6 }, (_, index) => `kill${index}-${Date.now()}@example.com`);
    const answers = await Promise.all(
      addresses.map((email) => submitContact(runtime as RuntimeProcess, email)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(addresses.map(() => 201));
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { id: string }).id),
    );
    await runtime.kill("SIGKILL");

    await runtime.start();
    const started = runtime;
    // Read before any lease can end: which e-mails were mid-send when the process died.
    const claims = await started.db.send(
      new ScanCommand({ TableName: started.table("ephemeral"), ConsistentRead: true }),
    );
    const midSend = new Set(
      (claims.Items ?? []).filter((item) => item.state === "sending").map((item) => String(item.pk)),
    );

    await started.waitFor(() => settled(started), 200_000, 250);
    expect((await started.queues()).deadLetters).toEqual([]);

    // Which event each e-mail belongs to: the contact id is in the record, the event id in the claims.
    const events = await started.db.send(
      new ScanCommand({ TableName: started.table("ephemeral"), ConsistentRead: true }),
    );
    const claimKeys = (events.Items ?? []).map((item) => String(item.pk));
    expect(claimKeys.filter((key) => key.endsWith("#acknowledgement"))).toHaveLength(addresses.length);
    expect(claimKeys.filter((key) => key.endsWith("#staff-alert"))).toHaveLength(addresses.length);

    const emails = await started.emails();
    const acknowledgementsMidSend = [...midSend].filter((key) => key.endsWith("#acknowledgement")).length;
    const alertsMidSend = [...midSend].filter((key) => key.endsWith("#staff-alert")).length;
    for (const email of addresses) {
      const count = emails.filter((message) => message.destination.to.includes(email)).length;
      expect(count, email).toBeGreaterThanOrEqual(1);
      expect(count, email).toBeLessThanOrEqual(2);
    }
    const acknowledgements = emails.filter(
      (message) => !message.destination.to.includes("staff@repdesk.example.com"),
    );
    const alerts = emails.filter((message) => message.destination.to.includes("staff@repdesk.example.com"));
    expect(acknowledgements.length).toBeGreaterThanOrEqual(addresses.length);
    expect(acknowledgements.length).toBeLessThanOrEqual(addresses.length + acknowledgementsMidSend);
    expect(alerts.length).toBeGreaterThanOrEqual(addresses.length);
    expect(alerts.length).toBeLessThanOrEqual(addresses.length + alertsMidSend);
    expect(ids).toHaveLength(addresses.length);
  });

  it("moves a message whose worker keeps failing to the dead-letter list after maxReceiveCount, and keeps it there", async () => {
    runtime = await startRuntime({ env: { ...NO_SITE, QUEUE_RETRY_DELAY_MS: "100" } });
    const started = runtime;
    // A real fault: the table the notification worker records its e-mail claims in is gone.
    const client = new DynamoDBClient({
      endpoint: started.dynamoEndpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    await client.send(new DeleteTableCommand({ TableName: started.table("ephemeral") }));
    client.destroy();

    const email = `poison-${Date.now()}@example.com`;
    expect((await submitContact(started, email)).status).toBe(201);

    const report = await started.waitFor(async () => {
      const current = await started.queues();
      return current.queues.notification?.dead === 1 && current.queues.acknowledgement?.dead === 1
        ? current
        : undefined;
    });
    // Both mail lanes (staff alert, acknowledgement) need the claims table.
    for (const lane of ["notification", "acknowledgement"])
      expect(report.queues[lane]).toEqual({ pending: 0, inFlight: 0, dead: 1, failedDeliveries: 5 });
    expect(report.deadLetters.map((entry) => entry.queue).sort()).toEqual([
      "acknowledgement",
      "notification",
    ]);
    const letter = report.deadLetters.find((entry) => entry.queue === "notification");
    expect(letter).toMatchObject({ queue: "notification", receiveCount: 5 });
    expect(letter?.reason).toMatch(/receive 5 of 5/);
    expect(JSON.parse(letter?.body ?? "{}")).toMatchObject({ type: "contact.received", data: { email } });
    expect(await started.emails()).toEqual([]);

    await started.restart();
    const after = await started.queues();
    expect(after.deadLetters.map((entry) => entry.messageId).sort()).toEqual(
      report.deadLetters.map((entry) => entry.messageId).sort(),
    );
    // failedDeliveries counts since the runtime started.
    expect(after.queues.notification).toEqual({ pending: 0, inFlight: 0, dead: 1, failedDeliveries: 0 });
  });
});
