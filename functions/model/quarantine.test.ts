import { describe, expect, it } from "vitest";
import { bucketExpiry, counterMoveUpdates, counterUpdates, deskCounterMoves } from "./lead-index";
import { SIGNUP_KIND } from "./lead-kinds";
import { countedExpiry, quarantineExpiry, UNCOUNTED, uncountedChange } from "./quarantine";

const createdAt = "2026-11-02T15:30:00.000Z";
const lead = { id: "a", createdAt, teamSize: "solo", productLines: "single" };
const updates = (items: ReturnType<typeof counterUpdates>) =>
  items.map((item) => [item.Update?.Key?.id, item.Update?.UpdateExpression]);

describe("a held lead (docs/decisions/0150)", () => {
  it("expires 30 days after it arrived, while its buckets keep the stage's expiry", () => {
    expect(quarantineExpiry(createdAt)).toBe(Date.parse(createdAt) / 1000 + 30 * 86_400);
    const held = {
      ...lead,
      quarantine: "held",
      expiresAt: quarantineExpiry(createdAt),
      keptUntil: 2_000_000_000,
    };
    expect(countedExpiry(held)).toBe(2_000_000_000);
    expect(countedExpiry({ ...held, keptUntil: undefined })).toBeUndefined();
    expect(bucketExpiry(held, "day")).toBe(bucketExpiry({ ...lead, expiresAt: 2_000_000_000 }, "day"));
  });

  it("is counted only in its day counter's status, never in the totals or an hour counter", () => {
    const held = { ...lead, status: "spam", [UNCOUNTED]: true };
    expect(updates(counterUpdates("t", SIGNUP_KIND, held, 1))).toEqual([
      [expect.stringContaining("#day#"), "ADD s_spam :d SET kind = :kind, createdAt = :start"],
    ]);
    expect(updates(counterUpdates("t", SIGNUP_KIND, { ...lead, status: "new" }, 1))[0]?.[1]).toBe(
      "ADD n :d, f_solo_single :d, s_new :d SET kind = :kind, createdAt = :start",
    );
  });
});

describe("a lead moving into Spam and out", () => {
  it("leaves the totals, its facet and its hour counter with a marker, and comes back once", () => {
    const counted = { ...lead, status: "new" };
    const into = deskCounterMoves(counted, { status: "spam", owner: null });
    expect(into).toEqual({ n: -1, s_new: -1, s_spam: 1 });
    expect(uncountedChange(into)).toEqual({ set: { [UNCOUNTED]: true }, remove: [] });
    const moves = counterMoveUpdates("t", SIGNUP_KIND, counted, into);
    expect(moves).toHaveLength(2);
    expect(Object.values(moves[0]?.Update?.ExpressionAttributeNames ?? {})).toContain("f_solo_single");
    expect(moves[1]?.Update?.Key?.id).toContain("#hour#");

    const out = deskCounterMoves(
      { ...counted, status: "spam", [UNCOUNTED]: true },
      { status: "new", owner: null },
    );
    expect(out).toEqual({ n: 1, s_spam: -1, s_new: 1 });
    expect(uncountedChange(out)).toEqual({ set: {}, remove: [UNCOUNTED] });
    // A Spam lead from before the marker is still counted: an owner change takes it out once.
    expect(deskCounterMoves({ ...counted, status: "spam" }, { status: "spam", owner: "bo" }).n).toBe(-1);
  });
});
