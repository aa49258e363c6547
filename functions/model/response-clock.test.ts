import { describe, expect, it } from "vitest";
import { addClockTime, businessCalendar, clockTimeBetween, HOUR_MS, replyDueAt } from "./response-clock";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const plain = businessCalendar();
// Thanksgiving 2026 is Thursday 26 November.
const thanksgiving = businessCalendar(["2026-11-26"]);

describe("the response clock (America/Chicago, weekdays only)", () => {
  it("due Monday 17:30 for a Friday 17:30 lead", () => {
    // Friday 20 November 2026, 17:30 CST (UTC-6).
    expect(iso(replyDueAt(plain, at("2026-11-20T23:30:00Z")))).toBe("2026-11-23T23:30:00.000Z");
  });

  it("due Tuesday 00:00 for a Saturday lead", () => {
    expect(iso(replyDueAt(plain, at("2026-11-21T16:00:00Z")))).toBe("2026-11-24T06:00:00.000Z");
  });

  it("due Tuesday 00:00 for a Sunday 23:59 lead (the clock starts Monday 00:00)", () => {
    expect(iso(replyDueAt(plain, at("2026-11-23T05:59:00Z")))).toBe("2026-11-24T06:00:00.000Z");
  });

  it("a Wednesday lead is due the next day at the same time", () => {
    expect(iso(replyDueAt(plain, at("2026-11-18T15:00:00Z")))).toBe("2026-11-19T15:00:00.000Z");
  });

  it("keeps local time across the March change (CST -> CDT on Sunday 8 March 2026)", () => {
    // Friday 6 March 17:30 CST = 23:30Z; Monday 9 March 17:30 CDT (UTC-5) = 22:30Z.
    expect(iso(replyDueAt(plain, at("2026-03-06T23:30:00Z")))).toBe("2026-03-09T22:30:00.000Z");
    // The whole of Friday counts as 24 h, and the weekend (47 real hours) as nothing.
    expect(clockTimeBetween(plain, at("2026-03-06T06:00:00Z"), at("2026-03-09T05:00:00Z"))).toBe(
      24 * HOUR_MS,
    );
  });

  it("keeps local time across the November change (CDT -> CST on Sunday 1 November 2026)", () => {
    // Friday 30 October 17:30 CDT = 22:30Z; Monday 2 November 17:30 CST = 23:30Z.
    expect(iso(replyDueAt(plain, at("2026-10-30T22:30:00Z")))).toBe("2026-11-02T23:30:00.000Z");
    expect(clockTimeBetween(plain, at("2026-10-31T05:00:00Z"), at("2026-11-02T06:00:00Z"))).toBe(0);
  });

  it("stands still on a holiday of the stage config", () => {
    // Wednesday 25 November 10:00 CST: 14 h on Wednesday, none on Thanksgiving, 10 h on Friday.
    expect(iso(replyDueAt(thanksgiving, at("2026-11-25T16:00:00Z")))).toBe("2026-11-27T16:00:00.000Z");
    expect(iso(replyDueAt(plain, at("2026-11-25T16:00:00Z")))).toBe("2026-11-26T16:00:00.000Z");
  });

  it("counts no time for a lead answered while the clock stands still", () => {
    // Saturday lead answered on Sunday: zero; Friday 17:30 lead answered Saturday 09:00: 6.5 h.
    expect(clockTimeBetween(plain, at("2026-11-21T16:00:00Z"), at("2026-11-22T15:00:00Z"))).toBe(0);
    expect(clockTimeBetween(plain, at("2026-11-20T23:30:00Z"), at("2026-11-21T15:00:00Z"))).toBe(
      6.5 * HOUR_MS,
    );
    // Answered Monday 09:00 after a Friday 17:30 arrival: 6.5 h + 9 h.
    expect(clockTimeBetween(plain, at("2026-11-20T23:30:00Z"), at("2026-11-23T15:00:00Z"))).toBe(
      15.5 * HOUR_MS,
    );
  });

  it("adds and measures the same time (a reminder two clock hours before the due time)", () => {
    const arrived = at("2026-11-20T23:30:00Z");
    expect(iso(addClockTime(plain, arrived, 22 * HOUR_MS))).toBe("2026-11-23T21:30:00.000Z");
    expect(clockTimeBetween(plain, arrived, replyDueAt(plain, arrived))).toBe(24 * HOUR_MS);
    expect(clockTimeBetween(plain, arrived, arrived - 1)).toBe(0);
  });
});
