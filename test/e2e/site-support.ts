/**
 * Shared by the site's end-to-end tests: one Chromium (never downloaded: ../support/chromium-path.ts
 * finds the installed one) and a
 * page wrapper that records console errors/warnings, page errors and CSP violations, so that every
 * test can assert a clean console.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { chromiumPath } from "../support/chromium-path";
import { offsetFromEnvironment, shiftDate } from "../support/clock-shift.mjs";
import { type RuntimeProcess, type StartRuntimeOptions, startRuntime } from "../support/runtime";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return onTheRunsClock(browser);
}

/**
 * In a run with a shifted clock (`npm run test:at`), every page of the browser reads the same time
 * as the runtimes that serve it: a person's browser and the servers agree on the date. Every
 * context comes from `newContext` (`newPage` calls it too).
 */
function onTheRunsClock(browser: Browser): Browser {
  const offset = offsetFromEnvironment(process.env);
  if (offset === 0) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await context.addInitScript({ content: `(${shiftDate.toString()})(globalThis, ${offset});` });
    return context;
  };
  return browser;
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and warnings, uncaught errors, CSP violations — all should stay empty. */
  readonly problems: string[];
  close(): Promise<void>;
}

/** Requests to the outside world are answered locally: the site must never depend on them. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: { hasTouch?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, hasTouch: options.hasTouch ?? false });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // An inline <style> or style attribute the policy blocks reports blockedURI "inline" and
      // style-src-elem / style-src-attr: recorded like any other violation.
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return { page, context, problems, close: () => context.close() };
}

export interface Site {
  /** The local runtime serving web/dist (started in beforeAll). */
  readonly runtime: RuntimeProcess;
  /** A fresh watched page in the shared Chromium. */
  open(viewport?: { width: number; height: number }, options?: { hasTouch?: boolean }): Promise<WatchedPage>;
}

/**
 * The fixture of every site e2e file: one runtime and one Chromium for the file, both stopped after
 * it. `runtimeOptions`: e.g. `{ env: { TAG_MANAGER_ID: "GTM-…" } }` for the site with a container.
 */
export function siteFixture(runtimeOptions: StartRuntimeOptions = {}): Site {
  let runtime: RuntimeProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [runtime, browser] = await Promise.all([startRuntime(runtimeOptions), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("siteFixture(): the runtime and browser start in beforeAll");
    return value;
  };
  return {
    get runtime() {
      return started(runtime);
    },
    open: (viewport, options) => openPage(started(browser), viewport, options),
  };
}

/** The page has hydrated: the client marks <html data-hydrated> after its first commit. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/**
 * Below-the-fold islands (web/src/routing/deferred.tsx) hydrate when they near the viewport:
 * scroll each into view and wait until it is live.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  const names = await page
    .locator("[data-island]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-island") ?? ""));
  for (const name of names) {
    await page.locator(`[data-island="${name}"]`).scrollIntoViewIfNeeded();
    await page.locator(`[data-island="${name}"][data-island-hydrated]`).waitFor({ state: "attached" });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** window.dataLayer as the page holds it. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.dataLayer ?? [])) as Record<string, unknown>[]);
}

/** Fills every field of /signup as a person would, with `email` as the address. */
export async function fillSignup(page: Page, email: string): Promise<void> {
  await page.getByLabel("First name").fill("Avery");
  await page.getByLabel("Last name").fill("Stone");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Team (Multiple people)").check();
  await page.getByLabel("Multiple Lines").check();
  await page.getByLabel(/Anything we should know/).fill("We carry 12 lines across 3 states.");
}
