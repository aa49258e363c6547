import { describe, expect, it } from "vitest";
import { COUNTER_SHARDS, counterShard } from "./lead-index";
import { CONTACT_KIND, SIGNUP_KIND } from "./lead-kinds";
import {
  addPromiseItem,
  PROMISE_REACH_DAYS,
  type PromiseSums,
  promiseClaim,
  promiseDayId,
  promiseDayIds,
  promiseItemsFor,
  promiseMoves,
  promiseUpdates,
} from "./promise-figures";

const DUE = "2026-11-03T15:00:00.000Z";
const DUE_MS = Date.parse(DUE);
const lead = { id: "a", createdAt: "2026-11-02T15:00:00.000Z", dueAt: DUE, status: "new" };

const sumsAt = (items: Record<string, unknown>[], now: Date): PromiseSums => {
  const sums = { notYetDue: 0, unanswered: 0 };
  for (const item of items) addPromiseItem(sums, item, now);
  return sums;
};

describe("promise claims", () => {
  it("count New leads and unanswered ones by their exact due time", () => {
    expect(promiseClaim(lead)).toBe(`${DUE_MS}:su`);
    // Answered, then back to New: still New, no longer unanswered.
    expect(promiseClaim({ ...lead, respondedAt: "2026-11-02T16:00:00.000Z" })).toBe(`${DUE_MS}:s`);
    expect(promiseClaim({ ...lead, status: "lost" })).toBe(`${DUE_MS}:u`);
    // Any status without a reply is unanswered (the day figures' claim "a"), not only New and Lost.
    expect(promiseClaim({ ...lead, status: "contacted" })).toBe(`${DUE_MS}:u`);
    expect(promiseClaim({ ...lead, status: "won", respondedAt: "2026-11-02T16:00:00.000Z" })).toBe("-");
  });

  it("count nothing for Spam, a linked submission, or a record without a usable due time", () => {
    expect(promiseClaim({ ...lead, status: "spam" })).toBe("-");
    expect(promiseClaim({ ...lead, status: "linked", dueAt: undefined })).toBe("-");
    expect(promiseClaim({ ...lead, dueAt: "not a time" })).toBe("-");
    expect(promiseClaim({ ...lead, createdAt: undefined })).toBe("-");
  });

  it("move only what changes, in the due day's item", () => {
    expect(promiseMoves(undefined, `${DUE_MS}:su`)).toEqual(
      new Map([["2026-11-03", { [`s${DUE_MS}`]: 1, [`u${DUE_MS}`]: 1 }]]),
    );
    expect(promiseMoves(`${DUE_MS}:su`, `${DUE_MS}:s`)).toEqual(
      new Map([["2026-11-03", { [`u${DUE_MS}`]: -1 }]]),
    );
    expect(promiseMoves(`${DUE_MS}:s`, "-")).toEqual(new Map([["2026-11-03", { [`s${DUE_MS}`]: -1 }]]));
    expect(promiseMoves(`${DUE_MS}:su`, `${DUE_MS}:su`)).toEqual(new Map());
    expect(promiseMoves("-", undefined)).toEqual(new Map());
    // A due time that changed (the backfill gives one to a record without): two items.
    const later = DUE_MS + 86_400_000;
    expect(promiseMoves(`${DUE_MS}:u`, `${later}:u`)).toEqual(
      new Map([
        ["2026-11-03", { [`u${DUE_MS}`]: -1 }],
        ["2026-11-04", { [`u${later}`]: 1 }],
      ]),
    );
  });

  it("update the record's shard of the day, and expire a week after the day", () => {
    const [update] = promiseUpdates("t", SIGNUP_KIND, "abc", promiseMoves(undefined, `${DUE_MS}:u`));
    expect(update?.Update?.Key).toEqual({ id: promiseDayId(SIGNUP_KIND, "2026-11-03", counterShard("abc")) });
    const values = Object.values(update?.Update?.ExpressionAttributeValues ?? {});
    expect(values).toContain(1);
    expect(values).toContain(Date.parse("2026-11-11T00:00:00.000Z") / 1000);
    expect(promiseUpdates("t", SIGNUP_KIND, "abc", new Map())).toEqual([]);
  });
});

describe("reading the due days", () => {
  it("reads today's due day and the reach after it, in every shard, for its kind only", () => {
    const ids = promiseDayIds(CONTACT_KIND, new Date("2026-11-27T23:59:59.999Z"));
    expect(ids).toHaveLength((PROMISE_REACH_DAYS + 1) * COUNTER_SHARDS);
    expect(ids[0]).toBe("#promise#contact#2026-11-27");
    expect(ids).toContain(`#promise#contact#2026-12-11#${COUNTER_SHARDS - 1}`);
    expect(ids).not.toContain("#promise#contact#2026-11-26");
    expect(ids).not.toContain("#promise#contact#2026-12-12");
  });

  it("counts exactly the due times after now, inside the bucket that holds now too", () => {
    const records = [
      lead,
      { ...lead, id: "b", dueAt: "2026-11-03T15:00:00.001Z" },
      { ...lead, id: "c", dueAt: "2026-11-03T09:00:00.000Z", status: "lost" },
      { ...lead, id: "d", dueAt: "2026-11-04T00:00:00.000Z", respondedAt: "2026-11-03T01:00:00.000Z" },
      { ...lead, id: "e", status: "spam" },
    ];
    const { claims, items } = promiseItemsFor(SIGNUP_KIND, records);
    expect(claims[4]).toBe("-");
    const at = (iso: string) => sumsAt(items, new Date(iso));
    expect(at("2026-11-03T08:59:59.999Z")).toEqual({ notYetDue: 3, unanswered: 3 });
    expect(at("2026-11-03T09:00:00.000Z")).toEqual({ notYetDue: 3, unanswered: 2 });
    // Due at now exactly is due (dueAt > now is the test), one millisecond later is not.
    expect(at("2026-11-03T15:00:00.000Z")).toEqual({ notYetDue: 2, unanswered: 1 });
    expect(at("2026-11-03T15:00:00.001Z")).toEqual({ notYetDue: 1, unanswered: 0 });
    expect(at("2026-11-04T00:00:00.000Z")).toEqual({ notYetDue: 0, unanswered: 0 });
  });

  it("sums moves to the same counts as a bulk write, whatever their order", () => {
    const states = [
      { ...lead, id: "x" },
      { ...lead, id: "x", respondedAt: "2026-11-02T16:00:00.000Z", status: "contacted" },
      { ...lead, id: "x", respondedAt: "2026-11-02T16:00:00.000Z", status: "new" },
      { ...lead, id: "x", respondedAt: "2026-11-02T16:00:00.000Z", status: "spam" },
      { ...lead, id: "x", respondedAt: "2026-11-02T16:00:00.000Z", status: "new" },
    ];
    const counts: Record<string, number> = {};
    let stored: string | undefined;
    for (const state of states) {
      const claim = promiseClaim(state);
      for (const add of promiseMoves(stored, claim).values())
        for (const [name, by] of Object.entries(add)) counts[name] = (counts[name] ?? 0) + by;
      stored = claim;
    }
    const bulk = promiseItemsFor(SIGNUP_KIND, [states[4] as Record<string, unknown>]).items[0] ?? {};
    const nonZero = (item: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(item).filter(([name, v]) => /^[su]\d+$/.test(name) && v !== 0));
    expect(nonZero(counts)).toEqual(nonZero(bulk));
    // Deleted: nothing left.
    for (const add of promiseMoves(stored, undefined).values())
      for (const [name, by] of Object.entries(add)) counts[name] = (counts[name] ?? 0) + by;
    expect(nonZero(counts)).toEqual({});
  });
});
