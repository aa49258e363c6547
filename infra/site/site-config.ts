/**
 * Node-side (build time only): turns a stage of infra/stages.ts into the plain SiteConfig that
 * Vite injects into the bundle as `__SITE_CONFIG__` (infra/site/vite.config.ts). The app declares
 * the shape (web/src/config.ts) and reads the value; it never imports this file.
 */
import type { SiteConfig } from "../../web/src/config";
import { loadStage } from "../stages";

export const BRAND = "RepDesk";

export function currentStageName(): string {
  return process.env.STAGE ?? "local";
}

/**
 * LOCAL_SITE_URL: the origin `npm run dev` really listens on (set by infra/local/runtime.ts), for
 * the local stage only; a built site is moved to another origin by infra/local/site-origin.ts.
 */
export function siteConfigFor(stageName: string = currentStageName()): SiteConfig {
  const stage = loadStage(stageName);
  const siteUrl = (stage.name === "local" && process.env.LOCAL_SITE_URL) || stage.siteUrl;
  return {
    brand: BRAND,
    stage: stage.name,
    siteUrl: siteUrl.replace(/\/+$/, ""),
    ...(stage.tagManagerId ? { tagManagerId: stage.tagManagerId } : {}),
    appUrls: { ...stage.appUrls },
  };
}
