/**
 * The public routes, each with the page module under web/src/pages that renders it — the one
 * list of public pages (web/src/app/routes.ts loads these modules; infra/site/build.ts finds their
 * chunks by the same names). Prerendering writes one HTML file per path
 * (`/` -> index.html, `/pricing` -> pricing/index.html); the CloudFront function and the local
 * runtime map clean URLs onto those files; the sitemap lists them.
 */
export const PUBLIC_PAGES = {
  "/": "Home",
  "/pricing": "Pricing",
  "/solutions/manufacturers-reps": "solutions/ManufacturersReps",
  "/solutions/independent-reps": "solutions/IndependentReps",
  "/solutions/agency-owners": "solutions/AgencyOwners",
  "/platform/order-management": "platform/OrderManagement",
  "/platform/commission-handling": "platform/CommissionHandling",
  "/platform/reports-insights": "platform/ReportsInsights",
  "/platform/dealer-management": "platform/DealerManagement",
  "/platform/vendor-management": "platform/VendorManagement",
  "/platform/product-management": "platform/ProductManagement",
  "/platform/email-notifications": "platform/EmailNotifications",
  "/platform/invoice-management": "platform/InvoiceManagement",
  "/about": "About",
  "/contact": "Contact",
  "/privacy": "Privacy",
  "/terms": "Terms",
  "/signup": "Signup",
} as const;
export type PublicPath = keyof typeof PUBLIC_PAGES;
export const PUBLIC_PATHS = Object.keys(PUBLIC_PAGES) as readonly PublicPath[];

/** The page module that renders a path (or the 404 page, for null), relative to web/. */
export function pageSource(path: PublicPath | null): string {
  return `src/pages/${path === null ? "NotFound" : PUBLIC_PAGES[path]}.tsx`;
}

/** Staff area: served the SPA shell (commandcenter/index.html), never prerendered, noindex. */
export const COMMAND_CENTER_PREFIX = "/commandcenter";

export function isCommandCenterPath(path: string): boolean {
  return path === COMMAND_CENTER_PREFIX || path.startsWith(`${COMMAND_CENTER_PREFIX}/`);
}

/** The built file that answers a public path. */
export function htmlFileFor(path: PublicPath): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** Answered with status 404 for any path that is neither public, staff nor an asset. */
export const NOT_FOUND_FILE = "404.html";
export const COMMAND_CENTER_SHELL_FILE = "commandcenter/index.html";
