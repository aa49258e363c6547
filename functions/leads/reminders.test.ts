import { describe, expect, it } from "vitest";
import { businessCalendar, replyDueAt } from "../model/response-clock";
import { digestDateAt, reminderDueAt } from "./reminders";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const plain = businessCalendar();
// Thanksgiving 2026 is Thursday 26 November.
const thanksgiving = businessCalendar(["2026-11-26"]);

describe("when a lead's reminder is due (two hours of clock time before its reply)", () => {
  it("a Friday 17:30 lead: reminder Monday 15:30 US Central, not over the weekend", () => {
    // Friday 20 November 2026 17:30 CST = 23:30Z; Monday 15:30 CST = 21:30Z; due 17:30.
    expect(iso(reminderDueAt(plain, at("2026-11-20T23:30:00Z")))).toBe("2026-11-23T21:30:00.000Z");
    expect(iso(replyDueAt(plain, at("2026-11-20T23:30:00Z")))).toBe("2026-11-23T23:30:00.000Z");
  });

  it("a lead due Monday 10:00 is reminded Monday 08:00", () => {
    // Friday 10:00 CST: 14 h Friday + 10 h Monday.
    expect(iso(reminderDueAt(plain, at("2026-11-20T16:00:00Z")))).toBe("2026-11-23T14:00:00.000Z");
  });

  it("keeps local time across the March change (CST -> CDT on Sunday 8 March 2026)", () => {
    // Friday 6 March 17:30 CST = 23:30Z; Monday 9 March 15:30 CDT (UTC-5) = 20:30Z.
    expect(iso(reminderDueAt(plain, at("2026-03-06T23:30:00Z")))).toBe("2026-03-09T20:30:00.000Z");
  });

  it("and across the November change (CDT -> CST on Sunday 1 November 2026)", () => {
    // Friday 30 October 17:30 CDT = 22:30Z; Monday 2 November 15:30 CST = 21:30Z.
    expect(iso(reminderDueAt(plain, at("2026-10-30T22:30:00Z")))).toBe("2026-11-02T21:30:00.000Z");
  });

  it("skips a stage holiday: Wednesday 17:30 before Thanksgiving -> Friday 15:30", () => {
    // Wednesday 25 November 17:30 CST: 6.5 h, Thursday stands still, Friday 15.5 h.
    expect(iso(reminderDueAt(thanksgiving, at("2026-11-25T23:30:00Z")))).toBe("2026-11-27T21:30:00.000Z");
    expect(iso(reminderDueAt(plain, at("2026-11-25T23:30:00Z")))).toBe("2026-11-26T21:30:00.000Z");
  });
});

describe("when the morning digest is due (08:00-12:00 US Central on a counting weekday)", () => {
  it("Monday 08:00 CST yes, 07:59 and 12:00 no", () => {
    expect(digestDateAt(plain, new Date("2026-11-23T14:00:00Z"))).toBe("2026-11-23");
    expect(digestDateAt(plain, new Date("2026-11-23T13:59:00Z"))).toBeUndefined();
    expect(digestDateAt(plain, new Date("2026-11-23T18:00:00Z"))).toBeUndefined();
  });

  it("08:00 is 13:00Z in summer time (DST-correct)", () => {
    expect(digestDateAt(plain, new Date("2026-07-06T13:00:00Z"))).toBe("2026-07-06");
    expect(digestDateAt(plain, new Date("2026-07-06T12:59:00Z"))).toBeUndefined();
  });

  it("not on a weekend or a stage holiday", () => {
    expect(digestDateAt(plain, new Date("2026-11-21T15:00:00Z"))).toBeUndefined();
    expect(digestDateAt(plain, new Date("2026-11-22T15:00:00Z"))).toBeUndefined();
    expect(digestDateAt(thanksgiving, new Date("2026-11-26T15:00:00Z"))).toBeUndefined();
    expect(digestDateAt(plain, new Date("2026-11-26T15:00:00Z"))).toBe("2026-11-26");
  });
});
