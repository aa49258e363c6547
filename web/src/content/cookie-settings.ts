/**
 * The footer's button that reopens the consent banner (docs/product/site.md). Apart from the
 * banner's texts (consent.ts), which load with the banner only.
 */
export const COOKIE_SETTINGS_LABEL = "Cookie settings";
