/**
 * Node-side (build time only): turns a stage of infra/stages.ts into the plain SiteConfig that
 * Vite injects into the bundle as `__SITE_CONFIG__` (infra/site/vite.config.ts). The app declares
 * the shape (web/src/config.ts) and reads the value; it never imports this file.
 */
import type { SiteConfig } from "../../web/src/config";
import { StageConfig, stageSettings } from "../stages";

export const BRAND = "RepDesk";

export function currentStageName(): string {
  return process.env.STAGE ?? "local";
}

/**
 * TAG_MANAGER_ID: a Google Tag Manager container for the local stage (`TAG_MANAGER_ID=GTM-XXXXXXX
 * npm start`, infra/local/config.ts), so the consent banner and the gated loader can be tried
 * locally; the local stage has none. Checked like a stage's: an id that is not GTM-… is refused.
 */
export function localTagManagerId(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env.TAG_MANAGER_ID;
  if (raw === undefined || raw === "") return undefined;
  if (!StageConfig.shape.tagManagerId.safeParse(raw).success)
    throw new Error(`TAG_MANAGER_ID must be a Google Tag Manager container id (GTM-…), not "${raw}"`);
  return raw;
}

/**
 * LOCAL_SITE_URL: the origin `npm run dev` really listens on (set by infra/local/runtime.ts), for
 * the local stage only; a built site is moved to another origin by infra/local/site-origin.ts.
 */
export function siteConfigFor(stageName: string = currentStageName()): SiteConfig {
  const stage = stageSettings(stageName);
  const siteUrl = (stage.name === "local" && process.env.LOCAL_SITE_URL) || stage.siteUrl;
  const tagManagerId = stage.name === "local" ? localTagManagerId() : stage.tagManagerId;
  return {
    brand: BRAND,
    stage: stage.name,
    siteUrl: siteUrl.replace(/\/+$/, ""),
    ...(tagManagerId ? { tagManagerId } : {}),
    ...(stage.wafToken.sdkUrl ? { wafSdkUrl: stage.wafToken.sdkUrl } : {}),
    appUrls: { ...stage.appUrls },
  };
}
