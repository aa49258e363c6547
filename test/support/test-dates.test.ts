import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATE_SENSITIVE_TESTS, TEST_DATES, testDate } from "./test-dates";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The modules whose answers follow the calendar: a test that imports one judges dates. */
const CALENDAR_MODULES =
  /from "[./]*(functions\/model\/(response-clock|promise-figures|response-figures|retention)|functions\/leads\/(desk-stats|reminders|figures-recount|expiry|overdue|backfill)|events\/team-time)"/;

function testFilesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `${folder}/${name}`);
}

describe("the hard dates", () => {
  it("are instants, and a name or an ISO instant picks one", () => {
    for (const at of Object.values(TEST_DATES))
      expect(new Date(at).toISOString()).toBe(at.replace("Z", ".000Z"));
    expect(testDate("leap-day")).toBe("2028-02-29T18:00:00Z");
    expect(testDate("2027-07-05T12:00:00Z")).toBe("2027-07-05T12:00:00Z");
    expect(testDate("tomorrow")).toBeUndefined();
    expect(testDate("2027-07-05")).toBeUndefined();
    expect(testDate("toString")).toBeUndefined();
  });
});

describe("the date-sensitive tests", () => {
  it("exist", () => {
    const all = new Set([...testFilesUnder("test/integration"), ...testFilesUnder("test/e2e")]);
    expect(DATE_SENSITIVE_TESTS.filter((file) => !all.has(file))).toEqual([]);
  });

  it("include every runtime or browser test that imports a calendar module", () => {
    const judgingDates = [...testFilesUnder("test/integration"), ...testFilesUnder("test/e2e")].filter(
      (file) => CALENDAR_MODULES.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(judgingDates.length).toBeGreaterThan(5);
    expect(judgingDates.filter((file) => !DATE_SENSITIVE_TESTS.includes(file))).toEqual([]);
  });
});
