import { describe, expect, it } from "vitest";
import { describeReport, formatIsoDate, SAMPLE_REQUEST } from "./reports";

describe("report builder sample", () => {
  it("formats ISO dates without a time zone shift", () => {
    expect(formatIsoDate("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatIsoDate("2026-09-30")).toBe("Sep 30, 2026");
    expect(formatIsoDate("not a date")).toBe("not a date");
  });

  it("describes the requested report with its options", () => {
    expect(describeReport(SAMPLE_REQUEST)).toBe(
      "Sample Sales Performance report ready: Jan 1, 2026 to Sep 30, 2026, with charts, compared to the previous period. Export it as PDF, Excel or CSV.",
    );
    expect(
      describeReport({
        ...SAMPLE_REQUEST,
        type: "Customer Analysis",
        includeCharts: false,
        compareToPreviousPeriod: false,
        groupByVendor: true,
      }),
    ).toContain("Customer Analysis report ready: Jan 1, 2026 to Sep 30, 2026, grouped by vendor.");
  });

  it("says what is wrong with the dates instead of describing a report", () => {
    expect(describeReport({ ...SAMPLE_REQUEST, to: "" })).toBe("Choose both a start date and an end date.");
    expect(describeReport({ ...SAMPLE_REQUEST, from: "2026-10-01" })).toMatch(
      /end date is before the start date/,
    );
  });
});
