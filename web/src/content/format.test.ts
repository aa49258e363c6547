import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPercent, formatUsd } from "./format";

// What the functions wrote before they grouped digits by hand (format.ts says why).
const icuUsd = (amount: number) =>
  `${amount < 0 ? "-" : ""}$${Math.round(Math.abs(amount)).toLocaleString("en-US")}`;
const icuPercent = (percent: number) => `${Math.round(percent).toLocaleString("en-US")}%`;

describe("formatUsd and formatPercent", () => {
  it("write what en-US's number formatter writes, for every number", () => {
    const numbers = fc.oneof(
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ noNaN: false }),
      fc.constantFrom(0, -0, 0.5, -0.5, 999.5, -999.5, 1e21, -1e21, 2 ** 53, 2 ** 53 + 2),
    );
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatUsd(value)).toBe(icuUsd(value));
        expect(formatPercent(value)).toBe(icuPercent(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it("groups thousands", () => {
    expect(formatUsd(1234)).toBe("$1,234");
    expect(formatUsd(-1234567.4)).toBe("-$1,234,567");
    expect(formatUsd(999)).toBe("$999");
    expect(formatPercent(1646)).toBe("1,646%");
    expect(formatPercent(-1000)).toBe("-1,000%");
  });
});
