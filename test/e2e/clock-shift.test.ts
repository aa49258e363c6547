/**
 * A run on another clock (`npm run test:at`) moves the browser's pages too: a page reads the same
 * time as the runner and the runtimes, whatever the page (the shift is an init script of every
 * context, test/e2e/site-support.ts).
 */
import { afterAll, expect, it } from "vitest";
import { realNow } from "../support/clock-shift.mjs";
import { launchChromium } from "./site-support";

const OFFSET_MS = 400 * 86_400_000;
const before = process.env.TEST_CLOCK_OFFSET_MS;
process.env.TEST_CLOCK_OFFSET_MS = String(OFFSET_MS);
const browser = await launchChromium();
if (before === undefined) delete process.env.TEST_CLOCK_OFFSET_MS;
else process.env.TEST_CLOCK_OFFSET_MS = before;

afterAll(async () => {
  await browser.close();
});

it("gives every page of a shifted run the run's clock, ticking, in new Date() and Date.now()", async () => {
  const page = await browser.newPage();
  await page.setContent("<p>clock</p>");
  const start = realNow();
  // Both ways a page reads the time: the shift replaces the constructor as well as Date.now.
  // biome-ignore lint/complexity/useDateNow: the constructor's reading is what is checked here
  const read = await page.evaluate(() => ({ now: Date.now(), date: new Date().valueOf() }));
  const end = realNow();
  for (const value of [read.now, read.date]) {
    expect(value).toBeGreaterThanOrEqual(start + OFFSET_MS - 1_000);
    expect(value).toBeLessThanOrEqual(end + OFFSET_MS + 1_000);
  }
  const later = await page.evaluate(
    () => new Promise<number>((done) => setTimeout(() => done(Date.now()), 20)),
  );
  expect(later).toBeGreaterThan(read.now);
  await page.close();
});
