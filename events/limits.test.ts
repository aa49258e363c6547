import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECTS, ContactRequest } from "./contact";
import { SOURCE_LIMITS } from "./lead-source";
import { LIMITS } from "./limits";
import { PRODUCT_LINES, SignupRequest, TEAM_SIZES } from "./signup";

/** JSON writes a control character as a 6-byte escape (\u0001): the most bytes one character can take. */
const HEAVIEST = "\u0001";
const heavy = (length: number) => HEAVIEST.repeat(length);
const heavyEmail = () => `${heavy(LIMITS.email - 5)}@b.co`;
const longest = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a));
const SUBMISSION_ID = "0b5e7c1e-9f3a-4c6d-8e2b-1a2b3c4d5e6f";

/**
 * The heaviest source the request keeps: UTM values of lone surrogates (6-byte escapes; control
 * characters are dropped), the other values at their limits in their own characters.
 */
const utm = "\ud800".repeat(SOURCE_LIMITS.utm);
const clickId = "a".repeat(SOURCE_LIMITS.clickId);
const heaviestSource = {
  landingPath: `/${"%".repeat(SOURCE_LIMITS.path - 1)}`,
  referrerOrigin: `https://${"a".repeat(SOURCE_LIMITS.origin - 14)}:65535`,
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
  utmTerm: utm,
  utmContent: utm,
  gclid: clickId,
  msclkid: clickId,
  fbclid: clickId,
  at: "2026-11-29T10:00:00.000+01:00",
};

function bytesOf(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body));
}

describe("LIMITS.bodyBytes", () => {
  it("holds the heaviest signup body the schema accepts", () => {
    const body = {
      firstName: heavy(LIMITS.name),
      lastName: heavy(LIMITS.name),
      email: heavyEmail(),
      teamSize: longest(TEAM_SIZES),
      productLines: longest(PRODUCT_LINES),
      notes: heavy(LIMITS.notes),
      submissionId: SUBMISSION_ID,
      website: "",
      source: heaviestSource,
    };
    expect(SignupRequest.parse(body).source).toEqual(heaviestSource);
    expect(bytesOf(body)).toBeGreaterThan(16 * 1024);
    expect(bytesOf(body)).toBeLessThanOrEqual(LIMITS.bodyBytes);
  });

  it("holds the heaviest contact body the schema accepts", () => {
    const body = {
      firstName: heavy(LIMITS.name),
      lastName: heavy(LIMITS.name),
      email: heavyEmail(),
      phone: heavy(LIMITS.phone),
      company: heavy(LIMITS.company),
      subject: longest(CONTACT_SUBJECTS),
      message: heavy(LIMITS.message),
      newsletter: false,
      submissionId: SUBMISSION_ID,
      website: "",
      source: heaviestSource,
    };
    expect(ContactRequest.parse(body).source).toEqual(heaviestSource);
    expect(bytesOf(body)).toBeLessThanOrEqual(LIMITS.bodyBytes);
  });
});
