/**
 * `npm run test:at -- <date> [vitest arguments]`: the tests with every process's clock at another
 * instant — the runner, its workers, the runtimes they start and the browsers' pages — ticking from
 * there. <date> is a name from test-dates.ts or an ISO instant (2027-11-28T18:00:00Z).
 *
 *   npm run test:at -- sunday-after-holiday
 *   npm run test:at -- leap-day test/integration/desk-figures-promise.test.ts
 *   npm run test:at -- new-years-eve --date-sensitive     (the files in DATE_SENSITIVE_TESTS)
 *
 * A test whose result changes with the date is a defect: it should pin its own clock
 * (test/support/pinned-clock.ts, docs/DEVELOPING.md).
 */
import { spawn } from "node:child_process";
import { DATE_SENSITIVE_TESTS, TEST_DATES, testDate } from "./test-dates";

const [date, ...rest] = process.argv.slice(2);
const vitestArguments = rest.flatMap((argument) =>
  argument === "--date-sensitive" ? DATE_SENSITIVE_TESTS : [argument],
);
const at = date === undefined ? undefined : testDate(date);
if (at === undefined) {
  console.error(
    `Usage: npm run test:at -- <date> [vitest arguments]\n<date>: an ISO instant or one of ${Object.keys(TEST_DATES).join(", ")}`,
  );
  process.exit(2);
}

// One offset for the whole run, so that every process reads the same time.
const offset = Date.parse(at) - Date.now();
const clockShift = new URL("./clock-shift.mjs", import.meta.url).href;
const env = {
  ...process.env,
  TEST_CLOCK_OFFSET_MS: String(offset),
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${clockShift}`].filter(Boolean).join(" "),
};
console.log(`[test:at] the clock reads ${at} (${date}) at the start of the run`);
const child = spawn("npx", ["vitest", "run", "--config", "test/vitest.config.ts", ...vitestArguments], {
  env,
  stdio: "inherit",
});
child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
