import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./api";
import { FILL_MS_MAX, fillMsField, withThousands } from "./fields";
import { SignupRequest } from "./signup";

describe("withThousands", () => {
  it.each([
    [0, "0"],
    [100, "100"],
    [5000, "5,000"],
    [1234567, "1,234,567"],
  ])("%d -> %s", (value, text) => expect(withThousands(value)).toBe(text));
});

function errorsOf(result: ReturnType<typeof SignupRequest.safeParse>): Record<string, string> {
  if (result.success) throw new Error("expected the body to be rejected");
  return fieldErrorsOf(result.error);
}

describe("SignupRequest", () => {
  const valid = {
    firstName: " Ann ",
    lastName: "Lee",
    email: " ann@example.com ",
    teamSize: "solo",
    productLines: "multiple",
  };

  it("trims and accepts a valid body, treating empty notes as absent", () => {
    const parsed = SignupRequest.parse({ ...valid, notes: "   " });
    expect(parsed).toMatchObject({ firstName: "Ann", email: "ann@example.com" });
    expect(parsed.notes).toBeUndefined();
  });

  it("gives the six messages of docs/product/site.md, one per field", () => {
    const result = SignupRequest.safeParse({ firstName: " ", lastName: "", email: "", notes: "x" });
    expect(result.success).toBe(false);
    expect(errorsOf(result)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      teamSize: "Please select your team size",
      productLines: "Please select your product line focus",
    });
    const badEmail = SignupRequest.safeParse({ ...valid, email: "not an email" });
    expect(errorsOf(badEmail)).toEqual({ email: "Please enter a valid email address" });
  });

  it("bounds free text with a clear message", () => {
    const result = SignupRequest.safeParse({ ...valid, notes: "n".repeat(5001) });
    expect(errorsOf(result)).toEqual({ notes: "Notes must be 5,000 characters or fewer" });
  });
});

describe("fillMs on the form requests", () => {
  const signup = {
    firstName: "Avery",
    lastName: "Quinn",
    email: "avery@example.com",
    teamSize: "solo",
    productLines: "single",
  };
  it("is optional and kept when a whole number of milliseconds up to a day", () => {
    expect(SignupRequest.parse(signup).fillMs).toBeUndefined();
    expect(SignupRequest.parse({ ...signup, fillMs: 0 }).fillMs).toBe(0);
    expect(SignupRequest.parse({ ...signup, fillMs: FILL_MS_MAX }).fillMs).toBe(FILL_MS_MAX);
    expect(fillMsField.safeParse(12_345).success).toBe(true);
  });

  it.each([-1, 1.5, FILL_MS_MAX + 1, "900", Number.NaN, Number.POSITIVE_INFINITY])(
    "refuses %s with a clear message",
    (fillMs) => {
      const parsed = SignupRequest.safeParse({ ...signup, fillMs });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^fillMs must be /);
    },
  );
});
