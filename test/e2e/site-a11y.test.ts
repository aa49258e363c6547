/**
 * axe-core on every public route (and the 404 page), at desktop width and at 390 px, after
 * hydration. Any violation fails with its width, its rule id and the offending elements.
 *
 * One page per route: loaded and hydrated at desktop width and checked, then resized to 390 px and
 * checked again. Every rule runs at both widths (none is treated as independent of the width: with
 * the site's media queries showing and hiding navigation, any rule that skips hidden elements can
 * change its answer with the width, and color-contrast, about four fifths of a check's time, reads
 * the layout). Loading the page once instead of twice halves what a route costs to load and
 * hydrate, about as much as the two checks together (docs/decisions/0106-test-run-wall-time.md).
 * The site reads the width only through CSS (no matchMedia, no window size in its code), so the
 * resized page is the page a phone gets; the open-menu checks below still load at 390 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../../web/src/public-paths";
import { axeViolations } from "./axe";
import { DESKTOP, PHONE, siteFixture, waitForHydration } from "./site-support";

const site = siteFixture();

const PATHS = [...PUBLIC_PATHS, "/no-such-page"];

/** Two frames after a resize: the new width's layout and any observer it wakes have run. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

describe("axe at desktop width and at 390 px", () => {
  // Concurrently, as many routes at a time as the e2e project allows (test/vitest.config.ts).
  it.concurrent.for(PATHS)("%s has no violations at either width", async (path, { expect }) => {
    const watched = await site.open(DESKTOP);
    try {
      await watched.page.goto(`${site.runtime.url}${path}`);
      await waitForHydration(watched.page);
      const found: string[] = [];
      for (const [name, viewport] of [
        ["desktop", DESKTOP],
        ["390 px", PHONE],
      ] as const) {
        if (watched.page.viewportSize()?.width !== viewport.width) {
          await watched.page.setViewportSize(viewport);
          await settle(watched.page);
        }
        expect(watched.page.viewportSize()).toEqual(viewport);
        found.push(...(await axeViolations(watched.page)).map((line) => `${name}: ${line}`));
      }
      expect(found).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});

describe("axe with menus open", () => {
  async function check(
    viewport: { width: number; height: number },
    open: (page: import("playwright-core").Page) => Promise<void>,
  ) {
    const watched = await site.open(viewport);
    try {
      await watched.page.goto(`${site.runtime.url}/`);
      await waitForHydration(watched.page);
      await open(watched.page);
      expect(await axeViolations(watched.page)).toEqual([]);
    } finally {
      await watched.close();
    }
  }

  it("the Platform mega-menu (desktop)", () =>
    check(DESKTOP, async (page) => {
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Platform" }).click();
      await page.locator("#mega-menu-platform").waitFor({ state: "visible" });
    }));

  it("the mobile menu (390 px)", () =>
    check(PHONE, async (page) => {
      await page.getByRole("button", { name: "Menu" }).click();
      await page.locator("#mobile-menu").waitFor({ state: "visible" });
    }));
});
