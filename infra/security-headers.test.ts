import { describe, expect, it } from "vitest";
import { COMMAND_CENTER_PATH_PATTERN, contentSecurityPolicy, siteAreaOf } from "./security-headers";

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

  it("gives the Command Center a policy of its own: no Google host, no frame, even with a container", () => {
    const policy = contentSecurityPolicy({ area: "commandCenter", tagManagerId: "GTM-ABC1234" });
    expect(policy).not.toMatch(/google|doubleclick|youtube/);
    const parsed = directives(policy);
    expect(parsed.get("script-src")).toEqual(["'self'"]);
    expect(parsed.get("connect-src")).toEqual(["'self'"]);
    expect(parsed.get("frame-src")).toEqual(["'none'"]);
    expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
    // The public pages keep theirs.
    expect(contentSecurityPolicy({ area: "public", tagManagerId: "GTM-ABC1234" })).toBe(
      contentSecurityPolicy({ tagManagerId: "GTM-ABC1234" }),
    );
  });

  it("places a path in the area CloudFront's behaviour pattern would", () => {
    expect(COMMAND_CENTER_PATH_PATTERN).toBe("/commandcenter*");
    for (const path of ["/commandcenter", "/commandcenter/", "/commandcenter/login", "/commandcenter/x/y"])
      expect(siteAreaOf(path), path).toBe("commandCenter");
    for (const path of ["/", "/signup", "/contact", "/CommandCenter/login", "/api/auth/user"])
      expect(siteAreaOf(path), path).toBe("public");
  });

  it("lists the WAF integration script's host for the public pages' scripts and requests only", () => {
    const sdkUrl = "https://abc123.edge.sdk.awswaf.com/abc123/def456/challenge.js";
    const publicPolicy = directives(contentSecurityPolicy({ wafSdkUrl: sdkUrl }));
    for (const name of ["script-src", "connect-src"])
      expect(publicPolicy.get(name)).toContain("https://abc123.edge.sdk.awswaf.com");
    expect(publicPolicy.get("script-src")).not.toContain("'unsafe-inline'");
    const staff = contentSecurityPolicy({ area: "commandCenter", wafSdkUrl: sdkUrl });
    expect(staff).not.toContain("awswaf");
    // The local stand-in is same-origin: 'self' covers it.
    expect(contentSecurityPolicy({ wafSdkUrl: "/__waf/challenge.js" })).toBe(contentSecurityPolicy());
    expect(() => contentSecurityPolicy({ wafSdkUrl: "http://abc.sdk.awswaf.com/x/challenge.js" })).toThrow(
      /https/,
    );
  });
});
