import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { offsetFromEnvironment, realNow, shiftDate } from "./clock-shift.mjs";
import { pinClock } from "./pinned-clock";

const HOUR = 3_600_000;

/** A scope of its own, so that these tests hold in a run whose own clock is shifted too. */
function shiftedScope(offsetMs: number): { Date: DateConstructor } {
  const scope = { Date };
  shiftDate(scope, offsetMs);
  return scope;
}

describe("shiftDate", () => {
  it("moves now, new Date() and Date() by the offset, and the clock keeps ticking", async () => {
    const { Date: Shifted } = shiftedScope(-5 * HOUR);
    const before = realNow();
    expect(Shifted.now() - before).toBeGreaterThanOrEqual(-5 * HOUR);
    expect(Shifted.now() - before).toBeLessThan(-5 * HOUR + 1_000);
    expect(new Shifted().getTime() - realNow()).toBeLessThan(-5 * HOUR + 1_000);
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
    expect(scope.Date.now() - realNow()).toBeGreaterThanOrEqual(100 * HOUR);
    expect(scope.Date.now() - realNow()).toBeLessThan(100 * HOUR + 1_000);
  });
});

describe("the settings", () => {
  it("take an offset, or an instant turned into one, and refuse nonsense", () => {
    expect(offsetFromEnvironment({})).toBe(0);
    expect(offsetFromEnvironment({ TEST_CLOCK_OFFSET_MS: "-3600000" })).toBe(-HOUR);
    const offset = offsetFromEnvironment({ TEST_CLOCK_AT: "2028-02-29T18:00:00Z" });
    expect(Math.abs(realNow() + offset - Date.parse("2028-02-29T18:00:00Z"))).toBeLessThan(1_000);
    expect(() => offsetFromEnvironment({ TEST_CLOCK_OFFSET_MS: "1.5" })).toThrow(/whole number/);
    expect(() => offsetFromEnvironment({ TEST_CLOCK_AT: "next tuesday" })).toThrow(/not an instant/);
  });

  it("reach a child process, which reads the pinned time, not the run's", () => {
    const pinned = pinClock("2027-11-28T18:00:00Z");
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
    expect(Math.abs(now - pinned.now())).toBeLessThan(5_000);
    expect(date.startsWith("2027-11-28T18:0")).toBe(true);
  });
});
