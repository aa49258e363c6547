/**
 * Over real HTTP against the local runtime: the 64 KB e-mail that used to hold the server for
 * ~10 s (the quadratic EMAIL_PATTERN, run after max() had failed) is answered like any bad input,
 * and the server keeps answering others meanwhile. Timing appears only as a bound far from both
 * figures: measured ~50 ms warm (events/fields-linear.test.ts checks the cause without timing);
 * 18–37 s on this 2-core machine before the fix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { call } from "./auth-support";

let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime();
});
afterAll(async () => {
  await runtime?.stop();
});

const hostile = { email: `x@${".".repeat(65_500)}@` };
const BOUND_MS = 3_000;

describe("hostile e-mail values", () => {
  it.each(["/api/signup", "/api/contact"])(
    "%s answers 400 by length, without stalling others",
    async (path) => {
      // Warm the route (the first call loads its module) so that the bound measures validation.
      expect((await call(runtime, "POST", path, { body: {} })).status).toBe(400);
      const [hostileAnswers, other] = await Promise.all([
        Promise.all([1, 2].map(() => call(runtime, "POST", path, { body: hostile }))),
        call(runtime, "GET", "/api/auth/user"),
      ]);
      for (const answer of hostileAnswers) {
        expect(answer.status).toBe(400);
        expect(answer.json?.fieldErrors).toMatchObject({ email: "Email must be 254 characters or fewer" });
        expect(answer.ms).toBeLessThan(BOUND_MS);
      }
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(BOUND_MS);
    },
  );
});
