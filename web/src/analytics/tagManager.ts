import { config } from "../config";

const GTM_ORIGIN = "https://www.googletagmanager.com";

/**
 * Loads Google Tag Manager when the stage configures a container — by creating the script element
 * from our own bundle (the CSP allows no inline script). Deferred until the page has loaded and
 * the main thread is idle so that it never competes with the first paint. Without a container id
 * nothing external loads and events simply collect in window.dataLayer.
 */
export function startTagManager(containerId: string | undefined = config.tagManagerId): boolean {
  if (!containerId || typeof document === "undefined") return false;
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
