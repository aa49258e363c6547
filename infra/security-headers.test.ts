import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...values] = directive.split(" ");
      return [name, values];
    }),
  );
}

describe("the content security policy", () => {
  it("names no Google host when no tag manager container is configured", () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toMatch(/google|doubleclick/);
    expect(directives(policy).get("script-src")).toEqual(["'self'"]);
  });

  it("allows what Analytics and Ads tags need, only with a container", () => {
    const policy = directives(contentSecurityPolicy({ tagManagerId: "GTM-ABC1234" }));
    expect(policy.get("script-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://*.googletagmanager.com",
        "https://www.googleadservices.com",
      ]),
    );
    expect(policy.get("connect-src")).toEqual(
      expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com"]),
    );
    expect(policy.get("img-src")).toContain("https://googleads.g.doubleclick.net");
    expect(policy.get("frame-src")).toEqual(
      expect.arrayContaining(["https://www.youtube-nocookie.com", "https://td.doubleclick.net"]),
    );
  });

  it("never allows inline or evaluated script, or a whole scheme", () => {
    for (const options of [{}, { tagManagerId: "GTM-ABC1234" }]) {
      for (const [name, values] of directives(contentSecurityPolicy(options))) {
        expect(values, name).not.toContain("'unsafe-inline'");
        expect(values, name).not.toContain("'unsafe-eval'");
        expect(values, name).not.toContain("https:");
        expect(values, name).not.toContain("*");
      }
    }
  });
});
