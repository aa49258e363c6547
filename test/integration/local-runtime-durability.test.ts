/**
 * Nothing accepted is lost: a runtime killed with SIGKILL right after accepting submissions
 * delivers their e-mails exactly once after it is started again on the same data; a message whose
 * worker keeps failing on a real fault ends on the dead-letter list, which survives a restart.
 */
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

const NO_SITE = { WEB_DIST_DIR: "/nonexistent-dist" };
let runtime: RuntimeProcess | undefined;

afterEach(async () => {
  await runtime?.stop();
  runtime = undefined;
});

function submitContact(target: RuntimeProcess, email: string): Promise<Response> {
  return fetch(`${target.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Kill", lastName: "Nine", email, message: "Still there?" }),
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
  // A kill between an e-mail claim and its send leaves a 2-minute claim that the default retry
  // schedule waits out (infra/local/queue.ts defaultRetryDelayMs): this test may take that long.
  it("delivers the e-mails of submissions accepted just before a SIGKILL exactly once after restart", {
    timeout: 240_000,
  }, async () => {
    runtime = await startRuntime({ env: NO_SITE });
    const addresses = Array.from({ length: 6 }, (_, index) => `kill${index}-${Date.now()}@example.com`);
    const answers = await Promise.all(
      addresses.map((email) => submitContact(runtime as RuntimeProcess, email)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(addresses.map(() => 201));
    await runtime.kill("SIGKILL");

    await runtime.start();
    const started = runtime;
    await started.waitFor(() => settled(started), 200_000, 250);
    expect((await started.queues()).deadLetters).toEqual([]);
    const emails = await started.emails();
    const recipients = emails.flatMap((message) => message.destination.to);
    for (const email of addresses)
      expect(
        recipients.filter((to) => to === email),
        email,
      ).toHaveLength(1);
    expect(recipients.filter((to) => to === "staff@repdesk.example.com")).toHaveLength(addresses.length);
    expect(emails).toHaveLength(addresses.length * 2);
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
      return current.queues.notification?.dead === 1 ? current : undefined;
    });
    expect(report.queues.notification).toEqual({ pending: 0, inFlight: 0, dead: 1 });
    const [letter] = report.deadLetters;
    expect(letter).toMatchObject({ queue: "notification", receiveCount: 5 });
    expect(letter?.reason).toMatch(/receive 5 of 5/);
    expect(JSON.parse(letter?.body ?? "{}")).toMatchObject({ type: "contact.received", data: { email } });
    expect(await started.emails()).toEqual([]);

    await started.restart();
    const after = await started.queues();
    expect(after.deadLetters.map((entry) => entry.messageId)).toEqual([letter?.messageId]);
    expect(after.queues.notification).toEqual({ pending: 0, inFlight: 0, dead: 1 });
  });
});
