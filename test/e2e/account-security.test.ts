/**
 * The Account page's security changes in Chromium against the local runtime (docs/decisions/0082):
 * a new e-mail address asks for the current password (a wrong one is refused on the page), the old
 * address gets the notice from the local SES inbox, and its "This wasn't me" link, opened in
 * another browser, ends the session of the browser that made the change and gives the old address
 * back; setting up an authenticator app asks for the password before it shows a secret.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, NOT_ME_MESSAGES } from "../../events";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import type { RuntimeProcess } from "../support/runtime";
import { startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function member(username: string): Promise<string> {
  const password = `${username} has a long enough password`;
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    username,
    await hashPassword(password),
    new Date(),
    { email: `${username}@example.com`, role: "staff" },
  );
  return password;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  return context.newPage();
}

async function signInToAccount(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(
    (url) => url.pathname.startsWith("/commandcenter") && !url.pathname.endsWith("/login"),
  );
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("heading", { name: "Sessions" }).waitFor();
}

/** The "This wasn't me" link of the newest notice to `to` in the local SES inbox. */
async function notMeLink(to: string): Promise<string> {
  return runtime.waitFor(async () => {
    const texts = (await runtime.emails())
      .filter((email) => email.destination.to.includes(to))
      .map((email) => email.body.text ?? "");
    const links = texts.flatMap((text) => /https?:\/\/\S+\/commandcenter\/not-me#token=\S+/.exec(text) ?? []);
    return links.at(-1);
  });
}

describe("Account page: security changes", () => {
  it("changes the address only with the password; the old address's 'This wasn't me' link signs this browser out", async () => {
    const password = await member("nia");
    const page = await newPage();
    await signInToAccount(page, "nia", password);
    const card = page.getByRole("region", { name: "E-mail address" });
    const save = card.getByRole("button", { name: "Save address" });
    await card.getByLabel("E-mail address").fill("nia.elsewhere@example.com");

    await save.click();
    await card.getByRole("alert").filter({ hasText: "Enter your current password" }).waitFor();
    await card.getByLabel("Current password").fill("not nia's password");
    await save.click();
    await card.getByRole("alert").filter({ hasText: ACCOUNT_MESSAGES.currentPasswordWrong }).waitFor();
    await card.getByLabel("Current password").fill(password);
    await save.click();
    await card
      .getByRole("status")
      .filter({ hasText: "Your e-mail address was saved. We told nia@example.com" })
      .waitFor();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/account-email-changed.png`, fullPage: true });

    // The owner reads the old inbox elsewhere and says it wasn't them.
    const link = await notMeLink("nia@example.com");
    const mail = await newPage();
    await mail.goto(link);
    await mail.getByRole("heading", { name: "This wasn't me" }).waitFor();
    if (SCREENSHOTS) await mail.screenshot({ path: `${SCREENSHOTS}/not-me.png`, fullPage: true });
    await mail.getByRole("button", { name: "Secure my account" }).click();
    await mail.getByRole("status").filter({ hasText: NOT_ME_MESSAGES.done }).waitFor();
    expect(await mail.getByRole("status").textContent()).toContain(NOT_ME_MESSAGES.addressRestored);
    if (SCREENSHOTS) await mail.screenshot({ path: `${SCREENSHOTS}/not-me-done.png`, fullPage: true });

    // The browser that made the change is signed out on its next request.
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    expect((await new UsersRepository(runtime.db, runtime.table("users")).find("nia"))?.email).toBe(
      "nia@example.com",
    );

    // The link works once.
    await mail.reload();
    await mail.getByRole("button", { name: "Secure my account" }).click();
    await mail.getByRole("alert").filter({ hasText: NOT_ME_MESSAGES.invalidLink }).waitFor();
  });

  it("asks for the password before setting up an authenticator app", async () => {
    const password = await member("oli");
    const page = await newPage();
    await signInToAccount(page, "oli", password);
    const card = page.getByRole("region", { name: "Authenticator app" });
    const start = card.getByRole("button", { name: "Set up authenticator app" });

    await start.click();
    await card.getByRole("alert").filter({ hasText: "Enter your current password" }).waitFor();
    await card.getByLabel("Current password").fill("not oli's password");
    await start.click();
    await card.getByRole("alert").filter({ hasText: ACCOUNT_MESSAGES.currentPasswordWrong }).waitFor();
    expect(await card.getByTestId("totp-secret").count()).toBe(0);
    await card.getByLabel("Current password").fill(password);
    await start.click();
    await card.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    expect(await card.getByTestId("totp-secret").textContent()).toMatch(/^[A-Z2-7]{32}$/);
  });
});
