/**
 * Header navigation in Chromium: the mega-menus (hover with the 150 ms close delay, click/tap,
 * keyboard), the mobile menu at 390 px, link analytics, the home page's feature tabs and the demo
 * video facade with its fallback link.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MENU_CLOSE_DELAY_MS } from "../../web/src/components/layout/useMegaMenus";
import {
  DESKTOP,
  dataLayer,
  hydrateIslands,
  PHONE,
  siteFixture,
  type WatchedPage,
  waitForHydration,
} from "./site-support";

const site = siteFixture();

async function withPage(
  path: string,
  viewport: { width: number; height: number },
  test: (watched: WatchedPage) => Promise<void>,
  options: { hasTouch?: boolean; manualClock?: boolean } = {},
): Promise<void> {
  const { manualClock, ...contextOptions } = options;
  const watched = await site.open(viewport, contextOptions);
  try {
    if (manualClock) await watched.page.clock.install();
    await watched.page.goto(`${site.runtime.url}${path}`);
    await waitForHydration(watched.page);
    // From here the page's timers move only when the test moves its clock (page.clock.runFor), so
    // a delay is checked by its length, not by how fast a busy machine happens to run.
    if (manualClock) await watched.page.clock.pauseAt(Date.now() + 60_000);
    await test(watched);
    expect(watched.problems).toEqual([]);
  } finally {
    await watched.close();
  }
}

const trigger = (page: Page, name: "Solutions" | "Platform") =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name });
const panel = (page: Page, name: "solutions" | "platform") => page.locator(`#mega-menu-${name}`);

describe("mega-menus (desktop)", () => {
  it("open on hover, stay open just after the pointer leaves, and close about 150 ms later", async () => {
    await withPage(
      "/",
      DESKTOP,
      async ({ page }) => {
        await trigger(page, "Platform").hover();
        await panel(page, "platform").waitFor({ state: "visible" });
        expect(await trigger(page, "Platform").getAttribute("aria-expanded")).toBe("true");
        await page.mouse.move(5, 600); // well away from the header
        await page.clock.runFor(MENU_CLOSE_DELAY_MS - 10);
        expect(await panel(page, "platform").isVisible()).toBe(true);
        await page.clock.runFor(20);
        await panel(page, "platform").waitFor({ state: "hidden" });
        expect(await trigger(page, "Platform").getAttribute("aria-expanded")).toBe("false");
      },
      { manualClock: true },
    );
  });

  it("stays open while the pointer moves from the button into the panel, and its links navigate", async () => {
    await withPage(
      "/",
      DESKTOP,
      async ({ page }) => {
        await trigger(page, "Solutions").hover();
        const link = panel(page, "solutions").getByRole("link", { name: /Independent Reps/ });
        await link.hover();
        await page.clock.runFor(2 * MENU_CLOSE_DELAY_MS);
        expect(await panel(page, "solutions").isVisible()).toBe(true);
        await link.click();
        await page.waitForURL(`${site.runtime.url}/solutions/independent-reps`);
        await panel(page, "solutions").waitFor({ state: "hidden" });
        const clicks = (await dataLayer(page)).filter((entry) => entry.event === "navigation_click");
        expect(clicks).toEqual([
          expect.objectContaining({ category: "Navigation", label: "Solutions: Independent Reps" }),
        ]);
      },
      { manualClock: true },
    );
  });

  it("works from the keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus", async () => {
    await withPage("/", DESKTOP, async ({ page }) => {
      await trigger(page, "Solutions").focus();
      await page.keyboard.press("Enter");
      await panel(page, "solutions").waitFor({ state: "visible" });
      await page.keyboard.press("Tab");
      const focusedHref = await page.evaluate(() => document.activeElement?.getAttribute("href"));
      expect(focusedHref).toBe("/solutions/manufacturers-reps");
      await page.keyboard.press("Escape");
      await panel(page, "solutions").waitFor({ state: "hidden" });
      expect(await trigger(page, "Solutions").evaluate((element) => element === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.press("Space");
      await panel(page, "solutions").waitFor({ state: "visible" });
      await page.keyboard.press("Space");
      await panel(page, "solutions").waitFor({ state: "hidden" });
    });
  });

  it("toggles on tap (touch), one menu at a time, and a tap outside closes it", async () => {
    await withPage(
      "/",
      DESKTOP,
      async ({ page }) => {
        await trigger(page, "Solutions").tap();
        await panel(page, "solutions").waitFor({ state: "visible" });
        await trigger(page, "Platform").tap();
        await panel(page, "platform").waitFor({ state: "visible" });
        expect(await panel(page, "solutions").isVisible()).toBe(false);
        await trigger(page, "Platform").tap();
        await panel(page, "platform").waitFor({ state: "hidden" });
        await trigger(page, "Platform").tap();
        await panel(page, "platform").waitFor({ state: "visible" });
        await page.touchscreen.tap(600, 800); // outside the header
        await panel(page, "platform").waitFor({ state: "hidden" });
      },
      { hasTouch: true },
    );
  });

  it("has the Schedule a Demo button leading to /contact?subject=demo", async () => {
    await withPage("/", DESKTOP, async ({ page }) => {
      await page.getByRole("banner").getByRole("link", { name: "Schedule a Demo" }).click();
      await page.waitForURL(`${site.runtime.url}/contact?subject=demo`);
      await page.waitForFunction(
        () => (document.querySelector("#subject") as HTMLSelectElement)?.value === "demo",
      );
      expect((await dataLayer(page)).some((entry) => entry.event === "cta_click")).toBe(true);
    });
  });
});

describe("mobile menu (390 px)", () => {
  it("is collapsed, opens and closes with its button, and closes after navigating", async () => {
    await withPage("/", PHONE, async ({ page }) => {
      const toggle = page.getByRole("button", { name: "Menu" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await toggle.getAttribute("aria-controls")).toBe("mobile-menu");
      expect(await page.locator("#mobile-menu").isVisible()).toBe(false);
      expect(await trigger(page, "Platform").isVisible()).toBe(false);
      await toggle.click();
      await page.locator("#mobile-menu").waitFor({ state: "visible" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await toggle.click();
      await page.locator("#mobile-menu").waitFor({ state: "hidden" });
      await toggle.click();
      await page.locator("#mobile-menu").getByRole("link", { name: "Pricing" }).click();
      await page.waitForURL(`${site.runtime.url}/pricing`);
      await page.locator("#mobile-menu").waitFor({ state: "hidden" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    });
  });
});

describe("home page", () => {
  it("the hero's Get started leads to /signup", async () => {
    await withPage("/", DESKTOP, async ({ page }) => {
      await page.getByRole("link", { name: "Get started", exact: true }).click();
      await page.waitForURL(`${site.runtime.url}/signup`);
      await page.getByRole("heading", { level: 1, name: "Get Started with RepDesk" }).waitFor();
    });
  });

  it("has three feature tabs following the tabs pattern (click and arrow keys)", async () => {
    await withPage("/", DESKTOP, async ({ page }) => {
      await hydrateIslands(page);
      const tabs = page.getByRole("tab");
      // Off screen the section's rendering is skipped (content-visibility, decision 0107), and
      // innerText is what is rendered: read it where a visitor reads it.
      await page.getByRole("tablist").scrollIntoViewIfNeeded();
      await expect
        .poll(() => tabs.allInnerTexts())
        .toEqual(["Order Management", "Commission Tracking", "Sales Reporting"]);
      expect(await tabs.nth(0).getAttribute("aria-selected")).toBe("true");
      await tabs.nth(1).click();
      expect(await tabs.nth(1).getAttribute("aria-selected")).toBe("true");
      await page.getByRole("tabpanel", { name: "Commission Tracking" }).waitFor();
      await page.keyboard.press("ArrowRight");
      expect(await tabs.nth(2).getAttribute("aria-selected")).toBe("true");
      expect(await tabs.nth(2).evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press("ArrowRight");
      expect(await tabs.nth(0).getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("End");
      expect(await tabs.nth(2).getAttribute("aria-selected")).toBe("true");
    });
  });

  it("loads no video until asked; if the embed fails it offers a link to the video page", async () => {
    await withPage("/", DESKTOP, async ({ page }) => {
      const outside: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith(site.runtime.url)) outside.push(request.url());
      });
      await page.route("https://www.youtube-nocookie.com/**", (route) => route.abort());
      await page.waitForLoadState("networkidle");
      await hydrateIslands(page);
      await page.waitForLoadState("networkidle");
      expect(outside).toEqual([]);
      expect(await page.locator("iframe").count()).toBe(0);
      await page.getByRole("button", { name: /Watch the 3-minute demo/ }).click();
      const frame = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
      await frame.waitFor({ state: "attached" });
      const fallback = page.getByRole("link", { name: /Watch the demo video on YouTube/ });
      await fallback.waitFor({ timeout: 15_000 });
      expect(await fallback.getAttribute("href")).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
      expect(await page.locator("iframe").count()).toBe(0);
    });
  });
});
