/**
 * The Command Center when requests fail, in Chromium against the local runtime: a failed call shows
 * its message with "Try again" (and trying again works), a 401 in the middle of a session (the
 * session ended elsewhere) goes to the login and back to the same page after signing in.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_ADMIN, startStaffRuntime } from "../integration/auth-support";
import type { RuntimeProcess } from "../support/runtime";
import { launchChromium } from "./site-support";

let runtime: RuntimeProcess;
let browser: Browser;

beforeAll(async () => {
  [runtime, browser] = await Promise.all([startStaffRuntime(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function signIn(page: Page, expectedUrl = `${runtime.url}/commandcenter`) {
  await page.getByLabel("Username").fill(FIRST_ADMIN.username);
  await page.getByLabel("Password").fill(FIRST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(expectedUrl);
}

describe("failed requests", () => {
  it("shows the failure with Try again, and trying again loads the page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    await signIn(page);
    await page.getByText("Total Signups").waitFor();

    // The next list request fails as a busy service would answer it.
    let failures = 1;
    await page.route("**/api/admin/signups?**", async (route) => {
      if (failures-- > 0) {
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            error: "The service is busy or temporarily unavailable. Please try again in a moment.",
          }),
        });
      } else await route.continue();
    });
    await page.getByRole("link", { name: "View all" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText("The service is busy or temporarily unavailable.").waitFor();
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByText(/of \d+ signups/).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    // No answer at all (the network is down): a plain message, not an empty table.
    await page.route("**/api/admin/signups/stats**", (route) => route.abort("internetdisconnected"));
    await page.goto(`${runtime.url}/commandcenter`);
    await page.getByRole("alert").getByText("Could not reach the server.").waitFor();
    await page.unroute("**/api/admin/signups/stats**");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("Total Signups").waitFor();
    await context.close();
  });

  it("a 401 mid-session goes to the login, then back to the same page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${runtime.url}/commandcenter/contacts`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, `${runtime.url}/commandcenter/contacts`);
    await page.getByText(/of \d+ messages/).waitFor();

    // The session ends elsewhere (logout revokes it server-side); this tab still has the cookie.
    const [cookie] = await context.cookies();
    const logout = await fetch(`${runtime.url}/api/auth/logout`, {
      method: "POST",
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(logout.status).toBe(204);

    await page.getByRole("searchbox").fill("ada");
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, `${runtime.url}/commandcenter/contacts`);
    expect(new URL(page.url()).pathname).toBe("/commandcenter/contacts");
    await context.close();
  });
});
