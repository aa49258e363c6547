/**
 * The analytics data layer (docs/product/site.md): every push goes to `window.dataLayer`, which the
 * tag manager reads when a container is configured. Nothing else is sent anywhere.
 */
export const EVENT_NAMES = [
  "page_view",
  "signup_form_start",
  "signup_form_submit",
  "signup_form_error",
  "submission_failed",
  "navigation_click",
  "cta_click",
  "contact_form_start",
  "contact_form_submit",
  "ads_conversion_Contact_1",
  "feature_view",
  "demo_request",
  "pricing_view",
  "pricing_plan_select",
  "error",
] as const;
export type AnalyticsEventName = (typeof EVENT_NAMES)[number];

export const EVENT_CATEGORIES = [
  "User Engagement",
  "Navigation",
  "Forms",
  "Platform Features",
  "Pricing",
  "Errors",
] as const;
export type AnalyticsCategory = (typeof EVENT_CATEGORIES)[number];

export interface EventPayload {
  readonly category: AnalyticsCategory;
  readonly label?: string;
  readonly value?: number;
  /** Extra typed fields, e.g. `subject` on contact_form_submit. */
  readonly [key: string]: string | number | boolean | undefined;
}

export interface ConversionPayload extends EventPayload {
  readonly value: number;
  readonly currency?: string;
}

/** "gtm.js" is the tag manager's own start marker, pushed by the loader (tagManager.ts). */
export type DataLayerEntry = Record<string, unknown> & { event: AnalyticsEventName | "gtm.js" };

declare global {
  interface Window {
    /** Events, and the gtag() commands of Consent Mode (consent.ts), which are Arguments objects. */
    dataLayer?: (DataLayerEntry | IArguments)[];
  }
}

function push(entry: DataLayerEntry): void {
  if (typeof window === "undefined") return; // prerendering: nothing to record
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** Staff pages are never tracked (docs/product/site.md). */
export function isTrackedPath(path: string): boolean {
  return !(path === "/commandcenter" || path.startsWith("/commandcenter/"));
}

export function trackPageView(path: string, title: string): void {
  if (!isTrackedPath(path)) return;
  push({ event: "page_view", page_path: path, page_title: title });
}

export function trackEvent(event: Exclude<AnalyticsEventName, "page_view">, payload: EventPayload): void {
  push({ event, ...payload });
}

/** Conversion events carry a value and a currency (USD unless said otherwise). */
export function trackConversion(
  event: Exclude<AnalyticsEventName, "page_view">,
  payload: ConversionPayload,
): void {
  push({ event, ...payload, currency: payload.currency ?? "USD" });
}
