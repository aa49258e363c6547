import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { offsetFromEnvironment, realNow, shiftDate } from "./clock-shift.mjs";
import { pinClock } from "./pinned-clock";

const HOUR = 3_600_000;

/**
 * `read()` taken between two readings of the real clock, each moved by `offsetMs`: bracketed, so
 * that no slack is assumed for how long the machine takes between them.
 */
function expectShiftedBy(offsetMs: number, read: () => number): void {
  const before = realNow();
  const value = read();
  const after = realNow();
  expect(value).toBeGreaterThanOrEqual(before + offsetMs);
  expect(value).toBeLessThanOrEqual(after + offsetMs);
}

/** A scope of its own, so that these tests hold in a run whose own clock is shifted too. */
function shiftedScope(offsetMs: number): { Date: DateConstructor } {
  const scope = { Date };
  shiftDate(scope, offsetMs);
  return scope;
}

describe("shiftDate", () => {
  it("moves now, new Date() and Date() by the offset, and the clock keeps ticking", async () => {
    const { Date: Shifted } = shiftedScope(-5 * HOUR);
    expectShiftedBy(-5 * HOUR, () => Shifted.now());
    expectShiftedBy(-5 * HOUR, () => new Shifted().getTime());
    expect(Date.parse((Shifted as unknown as () => string)())).toBeLessThan(realNow() - 4 * HOUR);
    const first = Shifted.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Shifted.now()).toBeGreaterThan(first);
  });

  it("leaves dates built from a value, parsing, UTC and instanceof alone", () => {
    const { Date: Shifted } = shiftedScope(1_000 * HOUR);
    expect(new Shifted(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(new Shifted(2028, 1, 29).getDate()).toBe(29);
    expect(Shifted.parse("2028-02-29T18:00:00Z")).toBe(Date.parse("2028-02-29T18:00:00Z"));
    expect(Shifted.UTC(2027, 0, 1)).toBe(Date.UTC(2027, 0, 1));
    expect(new Shifted()).toBeInstanceOf(Date);
    class Later extends Shifted {}
    expect(new Later().getTime()).toBeGreaterThan(realNow() + 999 * HOUR);
  });

  it("shifts from the real clock again when called twice, never by the sum", () => {
    const scope = shiftedScope(HOUR);
    shiftDate(scope, 100 * HOUR);
    expectShiftedBy(100 * HOUR, () => scope.Date.now());
  });
});

describe("the settings", () => {
  it("take an offset, or an instant turned into one, and refuse nonsense", () => {
    expect(offsetFromEnvironment({})).toBe(0);
    expect(offsetFromEnvironment({ TEST_CLOCK_OFFSET_MS: "-3600000" })).toBe(-HOUR);
    const at = Date.parse("2028-02-29T18:00:00Z");
    expectShiftedBy(0, () => at - offsetFromEnvironment({ TEST_CLOCK_AT: "2028-02-29T18:00:00Z" }));
    expect(() => offsetFromEnvironment({ TEST_CLOCK_OFFSET_MS: "1.5" })).toThrow(/whole number/);
    expect(() => offsetFromEnvironment({ TEST_CLOCK_AT: "next tuesday" })).toThrow(/not an instant/);
  });

  it("reach a child process, which reads the pinned time, not the run's", () => {
    const pinned = pinClock("2027-11-28T18:00:00Z");
    const before = pinned.now();
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        new URL("./clock-shift.mjs", import.meta.url).href,
        "-e",
        "console.log(JSON.stringify({ now: Date.now(), date: new Date().toISOString() }))",
      ],
      { env: { ...process.env, ...pinned.env }, encoding: "utf8" },
    );
    expect(child.stderr).toBe("");
    const { now, date } = JSON.parse(child.stdout) as { now: number; date: string };
    // Between the pinned clock's readings before and after the child ran, however long it took.
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(pinned.now());
    expect(date.startsWith("2027-11-28T18:0")).toBe(true);
  });
});
