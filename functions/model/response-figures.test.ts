import { describe, expect, it } from "vitest";
import { SIGNUP_KIND } from "./lead-kinds";
import { bucketValueMs, replyBucket } from "./reply-buckets";
import { businessCalendar } from "./response-clock";
import {
  addDayItem,
  claimMoves,
  emptySums,
  figureClaim,
  figuresItemsFor,
  histogramMedian,
} from "./response-figures";

const calendar = businessCalendar();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const HOUR = 3_600_000;
/** How the dashboard shows a median (web/src/commandcenter/leads/DashboardPage.tsx). */
const shown = (ms: number) => `${(ms / HOUR).toFixed(1)} h`;

describe("figure claims", () => {
  const lead = {
    id: "a",
    createdAt: "2026-11-02T15:00:00.000Z", // a Monday
    dueAt: "2026-11-03T15:00:00.000Z",
    status: "new",
  };

  it("counts an arrival, an answer within or after the promise with its bucket, nothing for Spam", () => {
    expect(figureClaim(lead, calendar)).toBe("a");
    expect(figureClaim({ ...lead, respondedAt: "2026-11-02T17:30:00.000Z" }, calendar)).toBe("w150");
    expect(figureClaim({ ...lead, respondedAt: "2026-11-03T15:00:00.001Z" }, calendar)).toBe("l1440");
    expect(figureClaim({ ...lead, status: "spam", respondedAt: "2026-11-02T17:30:00.000Z" }, calendar)).toBe(
      "-",
    );
    // A linked submission (no due time) and a record from before the desk count nowhere.
    expect(figureClaim({ ...lead, status: "linked", dueAt: undefined }, calendar)).toBe("-");
  });

  it("moves a day item from one claim to another, both ways", () => {
    expect(claimMoves(undefined, "a")).toEqual({ n: 1 });
    expect(claimMoves("a", "w150")).toEqual({ w: 1, r150: 1 });
    expect(claimMoves("w150", "-")).toEqual({ n: -1, w: -1, r150: -1 });
    expect(claimMoves("-", "w150")).toEqual({ n: 1, w: 1, r150: 1 });
    expect(claimMoves("l30", undefined)).toEqual({ n: -1, l: -1, r30: -1 });
    expect(claimMoves("a", "a")).toEqual({});
  });
});

describe("the reply-time histogram", () => {
  it("keeps each bucket inside one of the display's 0.1 h steps", () => {
    for (let minute = 0; minute < 14 * 24 * 60 + 200; minute += 1) {
      const bucket = replyBucket(minute * 60_000);
      const first = shown(bucket * 60_000 + 1);
      expect(shown(bucketValueMs(bucket))).toBe(first);
      expect(shown(minute * 60_000 + 59_999)).toBe(
        shown(bucketValueMs(replyBucket(minute * 60_000 + 59_999))),
      );
    }
  });

  it("shows the same median as the exact one for random reply times", () => {
    let state = 99;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      return state / 2 ** 32;
    };
    let sameShown = 0;
    const trials = 300;
    for (let trial = 0; trial < trials; trial++) {
      const times = Array.from({ length: 1 + Math.floor(next() * 400) }, () =>
        Math.floor(next() * 60 * HOUR),
      );
      const histogram = new Map<number, number>();
      for (const time of times) histogram.set(replyBucket(time), (histogram.get(replyBucket(time)) ?? 0) + 1);
      const exact = median(times) as number;
      const read = histogramMedian(histogram) as number;
      expect(Math.abs(read - exact)).toBeLessThanOrEqual(30_000);
      if (times.length % 2 === 1) expect(shown(read)).toBe(shown(exact));
      if (shown(read) === shown(exact)) sameShown += 1;
    }
    // Even counts may differ only when the exact median is within 30 s of a display edge.
    expect(sameShown / trials).toBeGreaterThan(0.95);
  });

  it("sums day items and reads nothing from an empty histogram", () => {
    expect(histogramMedian(new Map())).toBeNull();
    const records = [
      { id: "1", createdAt: "2026-11-02T15:00:00.000Z", dueAt: "2026-11-03T15:00:00.000Z", status: "new" },
      {
        id: "2",
        createdAt: "2026-11-02T16:00:00.000Z",
        dueAt: "2026-11-03T16:00:00.000Z",
        status: "contacted",
        respondedAt: "2026-11-02T17:00:00.000Z",
      },
      { id: "3", createdAt: "2026-11-02T16:00:00.000Z", dueAt: "2026-11-03T16:00:00.000Z", status: "spam" },
    ];
    const { claims, items } = figuresItemsFor(SIGNUP_KIND, records, calendar);
    expect(claims).toEqual(["a", "w60", "-"]);
    const sums = emptySums();
    for (const item of items) addDayItem(sums, item);
    expect({ n: sums.n, w: sums.w, l: sums.l }).toEqual({ n: 2, w: 1, l: 0 });
    expect(histogramMedian(sums.histogram)).toBe(60.5 * 60_000);
  });
});
