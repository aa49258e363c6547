import { describe, expect, it } from "vitest";
import { CHART_DAYS, countBoundaries, localMidnight, replyClockText } from "./time";

describe("count boundaries in the viewer's clock", () => {
  it("uses local midnight today and 7 days before", () => {
    const now = new Date(2025, 2, 10, 15, 30);
    const { todayStart, weekStart, dayStarts } = countBoundaries(now);
    expect(new Date(todayStart)).toEqual(new Date(2025, 2, 10));
    expect(new Date(weekStart)).toEqual(new Date(2025, 2, 3));
    expect(dayStarts).toHaveLength(CHART_DAYS);
    expect(new Date(dayStarts[CHART_DAYS - 1] as string)).toEqual(new Date(2025, 2, 10));
    expect(new Date(dayStarts[0] as string)).toEqual(new Date(2025, 1, 9));
  });

  it("treats a moment just after midnight as the new day", () => {
    expect(localMidnight(new Date(2025, 0, 1, 0, 0, 1))).toEqual(new Date(2025, 0, 1));
    expect(localMidnight(new Date(2025, 0, 1, 0, 0, 1), 1)).toEqual(new Date(2024, 11, 31));
  });
});

describe("replyClockText", () => {
  const due = "2026-11-23T23:30:00.000Z";
  const at = (iso: string) => Date.parse(iso);
  it("counts down to the due time and up past it", () => {
    expect(replyClockText({ status: "new", dueAt: due }, at("2026-11-23T20:30:00Z"))).toEqual({
      text: "due in 3 h",
      overdue: false,
    });
    expect(replyClockText({ status: "new", dueAt: due }, at("2026-11-24T01:45:00Z"))).toEqual({
      text: "overdue by 2 h",
      overdue: true,
    });
    expect(replyClockText({ dueAt: due }, at("2026-11-23T23:10:00Z"))?.text).toBe("due in 20 min");
  });
  it("shows nothing once the lead is answered or closed", () => {
    expect(replyClockText({ status: "contacted", dueAt: due }, 0)).toBeUndefined();
    expect(replyClockText({ status: "new", dueAt: due, respondedAt: due }, 0)).toBeUndefined();
    expect(replyClockText({ status: "new" }, 0)).toBeUndefined();
  });
});
