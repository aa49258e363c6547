import { describe, expect, it } from "vitest";
import { periodGranules } from "./source-report";

const days = (month: string, first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => `d${month}-${String(first + i).padStart(2, "0")}`);

describe("the granules a period reads", () => {
  it("reads a month the period holds whole as its month item", () => {
    expect(periodGranules("2026-01-01", "2026-02-28", "2026-11-29")).toEqual(["m2026-01", "m2026-02"]);
  });

  it("reads the current month as one item when the period holds it up to today", () => {
    expect(periodGranules("2026-11-01", "2026-11-29", "2026-11-29")).toEqual(["m2026-11"]);
    expect(periodGranules("2026-10-31", "2026-11-30", "2026-11-29")).toEqual(["d2026-10-31", "m2026-11"]);
    // A year ending today: one day, then twelve months.
    const year = periodGranules("2025-11-30", "2026-11-29", "2026-11-29");
    expect(year).toHaveLength(13);
    expect(year.slice(0, 2)).toEqual(["d2025-11-30", "m2025-12"]);
    expect(year.at(-1)).toBe("m2026-11");
  });

  it("reads days where the period leaves out a day that may have leads", () => {
    expect(periodGranules("2026-11-01", "2026-11-20", "2026-11-29")).toEqual(days("2026-11", 1, 20));
    expect(periodGranules("2026-11-02", "2026-11-29", "2026-11-29")).toEqual(days("2026-11", 2, 29));
    expect(periodGranules("2026-02-01", "2026-02-27", "2026-11-29")).toEqual(days("2026-02", 1, 27));
  });
});
