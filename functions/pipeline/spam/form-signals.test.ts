import { describe, expect, it } from "vitest";
import { fillTimeSignal, honeypotSignal, tokenSignal } from "./form-signals";
import { WEIGHTS } from "./weights";

const submission = { kind: "signup" as const, fields: {}, email: "a@example.com", token: "valid" as const };

describe("the bot-check token", () => {
  it("weighs nothing when valid or when no edge checked it", () => {
    expect(tokenSignal("valid")).toBeUndefined();
    expect(tokenSignal("unchecked")).toBeUndefined();
  });

  it("counts an absent and a refused token, the refused one more", () => {
    expect(tokenSignal("absent")).toMatchObject({ code: "token", weight: WEIGHTS.token.absent });
    expect(tokenSignal("invalid")).toMatchObject({ code: "token", weight: WEIGHTS.token.invalid });
    expect(WEIGHTS.token.invalid).toBeGreaterThan(WEIGHTS.token.absent);
  });
});

describe("the honeypot", () => {
  it("fires only when the hidden field held something", () => {
    expect(honeypotSignal({ ...submission, honeypotFilled: false })).toBeUndefined();
    expect(honeypotSignal({ ...submission, honeypotFilled: true })).toMatchObject({
      code: "honeypot",
      weight: WEIGHTS.honeypot,
    });
  });
});

describe("the fill time", () => {
  it("is no evidence when unknown or not a number", () => {
    expect(fillTimeSignal(undefined)).toBeUndefined();
    expect(fillTimeSignal(Number.NaN)).toBeUndefined();
    expect(fillTimeSignal(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it("grades impossible, instant and quick fills, and leaves a person's time alone", () => {
    expect(fillTimeSignal(-5)).toMatchObject({
      weight: WEIGHTS.tooFast.impossible,
      detail: "filled in 0.0 s",
    });
    expect(fillTimeSignal(800)).toMatchObject({
      weight: WEIGHTS.tooFast.impossible,
      detail: "filled in 0.8 s",
    });
    expect(fillTimeSignal(1_900)).toMatchObject({ weight: WEIGHTS.tooFast.instant });
    expect(fillTimeSignal(4_200)).toMatchObject({ weight: WEIGHTS.tooFast.quick, detail: "filled in 4.2 s" });
    expect(fillTimeSignal(5_000)).toBeUndefined();
    expect(fillTimeSignal(95_000)).toBeUndefined();
  });
});
