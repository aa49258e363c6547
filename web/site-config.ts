/**
 * Node-side (build time only): turns a stage of infra/stages.ts into the plain SiteConfig that
 * Vite injects into the bundle as `__SITE_CONFIG__`.
 */
import { loadStage } from "../infra/stages";
import type { SiteConfig } from "./src/config";

export const BRAND = "RepDesk";

export function currentStageName(): string {
  return process.env.STAGE ?? "local";
}

export function siteConfigFor(stageName: string = currentStageName()): SiteConfig {
  const stage = loadStage(stageName);
  return {
    brand: BRAND,
    stage: stage.name,
    siteUrl: stage.siteUrl.replace(/\/+$/, ""),
    ...(stage.tagManagerId ? { tagManagerId: stage.tagManagerId } : {}),
    appUrls: { ...stage.appUrls },
  };
}
