/**
 * Consent before tracking (docs/decisions/0094-consent-before-tracking.md), in Chromium against a
 * runtime started with a tag manager container (TAG_MANAGER_ID). The machine has no internet: every
 * request to the tag manager's host is aborted and recorded, which is how a test sees whether the
 * page tried to load it. Consent Mode commands are Arguments objects in window.dataLayer; as JSON
 * they read {"0": "consent", "1": "default", "2": {...}}.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cspHash } from "../../infra/site/csp-hashes";
import {
  ACCEPT_ALL,
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  consentExpiry,
  consentProbeScript,
  saveConsent,
} from "../../web/src/analytics/consent";
import { ENTRY_ATTRIBUTE } from "../../web/src/boot/entryLoader";
import { CONSENT_TEXT } from "../../web/src/content/consent";
import { axeViolations } from "./axe";
import { DESKTOP, dataLayer, PHONE, siteFixture, type WatchedPage, waitForHydration } from "./site-support";

const CONTAINER = "GTM-CONSENT1";
const TAG_MANAGER_HOST = "www.googletagmanager.com";
const site = siteFixture({ env: { TAG_MANAGER_ID: CONTAINER } });

const DENIED = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};
const GRANTED = {
  ad_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
  analytics_storage: "granted",
};

interface Visit extends WatchedPage {
  /** Every URL of the tag manager's host the page asked for (each aborted). */
  readonly tagRequests: string[];
}

/** A fresh browser profile whose requests to the tag manager are recorded and aborted. */
async function visit(
  options: { gpc?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Visit> {
  const watched = await site.open(options.viewport ?? DESKTOP);
  const tagRequests: string[] = [];
  await watched.context.route(`https://${TAG_MANAGER_HOST}/**`, (route) => {
    tagRequests.push(route.request().url());
    return route.abort();
  });
  if (options.gpc) {
    await watched.context.setExtraHTTPHeaders({ "Sec-GPC": "1" });
    await watched.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", {
        get: () => true,
        configurable: true,
      });
    });
  }
  return { ...watched, tagRequests };
}

/** Problems other than the aborted tag manager request (Chromium logs each failed load). */
function problemsBesidesAbort(watched: WatchedPage): string[] {
  return watched.problems.filter((problem) => !problem.includes("net::ERR_FAILED"));
}

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(`${site.runtime.url}${path}`);
  await waitForHydration(page);
}

/**
 * The page has loaded and the main thread has been idle once: a tag manager the page meant to load
 * (tagManager.ts waits for load and idle) has been asked for by then.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 5000 })),
  );
}

function banner(page: Page) {
  return page.getByRole("region", { name: CONSENT_TEXT.heading });
}

/** The Consent Mode commands in dataLayer, in order: [command, { signals }]. */
async function consentCommands(page: Page): Promise<[string, Record<string, unknown>][]> {
  return (await dataLayer(page))
    .filter((entry) => entry["0"] === "consent")
    .map((entry) => [entry["1"] as string, entry["2"] as Record<string, unknown>]);
}

async function expectNoTagManager(watched: Visit): Promise<void> {
  await settled(watched.page);
  expect(watched.tagRequests).toEqual([]);
  expect(await watched.page.locator(`script[src*="${TAG_MANAGER_HOST}"]`).count()).toBe(0);
  expect((await dataLayer(watched.page)).some((entry) => entry.event === "gtm.js")).toBe(false);
}

async function expectTagManagerRequested(watched: Visit): Promise<void> {
  await expect
    .poll(() => watched.tagRequests)
    .toEqual([`https://${TAG_MANAGER_HOST}/gtm.js?id=${CONTAINER}`]);
}

describe("consent banner with a tag manager container", () => {
  it("a fresh visit: the banner asks, dataLayer starts with the denied defaults, nothing loads", async () => {
    const watched = await visit();
    try {
      await goto(watched.page, "/");
      await banner(watched.page).waitFor();
      const entries = await dataLayer(watched.page);
      expect(entries[0]).toEqual({ 0: "consent", 1: "default", 2: { ...DENIED, wait_for_update: 500 } });
      // The site's own events still reach dataLayer; they stay in the browser.
      expect(entries.some((entry) => entry.event === "page_view")).toBe(true);
      expect(await consentCommands(watched.page)).toHaveLength(1);
      await expectNoTagManager(watched);
      for (const name of [CONSENT_TEXT.acceptAll, CONSENT_TEXT.rejectAll, CONSENT_TEXT.customise])
        await expect(banner(watched.page).getByRole("button", { name }).isVisible()).resolves.toBe(true);
      expect(problemsBesidesAbort(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("Accept all and Reject all look the same (size and style)", async () => {
    const watched = await visit();
    try {
      await goto(watched.page, "/pricing");
      const look = (name: string) =>
        banner(watched.page)
          .getByRole("button", { name })
          .evaluate((button) => {
            const style = getComputedStyle(button);
            const box = button.getBoundingClientRect();
            return {
              className: button.className,
              height: box.height,
              font: `${style.fontSize} ${style.fontWeight}`,
              colours: `${style.color} ${style.backgroundColor} ${style.borderColor}`,
            };
          });
      expect(await look(CONSENT_TEXT.acceptAll)).toEqual(await look(CONSENT_TEXT.rejectAll));
    } finally {
      await watched.close();
    }
  });

  it("Reject all: remembered across navigations and reloads, and nothing loads", async () => {
    const watched = await visit();
    try {
      const { page } = watched;
      await goto(page, "/");
      await banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll }).click();
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
      const stored = (await storedRecord(page)) ?? {};
      expect(stored).toMatchObject({ version: CONSENT_VERSION, analytics: false, marketing: false });
      const months =
        (Date.parse(String(stored.expiresAt)) - Date.parse(String(stored.decidedAt))) / (30.44 * 86_400_000);
      expect(Math.round(months)).toBe(6);
      await expectNoTagManager(watched);

      await page.getByRole("contentinfo").getByRole("link", { name: "Pricing" }).click();
      await page.waitForURL(/\/pricing$/);
      await expectNoTagManager(watched);
      expect(await banner(page).count()).toBe(0);

      await page.reload();
      await waitForHydration(page);
      await expectNoTagManager(watched);
      expect(await banner(page).count()).toBe(0);
      expect(await consentCommands(page)).toEqual([
        ["default", { ...DENIED, wait_for_update: 500 }],
        ["update", DENIED],
      ]);
      expect(problemsBesidesAbort(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("Accept all loads the tag manager, after the consent update; a reload loads it without asking", async () => {
    const watched = await visit();
    try {
      const { page } = watched;
      await goto(page, "/about");
      await banner(page).getByRole("button", { name: CONSENT_TEXT.acceptAll }).click();
      await expectTagManagerRequested(watched);
      const entries = await dataLayer(page);
      const update = entries.findIndex((entry) => entry["1"] === "update");
      const start = entries.findIndex((entry) => entry.event === "gtm.js");
      expect(entries[update]?.["2"]).toEqual(GRANTED);
      expect(update).toBeGreaterThan(0);
      expect(start).toBeGreaterThan(update);

      watched.tagRequests.length = 0;
      await page.reload();
      await waitForHydration(page);
      await expectTagManagerRequested(watched);
      expect(await banner(page).count()).toBe(0);
      expect(await consentCommands(page)).toEqual([
        ["default", { ...DENIED, wait_for_update: 500 }],
        ["update", GRANTED],
      ]);
      expect(problemsBesidesAbort(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("Customise with analytics only: analytics granted, the ad signals denied, the tag manager loads", async () => {
    const watched = await visit();
    try {
      const { page } = watched;
      await goto(page, "/contact");
      await banner(page).getByRole("button", { name: CONSENT_TEXT.customise }).click();
      await banner(page).getByRole("checkbox", { name: CONSENT_TEXT.analytics.label }).check();
      expect(
        await banner(page).getByRole("checkbox", { name: CONSENT_TEXT.marketing.label }).isChecked(),
      ).toBe(false);
      await banner(page).getByRole("button", { name: CONSENT_TEXT.save }).click();
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCommands(page)).at(-1)).toEqual([
        "update",
        { ...DENIED, analytics_storage: "granted" },
      ]);
      await expectTagManagerRequested(watched);
    } finally {
      await watched.close();
    }
  });

  it("Cookie settings in the footer changes the choice: revoked after accepting, a reload loads nothing", async () => {
    const watched = await visit();
    try {
      const { page } = watched;
      await goto(page, "/");
      await banner(page).getByRole("button", { name: CONSENT_TEXT.acceptAll }).click();
      await expectTagManagerRequested(watched);

      const settings = page.getByRole("contentinfo").getByRole("button", { name: CONSENT_TEXT.footerLink });
      await settings.click();
      await banner(page).waitFor();
      // Opened from the footer: the choices are shown as they stand, and the banner has the focus.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(CONSENT_TEXT.heading);
      const analytics = banner(page).getByRole("checkbox", { name: CONSENT_TEXT.analytics.label });
      expect(await analytics.isChecked()).toBe(true);
      await banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll }).click();
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
      // The focus goes back to where the visitor was.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(CONSENT_TEXT.footerLink);

      watched.tagRequests.length = 0;
      await page.reload();
      await waitForHydration(page);
      await expectNoTagManager(watched);
      expect(await banner(page).count()).toBe(0);
    } finally {
      await watched.close();
    }
  });

  it("Global Privacy Control: the banner says so, marketing cannot be chosen, Accept all keeps it off", async () => {
    const watched = await visit({ gpc: true });
    try {
      const { page } = watched;
      await goto(page, "/");
      await banner(page).getByText(CONSENT_TEXT.gpc).waitFor();
      await banner(page).getByRole("button", { name: CONSENT_TEXT.customise }).click();
      const marketing = banner(page).getByRole("checkbox", { name: CONSENT_TEXT.marketing.label });
      expect(await marketing.isDisabled()).toBe(true);
      expect(await marketing.isChecked()).toBe(false);
      await banner(page).getByRole("button", { name: CONSENT_TEXT.acceptAll }).click();
      expect((await consentCommands(page)).at(-1)).toEqual([
        "update",
        { ...DENIED, analytics_storage: "granted" },
      ]);
      expect(await storedRecord(page)).toMatchObject({ analytics: true, marketing: false });
      await expectTagManagerRequested(watched);
      expect(problemsBesidesAbort(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("keyboard: Tab reaches the banner's buttons and Enter chooses", async () => {
    const watched = await visit();
    try {
      const { page } = watched;
      await goto(page, "/terms");
      await banner(page).waitFor();
      const reject = banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll });
      await reject.focus();
      await page.keyboard.press("Enter");
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
      // Not a modal: nothing traps the focus while it is open (checked on a fresh page).
      await page.evaluate((key) => localStorage.removeItem(key), CONSENT_STORAGE_KEY);
      await page.reload();
      await waitForHydration(page);
      await banner(page).waitFor();
      expect(await banner(page).getAttribute("aria-modal")).toBeNull();
      await page.getByRole("link", { name: "Skip to main content" }).focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !document.activeElement?.closest("[data-consent-banner]"))).toBe(true);
    } finally {
      await watched.close();
    }
  });
});

describe("the banner's effect on the page", () => {
  it.each([
    ["desktop", DESKTOP],
    ["390 px", PHONE],
  ] as const)("does not move the main heading (%s)", async (_name, viewport) => {
    const watched = await visit({ viewport });
    const heading = (page: Page) =>
      page.locator("main h1").evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { x: box.x, y: box.y + window.scrollY, width: box.width, height: box.height };
      });
    try {
      const browser = watched.context.browser();
      if (!browser) throw new Error("no browser");
      // Before it appears: the prerendered page as first painted, without JavaScript.
      const still = await browser.newContext({ viewport, javaScriptEnabled: false });
      const stillPage = await still.newPage();
      await stillPage.goto(`${site.runtime.url}/pricing`);
      const before = await heading(stillPage);
      await still.close();

      const { page } = watched;
      await goto(page, "/pricing");
      await banner(page).waitFor();
      expect(await heading(page)).toEqual(before);
      expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
      await banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll }).click();
      await banner(page).waitFor({ state: "detached" });
      expect(await heading(page)).toEqual(before);
    } finally {
      await watched.close();
    }
  });

  it.each([
    ["desktop", DESKTOP, false],
    ["390 px", PHONE, false],
    ["desktop, Customise open", DESKTOP, true],
  ] as const)("axe finds no violations with the banner open (%s)", async (_name, viewport, customise) => {
    const watched = await visit({ viewport, gpc: customise });
    try {
      const { page } = watched;
      await goto(page, "/");
      await banner(page).waitFor();
      if (customise) await banner(page).getByRole("button", { name: CONSENT_TEXT.customise }).click();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the CSP allows the consent probe by its hash and the tag manager's host because a container is configured", async () => {
    const response = await fetch(`${site.runtime.url}/`);
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(scriptSrc?.split(" ")).toContain(`'${cspHash(consentProbeScript())}'`);
    expect(scriptSrc).toMatch(/'sha256-[^']+' https:\/\/\*\.googletagmanager\.com/);
    expect(await response.text()).toContain(`<script>${consentProbeScript()}</script>`);
  });
});

/** The record a choice made `at` leaves in localStorage, as the page writes it. */
function storedChoice(at: Date): string {
  const items = new Map<string, string>();
  saveConsent(
    { getItem: () => null, setItem: (key, value) => void items.set(key, value), removeItem: () => {} },
    ACCEPT_ALL,
    at,
  );
  return items.get(CONSENT_STORAGE_KEY) ?? "";
}

/** A visit in which none of the site's own scripts loads: only the page's inline probe runs. */
async function visitWithoutScripts(options: { stored?: string; gpc?: boolean } = {}): Promise<Visit> {
  const watched = await visit({ gpc: options.gpc });
  await watched.context.route(`${site.runtime.url}/assets/*.js`, (route) => route.abort());
  if (options.stored !== undefined)
    await watched.context.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [CONSENT_STORAGE_KEY, options.stored],
    );
  await watched.page.goto(`${site.runtime.url}/pricing`);
  return watched;
}

/** Where the banner and each element in it are, and how they look. */
function bannerLook(page: Page) {
  return page.locator("[data-consent-banner]").evaluate((section) =>
    [section, ...section.querySelectorAll("*")].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        element.tagName,
        Math.round(box.x),
        Math.round(box.y),
        Math.round(box.width),
        Math.round(box.height),
        style.font,
        style.color,
        style.backgroundColor,
        style.border,
        style.padding,
        style.boxShadow,
      ].join(" ");
    }),
  );
}

/** Holds every request matching `url` until `release` is called; `asked` once the first is made. */
async function holdRequests(
  watched: Visit,
  url: string,
): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  let asked = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await watched.context.route(url, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, asked: seen };
}

/**
 * A visit to `path` in which some of the site's code is held back until `release` is called:
 * - "banner code": the banner's own chunk; `body` runs once the page has hydrated and asked for it;
 * - "entry": the entry its loader names, so none of the site's modules runs; `body` runs once the
 *   page has been parsed and the loader has asked for it.
 * Released and closed at the end in any case.
 */
async function visitHolding(
  held: "banner code" | "entry",
  path: string,
  viewport: { width: number; height: number },
  body: (watched: Visit, release: () => void) => Promise<void>,
): Promise<void> {
  let url = `${site.runtime.url}/assets/ConsentBanner-*.js`;
  if (held === "entry") {
    const html = await (await fetch(`${site.runtime.url}${path}`)).text();
    const entry = new RegExp(`<script ${ENTRY_ATTRIBUTE}="([^"]+)"`).exec(html)?.[1];
    expect(entry).toBeDefined();
    url = `${site.runtime.url}${entry}`;
  }
  const watched = await visit({ viewport });
  const hold = await holdRequests(watched, url);
  try {
    if (held === "entry")
      await watched.page.goto(`${site.runtime.url}${path}`, { waitUntil: "domcontentloaded" });
    else await goto(watched.page, path);
    await hold.asked;
    await body(watched, hold.release);
    expect(problemsBesidesAbort(watched)).toEqual([]);
  } finally {
    hold.release();
    await watched.close();
  }
}

/** The consent record the page stored, parsed (null when none). */
async function storedRecord(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

describe("the banner in the prerendered page", () => {
  it("shows from the first paint to a visitor who has not chosen, before any of the site's scripts runs", async () => {
    const watched = await visitWithoutScripts();
    try {
      expect(
        await watched.page.evaluate(
          (name) => document.documentElement.hasAttribute(name),
          CONSENT_ASK_ATTRIBUTE,
        ),
      ).toBe(true);
      expect(await banner(watched.page).isVisible()).toBe(true);
      expect(await banner(watched.page).getByText(CONSENT_TEXT.gpc).isVisible()).toBe(false);
      for (const name of [CONSENT_TEXT.acceptAll, CONSENT_TEXT.rejectAll, CONSENT_TEXT.customise])
        expect(await banner(watched.page).getByRole("button", { name }).isVisible()).toBe(true);
      expect(watched.problems.filter((problem) => problem.includes("CSP"))).toEqual([]);
      // Styled by the page's inline rules alone exactly as by the whole stylesheet.
      const full = await visit();
      try {
        await goto(full.page, "/pricing");
        await full.page.locator("[data-consent-banner][data-consent-live]").waitFor();
        expect(await bannerLook(watched.page)).toEqual(await bannerLook(full.page));
      } finally {
        await full.close();
      }
    } finally {
      await watched.close();
    }
  });

  it("is never shown, not even for a frame, to a visitor whose choice is remembered", async () => {
    const watched = await visitWithoutScripts({ stored: storedChoice(new Date()) });
    try {
      expect(await watched.page.locator("[data-consent-banner]").count()).toBe(1);
      expect(await banner(watched.page).isVisible()).toBe(false);
      expect(await watched.page.locator("[data-consent-banner]").isVisible()).toBe(false);
    } finally {
      await watched.close();
    }
  });

  it("asks again when the remembered choice has expired", async () => {
    const decided = new Date(Date.now() - 200 * 86_400_000);
    expect(consentExpiry(decided).getTime()).toBeLessThan(Date.now());
    const watched = await visitWithoutScripts({ stored: storedChoice(decided) });
    try {
      expect(await banner(watched.page).isVisible()).toBe(true);
    } finally {
      await watched.close();
    }
  });

  it("says that Global Privacy Control is honoured from the first paint", async () => {
    const watched = await visitWithoutScripts({ gpc: true });
    try {
      expect(await banner(watched.page).getByText(CONSENT_TEXT.gpc).isVisible()).toBe(true);
    } finally {
      await watched.close();
    }
  });

  it("a returning visitor never downloads the banner's code", async () => {
    const watched = await visit();
    const bannerCode: string[] = [];
    watched.page.on("request", (request) => {
      if (/\/assets\/ConsentBanner-/.test(request.url())) bannerCode.push(request.url());
    });
    try {
      const { page } = watched;
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [CONSENT_STORAGE_KEY, storedChoice(new Date())],
      );
      await goto(page, "/");
      await expectTagManagerRequested(watched);
      await page.getByRole("contentinfo").getByRole("link", { name: "Pricing" }).click();
      await page.waitForURL(/\/pricing$/);
      await settled(page);
      expect(bannerCode).toEqual([]);
      expect(await page.locator("[data-consent-banner]").count()).toBe(0);
      // Cookie settings still opens it: the code is fetched then.
      await page.getByRole("contentinfo").getByRole("button", { name: CONSENT_TEXT.footerLink }).click();
      await banner(page).waitFor();
      expect(bannerCode).toHaveLength(1);
      expect(problemsBesidesAbort(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("stays hidden without JavaScript: nothing could be loaded, so nothing is asked", async () => {
    const watched = await visit();
    try {
      const browser = watched.context.browser();
      if (!browser) throw new Error("no browser");
      const still = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
      const page = await still.newPage();
      await page.goto(`${site.runtime.url}/`);
      expect(await page.locator("[data-consent-banner]").count()).toBe(1);
      expect(await page.locator("[data-consent-banner]").isVisible()).toBe(false);
      await still.close();
    } finally {
      await watched.close();
    }
  });

  it("a choice made before the banner's code has arrived counts, and the banner does not come back with it", () =>
    visitHolding("banner code", "/", DESKTOP, async (watched, release) => {
      const { page } = watched;
      expect(await page.locator("[data-consent-banner][data-consent-live]").count()).toBe(0);
      await banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll }).click();
      await banner(page).waitFor({ state: "hidden" });
      expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
      expect(await storedRecord(page)).toMatchObject({ analytics: false, marketing: false });
      release();
      await expect.poll(() => page.locator("[data-consent-banner]").count()).toBe(0);
      await expectNoTagManager(watched);
      expect(await consentCommands(page)).toHaveLength(2);
    }));

  it("Accept all before the banner's code has arrived loads the tag manager once", () =>
    visitHolding("banner code", "/pricing", PHONE, async (watched, release) => {
      const { page } = watched;
      await banner(page).getByRole("button", { name: CONSENT_TEXT.acceptAll }).click();
      await expectTagManagerRequested(watched);
      release();
      await expect.poll(() => page.locator("[data-consent-banner]").count()).toBe(0);
      expect(await consentCommands(page)).toEqual([
        ["default", { ...DENIED, wait_for_update: 500 }],
        ["update", GRANTED],
      ]);
    }));

  it("Reject all before the site's code has started hides the banner at once, and counts once it starts", () =>
    visitHolding("entry", "/signup", DESKTOP, async (watched, release) => {
      const { page } = watched;
      await banner(page).getByRole("button", { name: CONSENT_TEXT.rejectAll }).click();
      await banner(page).waitFor({ state: "hidden" });
      expect(await storedRecord(page)).toBeNull();
      release();
      await waitForHydration(page);
      await expect.poll(() => storedRecord(page)).toMatchObject({ analytics: false, marketing: false });
      expect(await consentCommands(page)).toEqual([
        ["default", { ...DENIED, wait_for_update: 500 }],
        ["update", DENIED],
      ]);
      expect(await banner(page).isVisible()).toBe(false);
      await expectNoTagManager(watched);
      await page.reload();
      await waitForHydration(page);
      expect(await banner(page).isVisible()).toBe(false);
    }));

  it("Accept all before the site's code has started loads the tag manager once it starts", () =>
    visitHolding("entry", "/", PHONE, async (watched, release) => {
      const { page } = watched;
      await banner(page).getByRole("button", { name: CONSENT_TEXT.acceptAll }).click();
      await banner(page).waitFor({ state: "hidden" });
      expect(watched.tagRequests).toEqual([]);
      release();
      await expectTagManagerRequested(watched);
      expect(await consentCommands(page)).toEqual([
        ["default", { ...DENIED, wait_for_update: 500 }],
        ["update", GRANTED],
      ]);
    }));

  it("Customise before the site's code has started shows the choices once it has", () =>
    visitHolding("entry", "/contact", DESKTOP, async (watched, release) => {
      const { page } = watched;
      await banner(page).getByRole("button", { name: CONSENT_TEXT.customise }).click();
      expect(await banner(page).isVisible()).toBe(true);
      release();
      await banner(page).getByRole("checkbox", { name: CONSENT_TEXT.analytics.label }).waitFor();
      expect(await consentCommands(page)).toEqual([["default", { ...DENIED, wait_for_update: 500 }]]);
    }));

  it("Customise before the banner's code has arrived shows the choices once it has", () =>
    visitHolding("banner code", "/about", DESKTOP, async (watched, release) => {
      const { page } = watched;
      await banner(page).getByRole("button", { name: CONSENT_TEXT.customise }).click();
      release();
      const analytics = banner(page).getByRole("checkbox", { name: CONSENT_TEXT.analytics.label });
      await analytics.check();
      await banner(page).getByRole("button", { name: CONSENT_TEXT.save }).click();
      await banner(page).waitFor({ state: "detached" });
      expect((await consentCommands(page)).at(-1)).toEqual([
        "update",
        { ...DENIED, analytics_storage: "granted" },
      ]);
    }));
});
