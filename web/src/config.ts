/**
 * Per-stage settings the browser bundle needs. The values are plain data injected at build time
 * (Vite `define`, see infra/site/site-config.ts) from infra/stages.ts for the STAGE being built, so no
 * zod or infra code ever reaches the client.
 */
export interface SiteConfig {
  readonly brand: string;
  readonly stage: string;
  /** Public origin, no trailing slash: canonical URLs, Open Graph, sitemap. */
  readonly siteUrl: string;
  /** Google Tag Manager container; absent = nothing external loads. */
  readonly tagManagerId?: string;
  /**
   * The WAF JavaScript integration script the forms load after the first paint
   * (web/src/forms/wafToken.ts); absent: the forms send no token.
   */
  readonly wafSdkUrl?: string;
  /** Pages of the external web app that the marketing site links to. */
  readonly appUrls: { readonly login: string; readonly register: string; readonly liveDemo: string };
}

declare const __SITE_CONFIG__: SiteConfig;

export const config: SiteConfig = __SITE_CONFIG__;

/** Absolute URL of a site path for the current stage. */
export function absoluteUrl(path: string): string {
  return `${config.siteUrl}${path === "/" ? "/" : path}`;
}
