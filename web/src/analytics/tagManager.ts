import { config } from "../config";

const GTM_ORIGIN = "https://www.googletagmanager.com";

let started = false;

/**
 * Loads Google Tag Manager — only once the visitor has allowed analytics or marketing
 * (consentController.ts; docs/decisions/0094-consent-before-tracking.md) — by creating the script
 * element from our own bundle (the CSP allows no inline script). Deferred until the page has loaded
 * and the main thread is idle so that it never competes with the first paint. Without a container
 * id nothing external loads and events simply collect in window.dataLayer. Loads once per page: a
 * later choice reaches the loaded container as a consent update.
 */
export function startTagManager(containerId: string | undefined = config.tagManagerId): boolean {
  if (!containerId || typeof document === "undefined") return false;
  if (started) return true;
  started = true;
  const inject = () => {
    window.dataLayer ??= [];
    window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
    document.head.append(script);
  };
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(inject, { timeout: 3000 })
      : setTimeout(inject, 1);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return true;
}
