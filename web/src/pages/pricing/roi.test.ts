import { describe, expect, it } from "vitest";
import { calculateRoi, formatRoi, parseAmount, parseInputs, ROI_DEFAULTS } from "./roi";

describe("calculateRoi", () => {
  it("reproduces the ROI example of docs/product/site.md at the defaults: $2,050, $2,601, 1,646%", () => {
    const result = calculateRoi(ROI_DEFAULTS);
    expect(result).toEqual({ timeSavings: 2050, netMonthlyValue: 2601, roiPercent: 1646 });
    expect(formatRoi(result)).toEqual({ timeSavings: "$2,050", netMonthlyValue: "$2,601", roi: "1,646%" });
  });

  it("changes with every input", () => {
    const base = formatRoi(calculateRoi(ROI_DEFAULTS));
    expect(formatRoi(calculateRoi({ ...ROI_DEFAULTS, hoursSaved: 42 }))).toEqual({
      timeSavings: "$2,100",
      netMonthlyValue: "$2,651",
      roi: "1,679%", // (2,651 − 149) / 149 = 16.79
    });
    for (const key of Object.keys(ROI_DEFAULTS) as (keyof typeof ROI_DEFAULTS)[]) {
      const changed = formatRoi(calculateRoi({ ...ROI_DEFAULTS, [key]: ROI_DEFAULTS[key] + 10 }));
      expect(changed, key).not.toEqual(base);
    }
  });

  it("subtracts the plan cost and can go negative", () => {
    const result = calculateRoi({
      hoursSaved: 0,
      hourlyRate: 50,
      toolSavings: 0,
      errorsCaught: 0,
      planCost: 349,
    });
    expect(formatRoi(result)).toEqual({ timeSavings: "$0", netMonthlyValue: "-$349", roi: "-200%" });
  });

  it("shows no ratio when the plan costs nothing", () => {
    expect(formatRoi(calculateRoi({ ...ROI_DEFAULTS, planCost: 0 })).roi).toBe("—");
  });
});

describe("parseAmount", () => {
  it("reads numbers and treats empty, negative or invalid text as 0", () => {
    expect(parseAmount("41")).toBe(41);
    expect(parseAmount("12.5")).toBe(12.5);
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("-3")).toBe(0);
    expect(parseAmount("abc")).toBe(0);
  });
});

describe("parseInputs", () => {
  it("reads every field, an emptied one as 0", () => {
    expect(
      parseInputs({
        hoursSaved: "41",
        hourlyRate: "50",
        toolSavings: "200",
        errorsCaught: "",
        planCost: "149",
      }),
    ).toEqual({ ...ROI_DEFAULTS, errorsCaught: 0 });
  });
});
