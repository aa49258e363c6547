import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynalite, type TestDynamo } from "../../../test/support/dynamo";
import { networkBurstSignal } from "./burst";
import { LIMITS_OF_SIGNALS, WEIGHTS } from "./weights";

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(async () => {
  await dynamo.close();
});

/** A limit no dynalite answer reaches, however busy the machine: these tests are about counting. */
const NO_LIMIT = 60_000;

const at = (iso: string) => ({
  db: dynamo.db,
  ephemeralTable: dynamo.tables.ephemeral,
  clock: () => new Date(iso),
});

describe("many submissions from one network", () => {
  it("counts each network in its window and fires from the third submission, stronger from the sixth", async () => {
    const deps = at("2026-11-30T10:01:00.000Z");
    const weights = [];
    for (let i = 0; i < 7; i += 1)
      weights.push((await networkBurstSignal(deps, "198.51.100.7", NO_LIMIT))?.weight);
    expect(LIMITS_OF_SIGNALS.burstSome).toBe(3);
    expect(weights).toEqual([
      undefined,
      undefined,
      WEIGHTS.networkBurst.some,
      WEIGHTS.networkBurst.some,
      WEIGHTS.networkBurst.some,
      WEIGHTS.networkBurst.many,
      WEIGHTS.networkBurst.many,
    ]);
    expect((await networkBurstSignal(deps, "198.51.100.7", NO_LIMIT))?.detail).toBe(
      "8 submissions from 198.51.100.7 within 10 minutes",
    );
    // Another network, and the same one in the next window, start again.
    expect(await networkBurstSignal(deps, "2001:db8:1:2::/64")).toBeUndefined();
    expect(await networkBurstSignal(at("2026-11-30T10:10:00.000Z"), "198.51.100.7")).toBeUndefined();
  });

  it("is no signal without a network, without a table, or when the count fails", async () => {
    expect(await networkBurstSignal(at("2026-11-30T10:01:00.000Z"), undefined)).toBeUndefined();
    expect(await networkBurstSignal(undefined, "198.51.100.8")).toBeUndefined();
    const closed = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: "http://127.0.0.1:9",
        region: "us-east-1",
        credentials: { accessKeyId: "test", secretAccessKey: "test" },
        maxAttempts: 1,
      }),
    );
    const failing = {
      db: closed,
      ephemeralTable: "missing",
      clock: () => new Date("2026-11-30T10:01:00.000Z"),
    };
    expect(await networkBurstSignal(failing, "198.51.100.9")).toBeUndefined();
  });

  it("is no signal when the table does not answer within its limit, and holds the verdict no longer", async () => {
    const hanging = {
      // A table that never answers (DynamoDB hanging): only the limit ends the wait.
      db: { send: () => new Promise<never>(() => {}) } as unknown as DynamoDBDocumentClient,
      ephemeralTable: "hanging",
      clock: () => new Date("2026-11-30T10:01:00.000Z"),
    };
    expect(await networkBurstSignal(hanging, "198.51.100.10", 20)).toBeUndefined();
    expect(LIMITS_OF_SIGNALS.burstTimeoutMs).toBe(150);
  });
});
