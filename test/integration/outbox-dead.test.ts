/**
 * An outbox item that can never be read (not a valid event envelope) is not retried by every sweep
 * for ever: after UNREADABLE_ATTEMPTS_BEFORE_DEAD sweeps it is marked dead (`deadAt`), kept in the
 * table for a person, logged with the line the stack alarms on, and skipped afterwards. A readable
 * event whose publishing fails (an outage) is retried for ever instead. Real dynalite.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { SignupCreated } from "../../events";
import {
  OUTBOX_DEAD_MESSAGE,
  outboxItemFor,
  sweepOutbox,
  UNREADABLE_ATTEMPTS_BEFORE_DEAD,
} from "../../functions/model/outbox";
import { startDynalite, type TestDynamo } from "../support/dynamo";
import { RecordingPublisher } from "../support/recording-publisher";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo?.close();
});

const NOW = new Date("2026-11-23T12:00:00.000Z");
const signupEvent = (id: string): SignupCreated => ({
  type: "signup.created",
  version: 1,
  id,
  occurredAt: "2026-11-23T11:00:00.000Z",
  data: {
    id: `sig-${id}`,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    teamSize: "solo",
    productLines: "single",
    createdAt: "2026-11-23T11:00:00.000Z",
  },
});

/** One sweep of the whole outbox at NOW through `publisher`. */
const sweeper = (publisher: RecordingPublisher) => () =>
  sweepOutbox({
    db: dynamo.db,
    publisher,
    outboxTable: dynamo.tables.outbox,
    olderThanMs: 0,
    limit: 100,
    clock: () => NOW,
  });

it("sets an unreadable item aside after the limit, keeps it, logs the alarmed line and skips it", async () => {
  const table = dynamo.tables.outbox;
  await dynamo.db.send(
    new PutCommand({
      TableName: table,
      Item: {
        id: "garbled",
        type: "signup.created",
        event: "{not json",
        createdAt: "2026-11-23T11:00:00.000Z",
      },
    }),
  );
  await dynamo.db.send(new PutCommand({ TableName: table, Item: outboxItemFor(signupEvent("good")) }));
  const errors = vi.spyOn(process.stderr, "write");
  const publisher = new RecordingPublisher();
  const sweep = sweeper(publisher);

  const results = [];
  for (let i = 0; i < UNREADABLE_ATTEMPTS_BEFORE_DEAD; i += 1) results.push(await sweep());
  expect(results[0]).toEqual({ relayed: 1, failed: 1 });
  expect(results.at(-1)).toEqual({ relayed: 0, failed: 1, dead: 1 });
  expect(publisher.events.map((event) => event.id)).toEqual(["good"]);

  const kept = await dynamo.db.send(
    new GetCommand({ TableName: table, Key: { id: "garbled" }, ConsistentRead: true }),
  );
  expect(kept.Item).toMatchObject({
    attempts: UNREADABLE_ATTEMPTS_BEFORE_DEAD,
    deadAt: NOW.toISOString(),
    event: "{not json",
  });
  const deadLines = errors.mock.calls
    .map(([line]) => String(line))
    .filter((line) => line.includes(OUTBOX_DEAD_MESSAGE));
  errors.mockRestore();
  expect(deadLines).toHaveLength(1);
  expect(JSON.parse(deadLines[0] as string)).toMatchObject({
    level: "error",
    msg: OUTBOX_DEAD_MESSAGE,
    itemId: "garbled",
  });

  // Later sweeps leave it alone: no failure, no retry, still there.
  expect(await sweep()).toEqual({ relayed: 0, failed: 0 });
  const still = await dynamo.db.send(
    new GetCommand({ TableName: table, Key: { id: "garbled" }, ConsistentRead: true }),
  );
  expect(still.Item?.attempts).toBe(UNREADABLE_ATTEMPTS_BEFORE_DEAD);
});

it("retries a readable event whose publishing fails for as long as it fails, never setting it aside", async () => {
  const table = dynamo.tables.outbox;
  await dynamo.db.send(new PutCommand({ TableName: table, Item: outboxItemFor(signupEvent("outage")) }));
  const publisher = new RecordingPublisher();
  const sweep = sweeper(publisher);
  for (let i = 0; i < UNREADABLE_ATTEMPTS_BEFORE_DEAD + 2; i += 1) {
    publisher.failNext = 1;
    expect(await sweep()).toEqual({ relayed: 0, failed: 1 });
  }
  const waiting = await dynamo.db.send(
    new GetCommand({ TableName: table, Key: { id: "outage" }, ConsistentRead: true }),
  );
  expect(waiting.Item?.deadAt).toBeUndefined();
  expect(await sweep()).toEqual({ relayed: 1, failed: 0 });
  expect(publisher.events.map((event) => event.id)).toEqual(["outage"]);
});
