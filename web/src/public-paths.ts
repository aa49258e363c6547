/**
 * The 18 public routes of SPEC.md section 2. Prerendering writes one HTML file per path
 * (`/` -> index.html, `/pricing` -> pricing/index.html); the CloudFront function and the local
 * runtime map clean URLs onto those files; the sitemap lists them.
 */
export const PUBLIC_PATHS = [
  "/",
  "/pricing",
  "/solutions/manufacturers-reps",
  "/solutions/independent-reps",
  "/solutions/agency-owners",
  "/platform/order-management",
  "/platform/commission-handling",
  "/platform/reports-insights",
  "/platform/dealer-management",
  "/platform/vendor-management",
  "/platform/product-management",
  "/platform/email-notifications",
  "/platform/invoice-management",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/signup",
] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** Staff area: served the SPA shell (commandcenter/index.html), never prerendered, noindex. */
export const COMMAND_CENTER_PREFIX = "/commandcenter";

/** The built file that answers a public path. */
export function htmlFileFor(path: PublicPath): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** Answered with status 404 for any path that is neither public, staff nor an asset. */
export const NOT_FOUND_FILE = "404.html";
export const COMMAND_CENTER_SHELL_FILE = "commandcenter/index.html";
