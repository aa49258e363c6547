import { describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_LIMIT,
  LOGIN_WINDOW_SECONDS,
  lockedForSeconds,
  recentFailures,
  withFailure,
} from "./throttle";

const minute = 60_000;
const t0 = Date.parse("2025-03-01T10:00:00Z");

function failAt(times: number[]): number[] {
  return times.reduce<number[]>((list, at) => withFailure(list, ACCOUNT_FAILURE_LIMIT, at), []);
}

describe("login throttle policy", () => {
  it("allows four failures and locks at the fifth within 15 minutes", () => {
    const four = failAt([0, 1, 2, 3].map((i) => t0 + i * minute));
    expect(lockedForSeconds(four, ACCOUNT_FAILURE_LIMIT, t0 + 4 * minute)).toBe(0);
    const five = withFailure(four, ACCOUNT_FAILURE_LIMIT, t0 + 4 * minute);
    // Locked until the first failure is 15 minutes old: 11 minutes from now.
    expect(lockedForSeconds(five, ACCOUNT_FAILURE_LIMIT, t0 + 4 * minute)).toBe(
      LOGIN_WINDOW_SECONDS - 4 * 60,
    );
  });

  it("unlocks by itself when the oldest failure leaves the window", () => {
    const five = failAt([0, 1, 2, 3, 4].map((i) => t0 + i * minute));
    expect(lockedForSeconds(five, ACCOUNT_FAILURE_LIMIT, t0 + 15 * minute - 1000)).toBe(1);
    expect(lockedForSeconds(five, ACCOUNT_FAILURE_LIMIT, t0 + 15 * minute)).toBe(0);
    // One slot is free again; a further failure locks again until the next-oldest leaves.
    const six = withFailure(five, ACCOUNT_FAILURE_LIMIT, t0 + 15 * minute);
    expect(lockedForSeconds(six, ACCOUNT_FAILURE_LIMIT, t0 + 15 * minute)).toBe(60);
  });

  it("does not count failures spread over more than 15 minutes", () => {
    const spread = failAt([0, 4, 8, 12, 16].map((i) => t0 + i * minute));
    expect(lockedForSeconds(spread, ACCOUNT_FAILURE_LIMIT, t0 + 16 * minute)).toBe(0);
  });

  it("keeps at most `limit` entries and ignores future timestamps", () => {
    const many = failAt(Array.from({ length: 50 }, (_, i) => t0 + i * 1000));
    expect(many).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(recentFailures([t0 + minute], t0)).toEqual([]);
  });
});
