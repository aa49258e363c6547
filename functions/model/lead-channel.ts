/**
 * The channel of a lead from the touch its form sent (events/lead-source.ts): rules modelled on
 * Google Analytics 4's default channel group, in GA4's order, folded into our channels
 * (docs/decisions/0142-lead-channel-rules.md has the table and where we differ). A pure function:
 * the pipeline calls it when it stores a lead, and anything that sorts leads again calls it too.
 *
 * Matching is case-insensitive, as GA4's. UTM parameters, when a touch has `utm_source` or
 * `utm_medium`, are the source and medium; otherwise the referrer's host is the source, with the
 * medium GA4 gives it ("organic" for a search engine, "referral" for any other site). A Google or
 * Microsoft Ads click id is Paid Search whatever else the touch says (auto-tagging wins, as in GA4).
 */
import type { Channel, LeadSource, SourceTouch } from "../../events/lead-source";

/**
 * Search engines, by name: a utm_source, or a referrer's host named by its first label after the
 * usual subdomains (www.google.co.uk, search.yahoo.com, duckduckgo.com). mail.google.com is not
 * a search.
 */
const SEARCH_ENGINES = new Set([
  "google",
  "bing",
  "yahoo",
  "duckduckgo",
  "baidu",
  "yandex",
  "ecosia",
  "ask",
  "aol",
  "naver",
  "seznam",
  "qwant",
  "startpage",
  "sogou",
  "daum",
  "brave",
]);

/** Social sites the same way (GA4's video sites among them: we have no video channel). */
const SOCIAL_SITES = new Set([
  "facebook",
  "fb",
  "instagram",
  "ig",
  "linkedin",
  "lnkd",
  "twitter",
  "x",
  "t",
  "pinterest",
  "reddit",
  "tiktok",
  "youtube",
  "youtu",
  "vimeo",
  "threads",
  "mastodon",
  "bsky",
  "bluesky",
  "quora",
  "snapchat",
  "whatsapp",
  "telegram",
  "xing",
]);

/** Subdomains that name no site: www.google.com is google, l.facebook.com is facebook. */
const PLAIN_SUBDOMAINS = /^(?:(?:www|m|l|lm|search|out|old|mobile)\.)+/;

/** The site a source names: itself without a dot, else its host's first label after PLAIN_SUBDOMAINS. */
function siteName(source: string): string {
  if (!source.includes(".")) return source;
  return source.replace(PLAIN_SUBDOMAINS, "").split(".")[0] ?? "";
}

export const isSearchEngine = (source: string) => SEARCH_ENGINES.has(siteName(source));
export const isSocialSite = (source: string) => SOCIAL_SITES.has(siteName(source));

const PAID_MEDIUM = (medium: string) =>
  medium.includes("cp") || medium === "ppc" || medium === "retargeting" || medium.startsWith("paid");
const DISPLAY_MEDIA = new Set(["display", "banner", "expandable", "interstitial", "cpm"]);
const SOCIAL_MEDIA = new Set([
  "social",
  "social-network",
  "social-media",
  "sm",
  "social network",
  "social media",
]);
const EMAIL_NAMES = new Set(["email", "e-mail", "e_mail", "e mail"]);
const REFERRAL_MEDIA = new Set(["referral", "app", "link"]);
const AFFILIATE_MEDIA = new Set(["affiliate", "affiliates"]);

/** The referrer's host, or "" (an origin is "scheme://host[:port]"). */
function hostOf(origin: string | undefined): string {
  if (!origin) return "";
  const host = origin.slice(origin.indexOf("//") + 2);
  const port = host.lastIndexOf(":");
  return (port > 0 ? host.slice(0, port) : host).toLowerCase();
}

/** GA4's session source and medium for a touch; undefined when it has neither (Direct). */
export function sourceAndMedium(touch: SourceTouch): { source: string; medium: string } | undefined {
  const utmSource = touch.utmSource?.trim().toLowerCase();
  const utmMedium = touch.utmMedium?.trim().toLowerCase();
  if (utmSource || utmMedium) return { source: utmSource || "(not set)", medium: utmMedium || "(not set)" };
  const host = hostOf(touch.referrerOrigin);
  if (host) return { source: host, medium: isSearchEngine(host) ? "organic" : "referral" };
  // Meta adds fbclid to every outbound link, paid or not; without UTM it says only "from Facebook".
  if (touch.fbclid) return { source: "facebook", medium: "(not set)" };
  return undefined;
}

/** The channel of a touch; Direct when it carries nothing (no UTM, click id or referrer). */
export function channelOf(touch: SourceTouch | undefined): Channel {
  if (!touch) return "direct";
  if (touch.gclid || touch.msclkid) return "paid-search";
  const found = sourceAndMedium(touch);
  if (!found) return "direct";
  const { source, medium } = found;
  const campaign = touch.utmCampaign?.toLowerCase() ?? "";
  const search = isSearchEngine(source);
  const social = isSocialSite(source);
  const paid = PAID_MEDIUM(medium);
  if (campaign.includes("cross-network")) return "paid-other";
  if (search && paid) return "paid-search";
  if (social && paid) return "paid-social";
  if (DISPLAY_MEDIA.has(medium)) return "display";
  if (paid) return "paid-other";
  if (social || SOCIAL_MEDIA.has(medium)) return "organic-social";
  if (search || medium === "organic") return "organic-search";
  if (REFERRAL_MEDIA.has(medium)) return "referral";
  if (EMAIL_NAMES.has(source) || EMAIL_NAMES.has(medium)) return "email";
  if (AFFILIATE_MEDIA.has(medium)) return "affiliates";
  return "unassigned";
}

/** The touch as stored on its lead: its values and its channel. */
export function leadSourceOf(touch: SourceTouch | undefined): LeadSource {
  return { ...(touch ?? {}), channel: channelOf(touch) };
}
