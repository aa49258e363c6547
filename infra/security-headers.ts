/**
 * Security headers of every response, defined once: the CDK stack turns them into CloudFront's
 * response headers policy, and the local runtime sets the same values on its answers.
 * Plain data on purpose (no CDK import).
 */
/**
 * The two parts of the site, each with its policy: the public pages (the tag manager's hosts when a
 * container is configured, the demo video), and the Command Center, for staff, which loads neither
 * and so allows neither: Google's script hosts serve JSONP and script gadgets that are known CSP
 * bypasses, and none of them may run where staff are signed in.
 */
export type SiteArea = "public" | "commandCenter";

/** The Command Center's pages as a CloudFront path pattern (the site construct's behaviour). */
export const COMMAND_CENTER_PATH_PATTERN = "/commandcenter*";

/**
 * The area a request path is in, as CloudFront chooses the behaviour (COMMAND_CENTER_PATH_PATTERN,
 * case-sensitive, on the path the viewer asked for): the local runtime's static server asks this.
 */
export function siteAreaOf(requestPath: string): SiteArea {
  return requestPath.startsWith("/commandcenter") ? "commandCenter" : "public";
}

export interface SecurityHeaderOptions {
  /** Which part of the site the policy is for (default: the public pages). */
  readonly area?: SiteArea;
  /**
   * Google Tag Manager container id; its hosts are allowed only when one is configured, and only on
   * the public pages.
   */
  readonly tagManagerId?: string;
  /**
   * false on every stage but production: each answer then carries `X-Robots-Tag: noindex`, so a
   * dev or test site never shows up in search results. A header and not a robots.txt Disallow: a
   * crawler that may not fetch a page never sees its noindex and can still list the bare URL.
   */
  readonly indexable?: boolean;
  /**
   * The WAF JavaScript integration script the forms load (stage `wafToken.sdkUrl`,
   * docs/decisions/0135-waf-token-in-the-page.md): its origin is added to script-src and
   * connect-src of the public pages only. A path (the local stand-in, same origin) adds nothing.
   */
  readonly wafSdkUrl?: string;
  /**
   * CSP hash sources ("sha256-…", unquoted) of the site's inline <style> elements, added to
   * style-src (infra/site/csp-hashes.ts, docs/decisions/0089-inline-css-csp-hash.md). Never
   * 'unsafe-inline': only the exact stylesheet the build inlined may apply.
   */
  readonly styleHashes?: readonly string[];
  /**
   * The same for the inline scripts, added to script-src: the consent probe of the prerendered
   * pages (docs/decisions/0109-consent-banner-in-the-html.md). Never 'unsafe-inline'.
   */
  readonly scriptHashes?: readonly string[];
}

/**
 * What the tags a container may hold need, as Google's guide to Tag Manager under a CSP lists them:
 * the container itself, Google Analytics 4 (analytics consent) and Google Ads conversions and
 * remarketing (marketing consent). The policy allows them only when a container is configured;
 * whether a tag runs at all is the visitor's consent (web/src/analytics/, decision 0094).
 */
const TAG_HOSTS = {
  script: [
    "https://*.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  img: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://googleads.g.doubleclick.net",
    "https://www.googleadservices.com",
    "https://www.google.com",
  ],
  connect: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://googleads.g.doubleclick.net",
    "https://www.googleadservices.com",
    "https://pagead2.googlesyndication.com",
    "https://www.google.com",
  ],
  frame: ["https://bid.g.doubleclick.net", "https://td.doubleclick.net", "https://www.googletagmanager.com"],
} as const;
/** The demo video embed on the home page. */
const VIDEO_FRAME_HOSTS = ["https://www.youtube-nocookie.com"];

const HASH_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;

/** Each hash quoted for the policy; anything but a sha256 hash source is refused, not passed on. */
function hashSources(hashes: readonly string[]): string[] {
  for (const hash of hashes) {
    if (!HASH_SOURCE.test(hash)) throw new Error(`Not a sha256 CSP hash source: ${JSON.stringify(hash)}`);
  }
  return [...new Set(hashes)].sort().map((hash) => `'${hash}'`);
}

/** The https origin of the WAF integration script, or none for a same-origin path. */
export function wafSdkOrigin(sdkUrl: string | undefined): string | undefined {
  if (!sdkUrl || sdkUrl.startsWith("/")) return undefined;
  const url = new URL(sdkUrl);
  if (url.protocol !== "https:") throw new Error(`The WAF integration script must be https: ${sdkUrl}`);
  return url.origin;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const publicPages = (options.area ?? "public") === "public";
  const tags = (hosts: readonly string[]) => (options.tagManagerId && publicPages ? hosts : []);
  const sdkOrigin = publicPages ? wafSdkOrigin(options.wafSdkUrl) : undefined;
  const waf = sdkOrigin ? [sdkOrigin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...hashSources(options.scriptHashes ?? []), ...waf, ...tags(TAG_HOSTS.script)],
    "style-src": ["'self'", ...hashSources(options.styleHashes ?? [])],
    "img-src": ["'self'", "data:", ...tags(TAG_HOSTS.img)],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...waf, ...tags(TAG_HOSTS.connect)],
    "frame-src": publicPages ? [...VIDEO_FRAME_HOSTS, ...tags(TAG_HOSTS.frame)] : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000; // two years

/** Header name -> value, as sent on every response of the site and the API. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.indexable === false ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  };
}
