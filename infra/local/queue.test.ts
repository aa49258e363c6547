import { createHash } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_LEASE_MS } from "../../functions/pipeline/email-once";
import { QUEUES } from "../../functions/registry";
import { defaultRetryDelayMs, LocalQueues, type LocalQueuesOptions } from "./queue";
import { BATCH_ITEM_FAILURE_REASON, type BatchConsumer } from "./sqs-batch";

let dir: string;
let journalFile: string;
const opened: LocalQueues[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "local-queue-"));
  journalFile = path.join(dir, "queues.jsonl");
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((queues) => queues.close().catch(() => {})));
  rmSync(dir, { recursive: true, force: true });
});

function open(
  consumer: BatchConsumer,
  options: Partial<LocalQueuesOptions> = {},
  maxReceiveCount = 3,
): LocalQueues {
  const queues = new LocalQueues({
    journalFile,
    queues: [{ name: "work", maxReceiveCount, consumer }],
    retryDelayMs: () => 5,
    log: () => {},
    ...options,
  });
  opened.push(queues);
  return queues;
}

async function until<T>(condition: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const settled = (queues: LocalQueues) => () => {
  const counts = queues.counts().work;
  return counts && counts.pending === 0 && counts.inFlight === 0;
};

/** A consumer that records every batch and answers with `decide`. */
function recorder(decide: (event: SQSEvent) => SQSBatchResponse | undefined = () => undefined) {
  const batches: SQSRecord[][] = [];
  const consumer: BatchConsumer = async (event) => {
    batches.push(event.Records);
    return decide(event);
  };
  return { batches, consumer, bodies: () => batches.flat().map((record) => record.body) };
}

describe("LocalQueues delivery", () => {
  it("delivers SQS-shaped batches of at most 10 and deletes what succeeded", async () => {
    const { batches, consumer, bodies } = recorder();
    const queues = open(consumer, { concurrency: 1 });
    queues.send(
      Array.from({ length: 25 }, (_, index) => ({
        queue: "work",
        body: `m${index}`,
        attributes: { type: "t" },
      })),
    );
    await until(settled(queues));
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(bodies()).toEqual(Array.from({ length: 25 }, (_, index) => `m${index}`));
    const record = batches[0]?.[0] as SQSRecord;
    expect(record).toMatchObject({
      body: "m0",
      eventSource: "aws:sqs",
      eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:work",
      awsRegion: "us-east-1",
      attributes: { ApproximateReceiveCount: "1", SenderId: "LOCALRUNTIME" },
      messageAttributes: { type: { stringValue: "t", dataType: "String" } },
    });
    expect(record.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.receiptHandle).toContain(record.messageId);
    expect(record.md5OfBody).toBe(createHash("md5").update("m0").digest("hex"));
    expect(queues.counts().work).toEqual({ pending: 0, inFlight: 0, dead: 0, failedDeliveries: 0 });
  });

  it("redelivers only the messages a batch reports as failed, with a growing receive count", async () => {
    const failing = new Set(["b"]);
    const { batches, consumer } = recorder((event) => ({
      batchItemFailures: event.Records.filter((record) => failing.has(record.body)).map((record) => ({
        itemIdentifier: record.messageId,
      })),
    }));
    const queues = open(consumer, {}, 5);
    queues.send(["a", "b", "c"].map((body) => ({ queue: "work", body })));
    await until(() => batches.length >= 3 && batches);
    failing.clear();
    await until(settled(queues));
    expect(batches[0]?.map((record) => record.body)).toEqual(["a", "b", "c"]);
    for (const batch of batches.slice(1)) expect(batch.map((record) => record.body)).toEqual(["b"]);
    const counts = batches.map((batch) => batch[0]?.attributes.ApproximateReceiveCount);
    expect(counts.slice(1)).toEqual(counts.slice(1).map((_, index) => String(index + 2)));
  });

  it("redelivers the whole batch when the worker throws", async () => {
    let calls = 0;
    const { batches, consumer } = recorder(() => {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      return undefined;
    });
    const queues = open(consumer);
    queues.send(["a", "b"].map((body) => ({ queue: "work", body })));
    await until(settled(queues));
    expect(batches.map((batch) => batch.map((record) => record.body))).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
  });

  it("treats a failure entry that names no message of the batch as a failure of the whole batch", async () => {
    let calls = 0;
    const { batches, consumer } = recorder(() => {
      calls += 1;
      return calls === 1 ? { batchItemFailures: [{ itemIdentifier: "not-a-message" }] } : undefined;
    });
    const queues = open(consumer);
    queues.send(["a", "b"].map((body) => ({ queue: "work", body })));
    await until(settled(queues));
    expect(batches).toHaveLength(2);
    expect(batches[1]?.map((record) => record.body)).toEqual(["a", "b"]);
  });

  it("waits the retry delay of each receive before redelivering", async () => {
    const delays: number[] = [];
    const deliveredAt: number[] = [];
    const queues = open(
      async (event) => {
        deliveredAt.push(Date.now());
        return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
      },
      {
        retryDelayMs: (receiveCount) => {
          delays.push(receiveCount);
          return receiveCount * 40;
        },
      },
      4,
    );
    queues.send([{ queue: "work", body: "x" }]);
    await until(() => queues.counts().work?.dead === 1);
    expect(delays).toEqual([1, 2, 3]);
    expect(deliveredAt).toHaveLength(4);
    for (let index = 1; index < deliveredAt.length; index += 1) {
      // Timers may fire a millisecond early by Date.now's rounding; never a whole delay early.
      expect((deliveredAt[index] as number) - (deliveredAt[index - 1] as number)).toBeGreaterThanOrEqual(
        index * 40 - 2,
      );
    }
  });

  it("backs off exponentially by default, capped", () => {
    expect([1, 2, 3, 4, 10].map(defaultRetryDelayMs)).toEqual([2_000, 8_000, 32_000, 90_000, 90_000]);
  });

  it("by default retries for longer than a worker's e-mail claim blocks redeliveries", () => {
    for (const queue of QUEUES) {
      const window = Array.from({ length: queue.maxReceiveCount - 1 }, (_, index) =>
        defaultRetryDelayMs(index + 1),
      );
      expect(
        window.reduce((sum, delay) => sum + delay, 0),
        queue.name,
      ).toBeGreaterThan(DEFAULT_LEASE_MS);
    }
  });

  it("moves a message to the dead-letter list after maxReceiveCount deliveries, with the reason", async () => {
    const { batches, consumer } = recorder(() => {
      throw new Error("SES is down");
    });
    const queues = open(consumer, {}, 3);
    const [id] = queues.send([{ queue: "work", body: "poison", attributes: { type: "signup.created" } }]);
    await until(() => queues.counts().work?.dead === 1);
    expect(batches).toHaveLength(3);
    expect(queues.counts().work).toEqual({ pending: 0, inFlight: 0, dead: 1, failedDeliveries: 3 });
    expect(queues.deadLetters()).toEqual([
      expect.objectContaining({
        queue: "work",
        messageId: id,
        body: "poison",
        attributes: { type: "signup.created" },
        receiveCount: 3,
        reason: "worker threw: SES is down (receive 3 of 3)",
      }),
    ]);
  });

  it("records the reason a worker gives for a batch item failure, the default reason otherwise", async () => {
    const queues = open(
      async (event) => ({
        batchItemFailures: event.Records.map((record) =>
          record.body === "explained"
            ? { itemIdentifier: record.messageId, reason: "no such signup" }
            : { itemIdentifier: record.messageId },
        ),
      }),
      {},
      1,
    );
    queues.send([
      { queue: "work", body: "explained" },
      { queue: "work", body: "silent" },
    ]);
    await until(() => queues.counts().work?.dead === 2);
    const reasons = Object.fromEntries(queues.deadLetters().map((letter) => [letter.body, letter.reason]));
    expect(reasons).toEqual({
      explained: "no such signup (receive 1 of 1)",
      silent: `${BATCH_ITEM_FAILURE_REASON} (receive 1 of 1)`,
    });
  });

  it("stops waiting for a hung worker when closing after the timeout", async () => {
    const queues = new LocalQueues({
      journalFile,
      queues: [{ name: "work", maxReceiveCount: 5, consumer: () => new Promise<never>(() => {}) }],
      log: () => {},
    });
    queues.send([{ queue: "work", body: "stuck" }]);
    await until(() => queues.counts().work?.inFlight === 1);
    await queues.close({ timeoutMs: 20 });
    const { consumer, bodies } = recorder();
    const reopened = open(consumer);
    await until(settled(reopened));
    expect(bodies()).toEqual(["stuck"]);
  });

  it("refuses a message for an unknown queue, and the whole send with it", () => {
    const queues = open(async () => undefined);
    expect(() =>
      queues.send([
        { queue: "work", body: "a" },
        { queue: "nope", body: "b" },
      ]),
    ).toThrow(/Unknown queue "nope"/);
    expect(queues.counts().work?.pending).toBe(0);
  });
});

describe("LocalQueues background queues", () => {
  /** A consumer held until `open()`, counting the batches it runs at once. */
  function held() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const state = { running: 0, most: 0 };
    const consumer: BatchConsumer = async () => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await gate;
      state.running -= 1;
      return undefined;
    };
    return { consumer, state, open: () => release() };
  }

  it("run one batch at a time while another queue has messages waiting, all of theirs after", async () => {
    const staff = held();
    const prospect = held();
    const queues = new LocalQueues({
      journalFile,
      queues: [
        { name: "staff", maxReceiveCount: 3, consumer: staff.consumer },
        { name: "prospect", maxReceiveCount: 3, consumer: prospect.consumer, background: true },
      ],
      batchSize: 1,
      concurrency: 4,
      log: () => {},
    });
    opened.push(queues);
    const send = (queue: string, count: number) =>
      queues.send(Array.from({ length: count }, (_, index) => ({ queue, body: `${queue}-${index}` })));
    send("staff", 10); // 4 batches run, 6 messages wait
    await until(() => staff.state.running === 4);
    send("prospect", 6);
    await until(() => prospect.state.running === 1);
    expect(queues.counts().prospect?.inFlight).toBe(1);
    staff.open();
    await until(() => queues.counts().staff?.pending === 0 && queues.counts().staff?.inFlight === 0);
    await until(() => prospect.state.running === 4);
    prospect.open();
    await until(() => queues.counts().prospect?.pending === 0 && queues.counts().prospect?.inFlight === 0);
    expect({ staff: staff.state.most, prospect: prospect.state.most }).toEqual({ staff: 4, prospect: 4 });
  });
});

describe("LocalQueues durability", () => {
  it("redelivers, after a crash, what was pending or in flight, keeping the receive counts", async () => {
    const neverDone = new Promise<never>(() => {});
    const crashed = new LocalQueues({
      journalFile,
      queues: [{ name: "work", maxReceiveCount: 5, consumer: () => neverDone }],
      batchSize: 1,
      concurrency: 1,
      log: () => {},
    });
    crashed.send(["in-flight", "pending"].map((body) => ({ queue: "work", body })));
    await until(() => crashed.counts().work?.inFlight === 1);
    // The first instance is never closed: as if the process had been killed here.

    const { batches, consumer, bodies } = recorder();
    const restarted = open(consumer);
    await until(settled(restarted));
    expect(bodies().sort()).toEqual(["in-flight", "pending"]);
    const counts = Object.fromEntries(
      batches.flat().map((record) => [record.body, record.attributes.ApproximateReceiveCount]),
    );
    expect(counts).toEqual({ "in-flight": "2", pending: "1" });
  });

  it("never redelivers a deleted message, keeps the dead-letter list and compacts the journal", async () => {
    const first = open(async (event) => ({
      batchItemFailures: event.Records.filter((record) => record.body === "bad").map((record) => ({
        itemIdentifier: record.messageId,
      })),
    }));
    first.send(["good", "bad"].map((body) => ({ queue: "work", body })));
    await until(() => first.counts().work?.dead === 1);
    await first.close();

    // A message sent now is delivered after anything the journal left pending: once it is, a
    // redelivery of "good" or "bad" would have come before it (a condition, not a pause).
    const { consumer, bodies } = recorder();
    const second = open(consumer);
    const lines = readFileSync(journalFile, "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).op)).toEqual(["send", "dead"]);
    second.send([{ queue: "work", body: "after restart" }]);
    await until(settled(second));
    expect(bodies()).toEqual(["after restart"]);
    expect(second.deadLetters().map((letter) => letter.body)).toEqual(["bad"]);
    expect(second.deadLetters()[0]?.reason).toContain("batch item failure");
  });

  it("ignores a line torn by a crash mid-write", async () => {
    // Never closed, like a killed process.
    const first = new LocalQueues({
      journalFile,
      queues: [{ name: "work", maxReceiveCount: 5, consumer: () => new Promise<never>(() => {}) }],
      log: () => {},
    });
    first.send([{ queue: "work", body: "kept" }]);
    appendFileSync(journalFile, '{"op":"send","message":{"id":"torn"');
    const { consumer, bodies } = recorder();
    const second = open(consumer);
    await until(settled(second));
    expect(bodies()).toEqual(["kept"]);
  });
});
