import { describe, expect, it } from "vitest";
import type { Channel, SourceTouch } from "../../events/lead-source";
import { channelOf, isSearchEngine, isSocialSite, leadSourceOf, sourceAndMedium } from "./lead-channel";

/** One row per rule of docs/decisions/0142-lead-channel-rules.md, in its order. */
const RULES: readonly [string, SourceTouch | undefined, Channel][] = [
  ["no touch at all", undefined, "direct"],
  ["only a landing page", { landingPath: "/pricing" }, "direct"],
  ["a campaign name alone (no source or medium)", { utmCampaign: "fall", landingPath: "/" }, "direct"],
  ["a Google Ads click id", { gclid: "Cj0KCQiA-abc_123" }, "paid-search"],
  ["a Microsoft Ads click id", { msclkid: "6f1e2d3c4b5a69788796a5b4c3d2e1f0" }, "paid-search"],
  [
    "a click id beats other UTM",
    { gclid: "abc", utmSource: "newsletter", utmMedium: "email" },
    "paid-search",
  ],
  ["google / cpc", { utmSource: "google", utmMedium: "cpc" }, "paid-search"],
  ["bing / ppc", { utmSource: "bing", utmMedium: "ppc" }, "paid-search"],
  ["Google / PaidSearch, any case", { utmSource: "Google", utmMedium: "PaidSearch" }, "paid-search"],
  [
    "cross-network campaign",
    { utmSource: "google", utmMedium: "cpc", utmCampaign: "Cross-Network Q4" },
    "paid-other",
  ],
  ["linkedin / paid_social", { utmSource: "linkedin", utmMedium: "paid_social" }, "paid-social"],
  ["facebook / cpc", { utmSource: "facebook", utmMedium: "cpc" }, "paid-social"],
  ["fbclid with a paid medium", { fbclid: "IwAR0abc", utmSource: "fb", utmMedium: "paid" }, "paid-social"],
  ["display medium", { utmSource: "adroll", utmMedium: "display" }, "display"],
  [
    "cpm medium from a search engine counts as paid search first",
    { utmSource: "google", utmMedium: "cpm" },
    "paid-search",
  ],
  ["banner medium", { utmSource: "partner-site", utmMedium: "banner" }, "display"],
  ["another paid medium", { utmSource: "capterra", utmMedium: "cpc" }, "paid-other"],
  ["retargeting", { utmSource: "criteo", utmMedium: "retargeting" }, "paid-other"],
  ["a social referrer", { referrerOrigin: "https://www.linkedin.com" }, "organic-social"],
  ["t.co", { referrerOrigin: "https://t.co" }, "organic-social"],
  ["l.facebook.com", { referrerOrigin: "https://l.facebook.com" }, "organic-social"],
  ["fbclid alone", { fbclid: "IwAR0abc" }, "organic-social"],
  ["social medium", { utmSource: "company-page", utmMedium: "social" }, "organic-social"],
  ["a search engine's referrer", { referrerOrigin: "https://www.google.com" }, "organic-search"],
  ["a national search engine's referrer", { referrerOrigin: "https://www.google.co.uk" }, "organic-search"],
  ["search.yahoo.com", { referrerOrigin: "https://search.yahoo.com" }, "organic-search"],
  ["duckduckgo", { referrerOrigin: "https://duckduckgo.com" }, "organic-search"],
  ["organic medium", { utmSource: "wiki", utmMedium: "organic" }, "organic-search"],
  ["a search engine named by utm_source", { utmSource: "bing" }, "organic-search"],
  ["another site's referrer", { referrerOrigin: "https://blog.example.org" }, "referral"],
  ["mail.google.com is not a search", { referrerOrigin: "https://mail.google.com" }, "referral"],
  ["referral medium", { utmSource: "partner", utmMedium: "referral" }, "referral"],
  [
    "UTM beats the referrer",
    { referrerOrigin: "https://www.google.com", utmSource: "newsletter", utmMedium: "email" },
    "email",
  ],
  ["newsletter / email", { utmSource: "newsletter", utmMedium: "email", utmCampaign: "fall" }, "email"],
  ["E-Mail medium", { utmSource: "hubspot", utmMedium: "E-Mail" }, "email"],
  ["email as the source", { utmSource: "email" }, "email"],
  ["affiliate medium", { utmSource: "partnerstack", utmMedium: "affiliate" }, "affiliates"],
  ["a source no rule knows", { utmSource: "newsletter" }, "unassigned"],
  ["a medium no rule knows", { utmSource: "podcast", utmMedium: "audio" }, "unassigned"],
];

describe("channelOf", () => {
  it.each(RULES)("%s", (_name, touch, channel) => {
    expect(channelOf(touch)).toBe(channel);
  });

  it("stores the touch with its channel", () => {
    expect(leadSourceOf({ utmSource: "newsletter", utmMedium: "email" })).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      channel: "email",
    });
    expect(leadSourceOf(undefined)).toEqual({ channel: "direct" });
  });

  it("reads a referrer's host with its port and case", () => {
    expect(sourceAndMedium({ referrerOrigin: "https://WWW.Bing.com:443" })).toEqual({
      source: "www.bing.com",
      medium: "organic",
    });
  });

  it("names sites by their first label after plain subdomains", () => {
    expect([
      isSearchEngine("www.google.de"),
      isSearchEngine("docs.google.com"),
      isSearchEngine("google"),
    ]).toEqual([true, false, true]);
    expect([isSocialSite("x.com"), isSocialSite("lnkd.in"), isSocialSite("example.com")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("takes linear time on a hostile source", () => {
    const started = performance.now();
    channelOf({ utmSource: `${"www.".repeat(50_000)}x`, utmMedium: "a".repeat(100_000) });
    channelOf({ referrerOrigin: `https://${"m.".repeat(50_000)}` });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
