import { describe, expect, it } from "vitest";
import { businessCalendar, replyDueAt } from "../model/response-clock";
import { earliestStillInside } from "./desk-stats";

const DAY_MS = 86_400_000;
const plain = businessCalendar();
const thanksgiving = businessCalendar(["2026-11-26"]);

/** Every arrival from the bound on that is still inside its promise is read; the bound is close. */
function expectTightBound(calendar: ReturnType<typeof businessCalendar>, now: Date, maxDaysBack: number) {
  const bound = earliestStillInside(calendar, now).getTime();
  // An arrival a second after the bound's slack day is inside or not, but one before the bound is not.
  expect(replyDueAt(calendar, bound - 1_000)).toBeLessThanOrEqual(now.getTime());
  // The last arrival past due is within a second of the bound plus its slack day.
  expect(replyDueAt(calendar, bound + DAY_MS + 2_000)).toBeGreaterThan(now.getTime());
  expect(now.getTime() - bound).toBeLessThanOrEqual(maxDaysBack * DAY_MS + 1_000);
}

describe("the earliest arrival still inside its promise", () => {
  it("is a day back (and a day of slack) on a plain Wednesday", () => {
    expectTightBound(plain, new Date("2026-11-18T18:00:00.000Z"), 2);
  });

  it("reaches over the weekend on a Monday", () => {
    expectTightBound(plain, new Date("2026-11-23T15:00:00.000Z"), 4);
  });

  it("reaches over a holiday and the weekend after it", () => {
    expectTightBound(thanksgiving, new Date("2026-11-30T15:00:00.000Z"), 6);
  });

  it("never goes further back than two weeks", () => {
    const now = new Date("2026-11-18T18:00:00.000Z");
    const allHolidays = businessCalendar(
      Array.from({ length: 30 }, (_, i) => new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10)),
    );
    expect(now.getTime() - earliestStillInside(allHolidays, now).getTime()).toBeLessThanOrEqual(14 * DAY_MS);
  });
});
