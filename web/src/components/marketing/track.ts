import { trackEvent } from "../../analytics";

/**
 * Records a click on one of the two calls to action that recur on every marketing page.
 * `source` says where on the site it was clicked (e.g. "Order Management: closing CTA").
 */
export function trackCallToAction(label: string, href: string, source: string): void {
  if (href.startsWith("/contact?subject=demo")) {
    trackEvent("demo_request", { category: "User Engagement", label: source });
    return;
  }
  trackEvent("cta_click", { category: "User Engagement", label: `${source}: ${label}` });
}
