/**
 * Time budget for validation: every request schema of events/ (each `…Request`, so a new route's
 * schema is included without anyone listing it) validates every generated hostile value in every
 * field within VALIDATION_BUDGET_MS, in-process. Generators: backtrackingText (long repetitive
 * runs, near-miss e-mails, mixed separators) and the fuzz suite's other hostile values.
 *
 * Why in-process and not a per-request bound over HTTP: an answer time also holds the machine's
 * load (six engineers share two cores here), so a tight bound there could flake. Validation alone
 * measures a few ms per case at most (least of three runs, so a GC pause does not count); the
 * old e-mail field took seconds on the same shapes. The bound sits well above the first and far
 * below the second, so load cannot flake it and a quadratic pattern cannot pass it. (Checked:
 * with the old e-mail pattern and no `abort`, SignupRequest and AccountEmailRequest fail here.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import * as events from "../../events";
import { fuzzSettings } from "../support/fuzz";
import { anyFieldValue, backtrackingText } from "../support/fuzz-arbitraries";

const VALIDATION_BUDGET_MS = 100;
const settings = fuzzSettings();

const requestSchemas = (Object.entries(events) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodObject] =>
    entry[0].endsWith("Request") && typeof (entry[1] as { shape?: unknown }).shape === "object",
);

/**
 * The least of three timings of the same validation: a garbage-collection pause or a busy core
 * lengthens one run, while a pattern that backtracks is slow every time.
 */
function validationMs(schema: z.ZodObject, body: unknown): number {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    schema.safeParse(body);
    least = Math.min(least, performance.now() - started);
  }
  return least;
}

describe(`validation time budget (FUZZ_SEED=${settings.seed})`, () => {
  it("finds the request schemas", () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(["SignupRequest", "ContactRequest", "LoginRequest"]),
    );
  });

  it.each(requestSchemas)("%s validates any hostile field within the budget", (_, schema) => {
    const fields = Object.keys(schema.shape);
    let slowest = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: backtrackingText }, anyFieldValue), (value) => {
        const body = Object.fromEntries(fields.map((field) => [field, value]));
        const ms = validationMs(schema, body);
        slowest = Math.max(slowest, ms);
        expect(ms).toBeLessThan(VALIDATION_BUDGET_MS);
      }),
      {
        seed: settings.seed,
        numRuns: Math.min(settings.runs, 200),
        ...(settings.path ? { path: settings.path } : {}),
      },
    );
    expect(slowest).toBeLessThan(VALIDATION_BUDGET_MS);
  });
});
