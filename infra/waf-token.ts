/**
 * The WAF token on the public forms, as plain data both edges share
 * (docs/decisions/0134-waf-token-at-the-edge.md): the CloudFront web ACL's rules
 * (infra/constructs/waf-token.ts) and the local front door's stand-in (infra/local/waf-standin.ts)
 * judge the same routes, read the token from the same header and insert the same state header.
 * No CDK import: the local runtime loads this. The header names are events/waf-token.ts's.
 */

/** The routes whose posts carry the page's token: the two public forms. */
export const TOKEN_ROUTES = ["POST /api/signup", "POST /api/contact"] as const;

/** How long a solved challenge stays good in a token (WAF's default; the page asks just before submit). */
export const TOKEN_IMMUNITY_SECONDS = 300;

/** The methods and paths of TOKEN_ROUTES. */
export function tokenRouteParts(): { methods: string[]; paths: string[] } {
  const parts = TOKEN_ROUTES.map((route) => route.split(" ") as [string, string]);
  return {
    methods: [...new Set(parts.map(([method]) => method))],
    paths: [...new Set(parts.map(([, path]) => path))],
  };
}

/** The regular expression of a set of route paths, each with or without a trailing slash. */
export function routePathPattern(paths: readonly string[]): string {
  const escaped = paths.map((path) => path.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return `^(?:${escaped.join("|")})/?$`;
}

/**
 * What WAF's path transformations make of a raw path (URL_DECODE, NORMALIZE_PATH, LOWERCASE in
 * infra/constructs/waf.ts): decoded, dot segments and repeated slashes resolved, lowercased.
 */
export function wafNormalisedPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // WAF's URL_DECODE leaves a malformed escape as it is.
  }
  const segments: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const trailing = decoded.endsWith("/") && segments.length > 0 ? "/" : "";
  return `/${segments.join("/")}${trailing}`.toLowerCase();
}

/** Whether a request is a form post the token rules judge, matched as the web ACL matches it. */
export function isTokenRoute(method: string, rawPath: string): boolean {
  const { methods, paths } = tokenRouteParts();
  if (!methods.includes(method.toUpperCase())) return false;
  return new RegExp(routePathPattern(paths)).test(wafNormalisedPath(rawPath));
}
