import { describe, expect, it } from "vitest";
import { CHART_DAYS, countBoundaries, localMidnight } from "./time";

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
