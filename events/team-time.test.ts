import { describe, expect, it } from "vitest";
import { formatTeamDate, formatTeamTime, formatViewerTime } from "./team-time";

describe("times as people read them", () => {
  it("shows an instant in the team's zone with its abbreviation, through daylight saving", () => {
    expect(formatTeamTime("2026-11-27T12:49:00Z")).toBe("Fri, Nov 27, 2026, 6:49 AM CST");
    expect(formatTeamTime("2026-07-03T17:05:00Z")).toBe("Fri, Jul 3, 2026, 12:05 PM CDT");
  });

  it("takes the team's calendar day, not UTC's", () => {
    // 03:00 UTC on the 28th is still the 27th in Chicago.
    expect(formatTeamDate("2026-11-28T03:00:00Z")).toBe("Fri, Nov 27, 2026");
  });

  it("shows the viewer's own times in their zone, with its name", () => {
    expect(formatViewerTime("2026-11-27T12:49:00Z")).toMatch(/^Fri, Nov 27, 2026, \d{1,2}:49 [AP]M \S+/);
  });

  it("leaves text that is no instant as it is", () => {
    expect(formatTeamTime("not a date")).toBe("not a date");
  });
});
