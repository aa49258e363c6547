/**
 * axe-core on every public route (and the 404 page), at desktop width and at 390 px, after
 * hydration. Any violation fails with its rule id and the offending elements.
 */
import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../../web/src/public-paths";
import { axeViolations } from "./axe";
import { DESKTOP, PHONE, siteFixture, waitForHydration } from "./site-support";

const site = siteFixture();

const PATHS = [...PUBLIC_PATHS, "/no-such-page"];

describe.each([
  ["desktop", DESKTOP],
  ["390 px", PHONE],
] as const)("axe at %s", (_name, viewport) => {
  // Concurrently (five at a time): most of a page's time is loading and hydrating, not axe.
  it.concurrent.for(PATHS)("%s has no violations", async (path, { expect }) => {
    const watched = await site.open(viewport);
    try {
      await watched.page.goto(`${site.runtime.url}${path}`);
      await waitForHydration(watched.page);
      expect(await axeViolations(watched.page)).toEqual([]);
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
