import { describe, expect, it } from "vitest";
import {
  bucketStart,
  COUNTER_SHARDS,
  counterId,
  counterItemsFor,
  counterShard,
  counterUpdates,
  deskCounterMoves,
  deskCounterUpdate,
  ownerCounts,
  searchAttributes,
} from "../model/lead-index";
import { SIGNUP_KIND } from "../model/lead-kinds";
import { splitRange, sumHours } from "./counts";

const d = (iso: string) => new Date(iso);

describe("count boundaries", () => {
  it("needs no record queries when the range starts on the hour (most time zones)", () => {
    expect(splitRange({ from: d("2025-03-01T05:00:00.000Z") })).toEqual({
      hours: { from: d("2025-03-01T05:00:00.000Z") },
    });
  });

  it("counts a half-hour offset's leading half hour from the records", () => {
    // Local midnight in India (UTC+05:30) is 18:30 UTC.
    expect(splitRange({ from: d("2025-02-28T18:30:00.000Z"), to: d("2025-03-01T18:30:00.000Z") })).toEqual({
      head: { from: d("2025-02-28T18:30:00.000Z"), to: d("2025-02-28T19:00:00.000Z") },
      hours: { from: d("2025-02-28T19:00:00.000Z"), to: d("2025-03-01T18:00:00.000Z") },
      tail: { from: d("2025-03-01T18:00:00.000Z"), to: d("2025-03-01T18:30:00.000Z") },
    });
  });

  it("counts a range inside one hour from the records only", () => {
    const range = { from: d("2025-03-01T10:10:00.000Z"), to: d("2025-03-01T10:50:00.000Z") };
    expect(splitRange(range)).toEqual({ head: range });
    expect(splitRange({ from: d("2025-03-01T10:50:00.000Z"), to: d("2025-03-01T10:10:00.000Z") })).toEqual(
      {},
    );
  });

  it("sums hour buckets inclusive of the start and exclusive of the end", () => {
    const hours = new Map([
      [Date.parse("2025-03-01T09:00:00.000Z"), 1],
      [Date.parse("2025-03-01T10:00:00.000Z"), 2],
      [Date.parse("2025-03-01T11:00:00.000Z"), 4],
    ]);
    expect(sumHours(hours, d("2025-03-01T10:00:00.000Z"))).toBe(6);
    expect(sumHours(hours, d("2025-03-01T10:00:00.000Z"), d("2025-03-01T11:00:00.000Z"))).toBe(2);
  });

  it("buckets by UTC hour and day", () => {
    expect(bucketStart("2025-03-01T23:59:59.999Z", "hour")).toBe("2025-03-01T23:00:00.000Z");
    expect(bucketStart("2025-03-01T23:59:59.999Z", "day")).toBe("2025-03-01T00:00:00.000Z");
    expect(counterId(SIGNUP_KIND, "hour", "2025-03-01T23:00:00.000Z")).toBe(
      "#counts#signup#hour#2025-03-01T23",
    );
  });
});

describe("search attributes", () => {
  it("are lower-cased, whitespace-collapsed and split out the e-mail domain", () => {
    expect(
      searchAttributes({ firstName: "  Zoë ", lastName: "O'Brien  Smith", email: "Zoe@Example.COM" }),
    ).toEqual({
      searchName: "zoë o'brien smith",
      searchLast: "o'brien smith",
      searchEmail: "zoe@example.com",
      searchDomain: "example.com",
    });
  });
});

describe("counter shards", () => {
  it("spread records over every shard and keep one record on one shard", () => {
    const shards = new Set(Array.from({ length: 200 }, (_, i) => counterShard(`record-${i}`)));
    expect([...shards].sort()).toEqual(Array.from({ length: COUNTER_SHARDS }, (_, i) => i));
    expect(counterShard("abc")).toBe(counterShard("abc"));
  });

  it("give a record's increment and its later decrement the same counter items", () => {
    const record = {
      id: "r-17",
      createdAt: "2025-03-01T10:15:00.000Z",
      teamSize: "solo",
      productLines: "single",
    };
    const keys = (delta: 1 | -1) =>
      counterUpdates("T", SIGNUP_KIND, record, delta).map((a) => a.Update?.Key?.id);
    expect(keys(-1)).toEqual(keys(1));
  });

  it("bulk counter items sum to the number of records whatever the shards", () => {
    const records = Array.from({ length: 50 }, (_, i) => ({
      id: `r-${i}`,
      createdAt: "2025-03-01T10:15:00.000Z",
      teamSize: "team",
      productLines: "multiple",
    }));
    const days = counterItemsFor(SIGNUP_KIND, records).filter((item) => String(item.kind).endsWith("#day"));
    expect(days.length).toBeGreaterThan(1);
    expect(days.reduce((sum, item) => sum + Number(item.n), 0)).toBe(50);
  });
});

describe("owner counters", () => {
  const record = { id: "r-1", createdAt: "2025-03-01T10:15:00.000Z", status: "new" };
  const update = (from: Record<string, unknown>, to: { status: string; owner: string | null }) =>
    deskCounterUpdate("T", SIGNUP_KIND, { ...record, ...from }, to)?.Update;

  it("move a record from the counter it names to its new status and owner", () => {
    expect(deskCounterMoves({ ...record, ownerCount: "o_new#ana" }, { status: "won", owner: "bea" })).toEqual(
      {
        s_new: -1,
        s_won: 1,
        "o_new#ana": -1,
        "o_won#bea": 1,
      },
    );
    const moved = update({ status: "new", ownerCount: "o_new#ana" }, { status: "won", owner: "bea" });
    expect(moved?.Key).toEqual({
      id: counterId(SIGNUP_KIND, "day", record.createdAt, counterShard(record.id)),
    });
    expect(moved?.UpdateExpression).toBe("ADD #u0 :u0, #u1 :u1, #u2 :u2, #u3 :u3 SET #u4 = :u4, #u5 = :u5");
    expect(Object.values(moved?.ExpressionAttributeNames ?? {})).toEqual([
      "s_new",
      "s_won",
      "o_new#ana",
      "o_won#bea",
      "kind",
      "createdAt",
    ]);
    expect(Object.values(moved?.ExpressionAttributeValues ?? {})).toEqual([
      -1,
      1,
      -1,
      1,
      "#counts#signup#day",
      "2025-03-01T00:00:00.000Z",
    ]);
  });

  it("count an owned record not counted yet, and leave the unassigned in their status only", () => {
    expect(deskCounterMoves({ ...record, status: "won" }, { status: "won", owner: "ana" })).toEqual({
      "o_won#ana": 1,
    });
    expect(deskCounterMoves(record, { status: "lost", owner: null })).toEqual({ s_new: -1, s_lost: 1 });
    expect(
      update({ status: "won", ownerCount: "o_won#ana" }, { status: "won", owner: "ana" }),
    ).toBeUndefined();
  });

  it("are read per status and owner, whatever the owner's name", () => {
    const into: Record<string, Record<string, number>> = {};
    ownerCounts({ n: 3, s_new: 2, "o_new#ana": 1, "o_new#a#b": 1, "o_won#ana": 2 }, into);
    ownerCounts({ "o_new#ana": 4 }, into);
    expect(into).toEqual({ new: { ana: 5, "a#b": 1 }, won: { ana: 2 } });
  });
});
