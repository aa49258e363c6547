/**
 * Every public route, through the local runtime (which sends the production security headers):
 * the prerendered HTML alone carries the page's head and h1; in Chromium the page hydrates with a
 * clean console (no hydration mismatch, no CSP violation); unknown paths get the 404 page;
 * /commandcenter gets the noindex shell; sitemap.xml and robots.txt are right.
 */

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cspHash, inlineScripts } from "../../infra/site/csp-hashes";
import { htmlFileFor, PUBLIC_PATHS } from "../../web/src/public-paths";
import { firstLoadJs } from "../bench/web-js-budget";
import { dataLayer, siteFixture, waitForHydration } from "./site-support";

const site = siteFixture();
/** The runtime serves the local build at its own origin (infra/local/site-origin.ts). */
const siteUrl = () => site.runtime.url;

function attribute(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

describe("prerendered HTML (no JavaScript)", () => {
  it.each(PUBLIC_PATHS)("%s holds its title, description, canonical, social tags and h1", async (path) => {
    const response = await fetch(`${site.runtime.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await response.text();
    const title = attribute(html, /<title[^>]*>([^<]+)<\/title>/);
    expect(title).toMatch(/^(.+ \| RepDesk|RepDesk)$/);
    const description = attribute(html, /<meta name="description" content="([^"]+)"/);
    expect(description?.length ?? 0).toBeGreaterThan(40);
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${siteUrl()}${path}`);
    expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${siteUrl()}${path}`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
    expect(attribute(html, /<meta property="og:image" content="([^"]+)"/)).toBe(`${siteUrl()}/og-image.png`);
    expect(attribute(html, /<meta name="twitter:image" content="([^"]+)"/)).toBe(`${siteUrl()}/og-image.png`);
    expect(html).toMatch(/<h1[^>]*>.+?<\/h1>/s);
    expect(html).not.toMatch(/\sstyle="/); // the CSP forbids inline styles
    // Inline scripts (the entry loader) only as the CSP sent with the page allows them, by hash.
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    for (const script of inlineScripts(html)) expect(scriptSrc?.split(" ")).toContain(`'${cspHash(script)}'`);
  });

  it("the home page adds the video preview, the player card and JSON-LD with the rating", async () => {
    const html = await (await fetch(`${site.runtime.url}/`)).text();
    expect(html).toContain('<meta property="og:video" content="https://www.youtube-nocookie.com/embed/');
    expect(html).toContain('<meta name="twitter:card" content="player"');
    expect(html).toContain('<meta name="twitter:player"');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.+?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
    );
    const app = blocks.find((block) => block["@type"] === "SoftwareApplication") as
      | { aggregateRating: { ratingValue: number; ratingCount: number }; offers: unknown }
      | undefined;
    expect(app?.aggregateRating).toMatchObject({ ratingValue: 4.8, ratingCount: 150 });
    expect(app?.offers).toBeTruthy();
    expect(blocks.some((block) => block["@type"] === "Organization")).toBe(true);
  });

  it("the preview image is a 1200x630 PNG served by the site", async () => {
    const response = await fetch(`${site.runtime.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // IHDR: width and height are the first two 32-bit fields after the 8-byte signature and chunk header.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("unknown paths answer 404 with the not-found page, noindex", async () => {
    const response = await fetch(`${site.runtime.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain("Back to Home");
  });

  it("/commandcenter gets the empty, noindex shell", async () => {
    const html = await (await fetch(`${site.runtime.url}/commandcenter/login`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('<div id="root"></div>');
  });

  it.each(PUBLIC_PATHS)("%s loads at most 90 kB gzip of JavaScript before interaction", (path) => {
    // The runtime serves web/dist, built (or rebuilt when stale) as it started.
    const dist = fileURLToPath(new URL("../../web/dist", import.meta.url));
    const budget = firstLoadJs(dist, htmlFileFor(path));
    expect(budget.files.some((file) => file.includes("CommandCenter"))).toBe(false);
    // The lead source's capture loads after the first paint (web/src/analytics/landing.ts).
    expect(budget.files.some((file) => file.includes("sourceCapture"))).toBe(false);
    expect(budget.files.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    expect(budget.gzipBytes).toBeLessThanOrEqual(90_000);
  });

  it("sitemap.xml lists the 18 public routes and robots.txt keeps crawlers out of /commandcenter", async () => {
    const sitemap = await (await fetch(`${site.runtime.url}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PATHS.map((path) => `${siteUrl()}${path}`));
    const robots = await (await fetch(`${site.runtime.url}/robots.txt`)).text();
    expect(robots).toMatch(/^Disallow: \/commandcenter$/m);
    expect(robots).toContain(`Sitemap: ${siteUrl()}/sitemap.xml`);
  });
});

describe("in Chromium", () => {
  it.each(PUBLIC_PATHS)("%s renders its h1 and hydrates with a clean console", async (path) => {
    const watched = await site.open();
    try {
      await watched.page.goto(`${site.runtime.url}${path}`);
      await waitForHydration(watched.page);
      await expect(watched.page.locator("h1").first().textContent()).resolves.toBeTruthy();
      expect(await watched.page.locator("h1").count()).toBe(1);
      await watched.page.waitForLoadState("networkidle");
      expect(watched.problems).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("client-side navigation swaps the page, its title and canonical, without a full reload", async () => {
    const watched = await site.open();
    try {
      const { page } = watched;
      await page.goto(`${site.runtime.url}/`);
      await waitForHydration(page);
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      await page.locator("footer a[href='/pricing']").click();
      await page.waitForURL(`${site.runtime.url}/pricing`);
      await page.waitForFunction(() => document.title.endsWith("| RepDesk") && document.title !== "");
      const pricingHtml = await (await fetch(`${site.runtime.url}/pricing`)).text();
      const expectedTitle = attribute(pricingHtml, /<title[^>]*>([^<]+)<\/title>/);
      await page.waitForFunction((title) => document.title === title, expectedTitle);
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(`${siteUrl()}/pricing`);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
      await page.goBack();
      await page.waitForURL(`${site.runtime.url}/`);
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(`${siteUrl()}/`);
      const views = (await dataLayer(page)).filter((entry) => entry.event === "page_view");
      expect(views.map((view) => [view.page_path, view.page_title])).toEqual([
        ["/", await page.title()],
        ["/pricing", expectedTitle],
        ["/", await page.title()],
      ]);
      expect(watched.problems).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("/commandcenter is never tracked as a page view", async () => {
    const watched = await site.open();
    try {
      await watched.page.goto(`${site.runtime.url}/commandcenter/login`);
      await watched.page.waitForSelector("html[data-hydrated]", { state: "attached" });
      await watched.page.waitForLoadState("networkidle");
      const views = (await dataLayer(watched.page)).filter((entry) => entry.event === "page_view");
      expect(views).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("an unknown path shows the 404 page with Back to Home, which leads to /", async () => {
    const watched = await site.open();
    try {
      const { page } = watched;
      await page.goto(`${site.runtime.url}/definitely/not/here`);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Back to Home" }).click();
      await page.waitForURL(`${site.runtime.url}/`);
      await page.locator("h1#home-title").waitFor();
      // The browser reports the 404 status of the document itself; nothing else may appear.
      expect(watched.problems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
