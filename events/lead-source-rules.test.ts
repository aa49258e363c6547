import { describe, expect, it } from "vitest";
import { ContactRequest } from "./contact";
import { SOURCE_LIMITS } from "./lead-source";
import { droppedSourceValues, sourceField } from "./lead-source-rules";
import { SignupRequest } from "./signup";

const signup = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  teamSize: "solo",
  productLines: "single",
};
const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", message: "Hi" };

const touch = {
  landingPath: "/pricing",
  referrerOrigin: "https://www.google.com",
  utmSource: "newsletter",
  utmMedium: "email",
  utmCampaign: "fall",
  utmTerm: "order software",
  utmContent: "header link",
  gclid: "Cj0KCQiA-abc_123.x~y",
  msclkid: "6f1e2d3c4b5a69788796a5b4c3d2e1f0",
  fbclid: "IwAR0abc-DEF_1",
  at: "2026-11-20T08:00:00.000Z",
};

describe("sourceField", () => {
  it("keeps every value that passes its rule", () => {
    expect(sourceField.parse(touch)).toEqual(touch);
  });

  it("is optional, and ignores keys it does not know (the channel is the server's)", () => {
    expect(sourceField.parse(undefined)).toBeUndefined();
    expect(sourceField.parse({ landingPath: "/", channel: "paid-search", extra: 1 })).toEqual({
      landingPath: "/",
    });
  });

  it.each([
    ["a path without its slash", { landingPath: "pricing" }],
    ["a protocol-relative path", { landingPath: "//evil.example/x" }],
    ["a path with markup", { landingPath: "/<script>" }],
    ["a path with a query", { landingPath: "/pricing?utm_source=x" }],
    ["a full URL as the referrer", { referrerOrigin: "https://www.google.com/search?q=repdesk" }],
    ["a javascript: referrer", { referrerOrigin: "javascript:alert(1)" }],
    ["an ftp origin", { referrerOrigin: "ftp://files.example" }],
    ["an upper-case origin", { referrerOrigin: "https://WWW.GOOGLE.COM" }],
    ["a click id with markup", { gclid: "<img src=x onerror=alert(1)>" }],
    ["a click id with a space", { fbclid: "abc def" }],
    ["a UTM value with a line break", { utmCampaign: "fall\nBcc: x@example.com" }],
    ["a UTM value of spaces", { utmSource: "   " }],
    ["a number", { utmSource: 42 }],
    ["an object", { utmMedium: { $ne: 1 } }],
    ["a time that is not ISO 8601", { at: "yesterday" }],
  ])("drops %s, and only it", (_name, bad) => {
    expect(sourceField.parse({ ...bad, utmContent: "kept" })).toEqual({ utmContent: "kept" });
  });

  it("drops, never truncates, a value over its limit; a value at its limit is kept", () => {
    const at = (n: number) => "a".repeat(n);
    expect(sourceField.parse({ utmCampaign: at(SOURCE_LIMITS.utm) })).toEqual({
      utmCampaign: at(SOURCE_LIMITS.utm),
    });
    expect(sourceField.parse({ utmCampaign: at(SOURCE_LIMITS.utm + 1) })).toEqual({});
    expect(sourceField.parse({ gclid: at(SOURCE_LIMITS.clickId + 1) })).toEqual({});
    expect(sourceField.parse({ landingPath: `/${at(SOURCE_LIMITS.path)}` })).toEqual({});
  });

  it("keeps markup in a UTM value as the text it is", () => {
    const value = '<script>alert("x")</script>';
    expect(sourceField.parse({ utmCampaign: value })).toEqual({ utmCampaign: value });
  });

  it("drops a source that is not an object whole", () => {
    for (const bad of ["/pricing", 1, null, ["/pricing"], true])
      expect(sourceField.parse(bad)).toBeUndefined();
  });

  it("never makes a signup or a contact message fail", () => {
    const hostile = {
      landingPath: "x".repeat(100_000),
      utmSource: { a: 1 },
      referrerOrigin: "data:text/html,<p>",
    };
    for (const source of [hostile, "nonsense", 7, null]) {
      expect(SignupRequest.safeParse({ ...signup, source }).success).toBe(true);
      expect(ContactRequest.safeParse({ ...contact, source }).success).toBe(true);
    }
  });

  it("takes linear time on hostile values", () => {
    const started = performance.now();
    sourceField.parse({
      landingPath: `/${"%".repeat(SOURCE_LIMITS.path - 2)}\u0000`,
      referrerOrigin: `https://${"a.".repeat((SOURCE_LIMITS.origin - 9) / 2)}-`,
      gclid: `${"a".repeat(SOURCE_LIMITS.clickId - 1)}!`,
    });
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("droppedSourceValues", () => {
  it("names the values the rules dropped", () => {
    const sent = { landingPath: "nope", utmSource: "ok", gclid: "<x>" };
    expect(droppedSourceValues(sent, sourceField.parse(sent))).toEqual(["landingPath", "gclid"]);
    expect(droppedSourceValues("x", undefined)).toEqual(["source"]);
    expect(droppedSourceValues(undefined, undefined)).toEqual([]);
  });
});
