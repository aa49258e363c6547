import { trimTrailingSlashes } from "../../../events/text";
import { PUBLIC_PATHS, type PublicPath } from "../public-paths";
import { type LazyPage, lazyPage } from "./lazyPage";

/**
 * One chunk per public page (route-based code splitting). The import specifiers must be literals for
 * Vite to split them; routes.test.ts checks each against the page table of public-paths.ts.
 */
export const PAGES: Record<PublicPath, LazyPage> = {
  "/": lazyPage(() => import("../pages/Home")),
  "/pricing": lazyPage(() => import("../pages/Pricing")),
  "/solutions/manufacturers-reps": lazyPage(() => import("../pages/solutions/ManufacturersReps")),
  "/solutions/independent-reps": lazyPage(() => import("../pages/solutions/IndependentReps")),
  "/solutions/agency-owners": lazyPage(() => import("../pages/solutions/AgencyOwners")),
  "/platform/order-management": lazyPage(() => import("../pages/platform/OrderManagement")),
  "/platform/commission-handling": lazyPage(() => import("../pages/platform/CommissionHandling")),
  "/platform/reports-insights": lazyPage(() => import("../pages/platform/ReportsInsights")),
  "/platform/dealer-management": lazyPage(() => import("../pages/platform/DealerManagement")),
  "/platform/vendor-management": lazyPage(() => import("../pages/platform/VendorManagement")),
  "/platform/product-management": lazyPage(() => import("../pages/platform/ProductManagement")),
  "/platform/email-notifications": lazyPage(() => import("../pages/platform/EmailNotifications")),
  "/platform/invoice-management": lazyPage(() => import("../pages/platform/InvoiceManagement")),
  "/about": lazyPage(() => import("../pages/About")),
  "/contact": lazyPage(() => import("../pages/Contact")),
  "/privacy": lazyPage(() => import("../pages/Privacy")),
  "/terms": lazyPage(() => import("../pages/Terms")),
  "/signup": lazyPage(() => import("../pages/Signup")),
};

export const NOT_FOUND_PAGE = lazyPage(() => import("../pages/NotFound"));

/** Trailing slashes are tolerated: "/pricing/" is "/pricing". */
export function normalisePath(path: string): string {
  return path.length > 1 ? trimTrailingSlashes(path) || "/" : path;
}

export function isPublicPath(path: string): path is PublicPath {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** The page that answers a location (the 404 page for unknown paths). */
export function pageFor(path: string): LazyPage {
  const normalised = normalisePath(path);
  return isPublicPath(normalised) ? PAGES[normalised] : NOT_FOUND_PAGE;
}
