import { describe, expect, it } from "vitest";
import { resultsLine } from "./resultsLine";

describe("the lead list's results line", () => {
  it("is exact when the count is", () => {
    expect(resultsLine(44, 1_000_000, undefined, "signups")).toBe("44 of 1,000,000 signups");
    expect(resultsLine(0, 12, false, "messages")).toBe("0 of 12 messages");
  });

  it("says 'at least' for a lower bound, and never '0' for 'none found yet'", () => {
    expect(resultsLine(1_200, 100_000, true, "signups")).toBe("At least 1,200 of 100,000 signups");
    expect(resultsLine(0, 100_000, true, "signups")).toBe("More may match among 100,000 signups");
  });
});
