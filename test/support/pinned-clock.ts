/**
 * A test's own clock: it reads `at` when pinned and ticks from there, in the test and in any
 * runtime started with its `env` (test/support/runtime.ts loads clock-shift.mjs into the runtime's
 * process). A test whose result depends on where the due days, weekends and holidays fall pins one,
 * so that it sees the same calendar on whatever day it runs.
 *
 *   const pinned = pinClock("2026-11-18T15:00:00Z");
 *   const runtime = await startRuntime({ env: pinned.env });
 *   await recountFigures({ ..., clock: pinned.clock });
 */
import type { Clock } from "../../functions/lib/clock";
import { realNow } from "./clock-shift.mjs";

export interface PinnedClock {
  /** Milliseconds since the epoch, on the pinned clock. */
  readonly now: () => number;
  /** The same, as the Clock that domain code takes. */
  readonly clock: Clock;
  /** The environment that puts a runtime's process on this clock. */
  readonly env: { readonly TEST_CLOCK_OFFSET_MS: string };
}

export function pinClock(at: string): PinnedClock {
  const instant = Date.parse(at);
  if (Number.isNaN(instant)) throw new Error(`pinClock: not an instant: ${at}`);
  // From the real clock, so that a pinned test reads `at` in a run whose clock is itself shifted.
  const offset = instant - realNow();
  const now = () => realNow() + offset;
  return { now, clock: () => new Date(now()), env: { TEST_CLOCK_OFFSET_MS: String(offset) } };
}
