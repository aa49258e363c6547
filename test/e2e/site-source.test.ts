/**
 * Where a lead came from, in Chromium (docs/decisions/0141-lead-source-capture.md): with analytics
 * accepted the visit's first touch is kept and sent; refused, only what the signup page's own URL
 * and referrer carry; with Global Privacy Control nothing is kept in the browser. The runtime has
 * a tag manager container so that consent is asked; requests to the tag manager are aborted.
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONSENT_TEXT } from "../../web/src/content/consent";
import { siteFixture, type WatchedPage, waitForHydration } from "./site-support";

const site = siteFixture({ env: { TAG_MANAGER_ID: "GTM-CONSENT1" } });
const SOURCE_KEY = "repdesk.source";

async function visit(options: { gpc?: boolean } = {}): Promise<WatchedPage> {
  const watched = await site.open();
  await watched.context.route("https://www.googletagmanager.com/**", (route) => route.abort());
  if (options.gpc)
    await watched.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", {
        get: () => true,
        configurable: true,
      });
    });
  return watched;
}

async function land(page: Page, path: string, referer?: string): Promise<void> {
  await page.goto(`${site.runtime.url}${path}`, referer ? { referer } : {});
  await waitForHydration(page);
}

async function choose(page: Page, button: "Accept all" | "Reject all"): Promise<void> {
  const banner = page.getByRole("region", { name: CONSENT_TEXT.heading });
  await banner.getByRole("button", { name: button }).click();
  await banner.waitFor({ state: "hidden" });
}

/** Follows a link to /signup inside the app (no page load: a marker set before survives). */
async function browseToSignup(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('a[href="/signup"]').first().click();
  await page.waitForURL("**/signup");
  await page.getByLabel("First name").waitFor();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
}

async function signUp(page: Page, email: string): Promise<Record<string, unknown>> {
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Source");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Team (Multiple people)").check();
  await page.getByLabel("Multiple Lines").check();
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
  return site.runtime.waitFor(async () => {
    const scan = await site.runtime.db.send(new ScanCommand({ TableName: site.runtime.table("signups") }));
    return scan.Items?.find((item) => item.email === email);
  });
}

/** Waits for the kept first touch: the capture loads after the first paint, maybe after a click. */
async function firstTouchKept(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, SOURCE_KEY);
}

/** What of the source the browser holds: the local storage item and any cookie naming it. */
async function keptInBrowser(watched: WatchedPage): Promise<{ stored: string | null; cookies: string[] }> {
  const stored = await watched.page.evaluate((key) => localStorage.getItem(key), SOURCE_KEY);
  const cookies = (await watched.context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
  return { stored, cookies };
}

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;

describe("the lead's source in the browser", () => {
  it("analytics accepted: the landing's campaign is kept, and the signup made pages later carries it", async () => {
    const watched = await visit();
    try {
      await land(watched.page, "/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=fall");
      await choose(watched.page, "Accept all");
      await firstTouchKept(watched.page);
      const kept = JSON.parse((await keptInBrowser(watched)).stored ?? "null");
      expect(kept.touch).toMatchObject({
        landingPath: "/pricing",
        utmSource: "newsletter",
        utmCampaign: "fall",
      });
      await browseToSignup(watched.page);
      const lead = await signUp(watched.page, unique("accepted"));
      expect(lead.source).toEqual({
        landingPath: "/pricing",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "fall",
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        channel: "email",
      });
    } finally {
      await watched.close();
    }
  });

  it("analytics refused: only the signup page's own URL and referrer, and nothing kept", async () => {
    const watched = await visit();
    try {
      await land(
        watched.page,
        "/pricing?utm_source=newsletter&utm_medium=email",
        "https://www.google.com/search?q=x",
      );
      await choose(watched.page, "Reject all");
      await browseToSignup(watched.page);
      // Reached inside the app: the page's referrer is our own /pricing, its URL has no campaign.
      expect((await signUp(watched.page, unique("refused"))).source).toEqual({
        landingPath: "/signup",
        channel: "direct",
      });
      expect(await keptInBrowser(watched)).toMatchObject({ stored: null });
    } finally {
      await watched.close();
    }
    const direct = await visit();
    try {
      await land(
        direct.page,
        "/signup?utm_source=linkedin&utm_medium=social&x=1",
        "https://www.linkedin.com/feed/update/1",
      );
      await choose(direct.page, "Reject all");
      // Landed on the signup page itself: its URL's campaign and its referrer's origin, no more.
      expect((await signUp(direct.page, unique("refused-direct"))).source).toEqual({
        landingPath: "/signup",
        referrerOrigin: "https://www.linkedin.com",
        utmSource: "linkedin",
        utmMedium: "social",
        channel: "organic-social",
      });
      expect(await keptInBrowser(direct)).toMatchObject({ stored: null });
    } finally {
      await direct.close();
    }
  });

  it("Global Privacy Control: even with analytics accepted nothing is kept in the browser", async () => {
    const watched = await visit({ gpc: true });
    try {
      await land(watched.page, "/pricing?utm_source=newsletter&utm_medium=email&gclid=Cj0-gpc");
      await choose(watched.page, "Accept all");
      await browseToSignup(watched.page);
      const lead = await signUp(watched.page, unique("gpc"));
      expect(lead.source).toEqual({ landingPath: "/signup", channel: "direct" });
      const kept = await keptInBrowser(watched);
      expect(kept.stored).toBeNull();
      expect(kept.cookies.filter((cookie) => /source|utm|gclid|newsletter/i.test(cookie))).toEqual([]);
      const storage = await watched.page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(storage).not.toMatch(/newsletter|gclid|Cj0-gpc/);
    } finally {
      await watched.close();
    }
  });

  it("a capture that cannot load: the form still submits, with no source", async () => {
    const watched = await visit();
    // The capture loads after the first paint (web/src/analytics/landing.ts); here it never does.
    await watched.context.route("**/assets/sourceCapture-*.js", (route) => route.abort());
    try {
      await land(watched.page, "/signup?utm_source=newsletter&utm_medium=email");
      await choose(watched.page, "Accept all");
      const lead = await signUp(watched.page, unique("no-capture"));
      expect(lead.source).toEqual({ channel: "direct" });
      expect((await keptInBrowser(watched)).stored).toBeNull();
    } finally {
      await watched.close();
    }
  });

  it("withdrawing consent forgets the kept first touch", async () => {
    const watched = await visit();
    try {
      await land(watched.page, "/pricing?utm_source=google&utm_medium=cpc");
      await choose(watched.page, "Accept all");
      await firstTouchKept(watched.page);
      await watched.page
        .getByRole("contentinfo")
        .getByRole("button", { name: CONSENT_TEXT.footerLink })
        .click();
      await choose(watched.page, "Reject all");
      expect((await keptInBrowser(watched)).stored).toBeNull();
    } finally {
      await watched.close();
    }
  });
});
