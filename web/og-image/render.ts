/**
 * Renders og-image.svg to web/public/og-image.png (1200x630), the link-preview image every page's
 * og:image / twitter:image points at. Link previewers (Facebook, LinkedIn, Slack, X) do not accept SVG,
 * so the PNG is committed; run this after changing the SVG: `npx tsx web/og-image/render.ts`.
 * Needs Chromium, found as the browser tests find it (test/support/chromium-path.ts: CHROMIUM_PATH or
 * CHROME_PATH, else the usual install places).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath } from "../../test/support/chromium-path";

export const OG_IMAGE = { width: 1200, height: 630 } as const;

const source = fileURLToPath(new URL("./og-image.svg", import.meta.url));
const target = fileURLToPath(new URL("../public/og-image.png", import.meta.url));

const svg = await readFile(source, "utf8");
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const page = await browser.newPage({ viewport: OG_IMAGE, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: target, clip: { x: 0, y: 0, ...OG_IMAGE } });
  console.log(`wrote ${target}`);
} finally {
  await browser.close();
}
