/**
 * When a failed delivery is tried again (docs/decisions/0092-webhook-retries.md): exponential
 * backoff from `firstMs`, doubling up to `capMs`, each delay drawn between half and all of it
 * (jitter, so receivers coming back are not hit by every sender at once); a delivery still failing
 * `giveUpMs` after its first attempt (or its replay) is failed. `leaseMs`: how long a queued or
 * claimed delivery is left alone before the sweeper queues it again.
 */
import { optionalEnv } from "../lib/env";

export interface RetrySchedule {
  readonly firstMs: number;
  readonly capMs: number;
  readonly giveUpMs: number;
  readonly leaseMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 30 s, 1 min, 2 min ... 4 h, 4 h: about 13 attempts in 24 h. */
export const DEFAULT_SCHEDULE: RetrySchedule = {
  firstMs: 30_000,
  capMs: 4 * HOUR,
  giveUpMs: 24 * HOUR,
  leaseMs: 2 * MINUTE,
};

/** The schedule, or WEBHOOK_RETRY_SCHEDULE's (tests shorten it to milliseconds). */
export function retrySchedule(): RetrySchedule {
  const configured = optionalEnv("WEBHOOK_RETRY_SCHEDULE");
  if (!configured) return DEFAULT_SCHEDULE;
  const [firstMs = 0, capMs = 0, giveUpMs = 0, leaseMs = 0] = configured;
  return { firstMs, capMs, giveUpMs, leaseMs };
}

/** The wait after the `failures`-th failed attempt (1 = the first). */
export function retryDelayMs(
  schedule: RetrySchedule,
  failures: number,
  random: () => number = Math.random,
): number {
  const full = Math.min(schedule.firstMs * 2 ** Math.min(Math.max(failures - 1, 0), 30), schedule.capMs);
  return Math.round(full / 2 + (full / 2) * random());
}
