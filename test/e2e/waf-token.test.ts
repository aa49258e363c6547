/**
 * The forms' WAF token in Chromium against the local runtime and its stand-in
 * (docs/decisions/0135-waf-token-in-the-page.md, 0136-local-waf-token-stand-in.md):
 * - submitting /signup asks the stand-in's script for a token just before the POST and sends it in
 *   `x-aws-waf-token` (the front door takes it: 201, where a bad token gets WAF's 202), with the
 *   fill time, and the page's CSP reports nothing;
 * - the script is requested after the first contentful paint on /signup and /contact, and never on
 *   / or /pricing;
 * - with the script's URL blocked, the form still submits (201) without a token.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WAF_TOKEN_HEADER } from "../../events/waf-token";
import { LOCAL_WAF_SDK_PATH } from "../../infra/stages";
import { fillSignup, siteFixture, type WatchedPage, waitForHydration } from "./site-support";

const site = siteFixture();

async function withPage(
  path: string,
  before: (page: Page) => Promise<void>,
  test: (watched: WatchedPage, requests: Request[]) => Promise<void>,
): Promise<void> {
  const watched = await site.open();
  try {
    const requests: Request[] = [];
    watched.page.on("request", (request) => requests.push(request));
    await before(watched.page);
    await watched.page.goto(`${site.runtime.url}${path}`);
    await waitForHydration(watched.page);
    await test(watched, requests);
  } finally {
    await watched.close();
  }
}

const isSdk = (request: Request) => new URL(request.url()).pathname === LOCAL_WAF_SDK_PATH;

describe("the signup form's WAF token", () => {
  it("sends the stand-in's token and the fill time with the submit, under the CSP without a violation", async () => {
    await withPage(
      "/signup",
      async () => {},
      async ({ page, problems }, requests) => {
        await fillSignup(page, `waf.token.${Date.now()}@example.com`);
        const [response] = await Promise.all([
          page.waitForResponse((answer) => answer.url().endsWith("/api/signup")),
          page.getByRole("button", { name: "Get Started" }).click(),
        ]);
        expect(response.status()).toBe(201);
        const sent = response.request();
        expect(sent.headers()[WAF_TOKEN_HEADER]).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        const body = JSON.parse(sent.postData() ?? "{}") as { fillMs?: unknown };
        expect(typeof body.fillMs).toBe("number");
        expect(body.fillMs).toBeGreaterThanOrEqual(0);
        await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
        expect(requests.filter(isSdk)).toHaveLength(1);
        expect(problems.filter((problem) => /CSP|Content Security Policy/i.test(problem))).toEqual([]);
        expect(problems).toEqual([]);
      },
    );
  });

  it("still submits (201) without a token when the script's URL is blocked", async () => {
    await withPage(
      "/signup",
      async (page) => {
        await page.route(`**${LOCAL_WAF_SDK_PATH}`, (route) => route.abort("blockedbyclient"));
      },
      async ({ page }) => {
        await fillSignup(page, `waf.blocked.${Date.now()}@example.com`);
        const [response] = await Promise.all([
          page.waitForResponse((answer) => answer.url().endsWith("/api/signup")),
          page.getByRole("button", { name: "Get Started" }).click(),
        ]);
        expect(response.status()).toBe(201);
        expect(response.request().headers()[WAF_TOKEN_HEADER]).toBeUndefined();
        await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
      },
    );
  });
});

describe("where the script loads", () => {
  it.each(["/signup", "/contact"])("%s requests it after the first contentful paint", async (path) => {
    await withPage(
      path,
      async () => {},
      async ({ page }, requests) => {
        await expect.poll(() => requests.filter(isSdk).length).toBe(1);
        const order = await page.evaluate((sdkPath) => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1;
          const sdk = performance
            .getEntriesByType("resource")
            .find((entry) => new URL(entry.name).pathname === sdkPath);
          return { paint, sdk: sdk?.startTime ?? -1 };
        }, LOCAL_WAF_SDK_PATH);
        expect(order.paint).toBeGreaterThan(0);
        expect(order.sdk).toBeGreaterThan(order.paint);
      },
    );
  });

  it.each(["/", "/pricing"])("%s never requests it", async (path) => {
    await withPage(
      path,
      async () => {},
      async ({ page }, requests) => {
        await page.waitForLoadState("networkidle");
        expect(requests.filter(isSdk)).toEqual([]);
        expect(await page.evaluate(() => "AwsWafIntegration" in window)).toBe(false);
      },
    );
  });
});
