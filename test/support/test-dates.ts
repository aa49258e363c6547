/**
 * The hard dates a test run is tried at (`npm run test:at -- <name>`): days on which a test that
 * reads the real calendar, instead of pinning its own clock, sees a different week. Instants in
 * UTC; the comments give the team's time (America/Chicago).
 */
export const TEST_DATES = {
  /** Saturday 2027-02-13, 11:00, before a Monday holiday (Presidents' Day). */
  saturday: "2027-02-13T17:00:00Z",
  /** Sunday 2027-11-28, 12:00, three days after Thanksgiving. */
  "sunday-after-holiday": "2027-11-28T18:00:00Z",
  /** Friday 2027-03-12, 22:30: the clocks go forward at 02:00 on Sunday. */
  "friday-before-dst-march": "2027-03-13T04:30:00Z",
  /** Friday 2027-11-05, 22:30: the clocks go back at 02:00 on Sunday. */
  "friday-before-dst-november": "2027-11-06T03:30:00Z",
  /** New Year's Eve 2026, 23:30: the team's year ends in half an hour, UTC's began 5 h ago. */
  "new-years-eve": "2027-01-01T05:30:00Z",
  /** Tuesday 2028-02-29, 12:00: a leap day. */
  "leap-day": "2028-02-29T18:00:00Z",
} as const satisfies Record<string, string>;

export type TestDateName = keyof typeof TEST_DATES;

/** An instant from a name above or an ISO instant; undefined for anything else. */
export function testDate(nameOrInstant: string): string | undefined {
  if (Object.hasOwn(TEST_DATES, nameOrInstant)) return TEST_DATES[nameOrInstant as TestDateName];
  return Number.isNaN(Date.parse(nameOrInstant)) || !/^\d{4}-\d{2}-\d{2}T/.test(nameOrInstant)
    ? undefined
    : nameOrInstant;
}

/**
 * The test files whose figures follow the calendar (the response clock's weekends and holidays,
 * due days, "today" in the team's zone, month boundaries, retention). CI runs them at two of the
 * dates above on every run (.ci/run); test-dates.test.ts keeps the list from missing a file that
 * uses the calendar's modules.
 */
export const DATE_SENSITIVE_TESTS: readonly string[] = [
  "test/integration/desk-backfill.test.ts",
  "test/integration/desk-decide.test.ts",
  "test/integration/desk-figures-promise.test.ts",
  "test/integration/desk-figures.test.ts",
  "test/integration/desk-overdue.test.ts",
  "test/integration/desk-owner-counts.test.ts",
  "test/integration/desk-reminders.test.ts",
  "test/integration/desk-reply.test.ts",
  "test/integration/desk.test.ts",
  "test/integration/identity-admin.test.ts",
  "test/integration/lead-expiry.test.ts",
  "test/integration/password-policy-admin.test.ts",
  "test/integration/quarantine-release.test.ts",
  "test/integration/retention-timeline.test.ts",
  "test/integration/sources-figures.test.ts",
  "test/integration/sources-many-rows.test.ts",
  "test/e2e/desk-reminders.test.ts",
  "test/e2e/desk-reply.test.ts",
  "test/e2e/desk.test.ts",
  "test/e2e/sources.test.ts",
];
