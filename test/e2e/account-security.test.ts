/**
 * The Account page's security changes in Chromium against the local runtime (docs/decisions/0082):
 * a new e-mail address asks for the current password (a wrong one is refused on the page) and is
 * shown as pending until the link e-mailed to it is followed in another browser (docs/decisions/
 * 0122), or cancelled; the old address gets the notice from the local SES inbox, and its "This
 * wasn't me" link ends the session of the browser that asked and cancels the pending change
 * (docs/decisions/0121); setting up an authenticator app asks for the password before it shows a
 * secret.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_MESSAGES, NOT_ME_MESSAGES } from "../../events";
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

/** The newest link to `path` in the e-mails to `to` in the local SES inbox. */
async function linkTo(to: string, path: string): Promise<string> {
  return runtime.waitFor(async () => {
    const texts = (await runtime.emails())
      .filter((email) => email.destination.to.includes(to))
      .map((email) => email.body.text ?? "");
    const pattern = new RegExp(`https?://\\S+${path}#token=\\S+`);
    const links = texts.flatMap((text) => pattern.exec(text) ?? []);
    return links.at(-1);
  });
}

/** The "This wasn't me" link of the newest notice to `to`. */
const notMeLink = (to: string) => linkTo(to, "/commandcenter/not-me");

describe("Account page: security changes", () => {
  it("asks for the password, shows the new address as pending; the old address's 'This wasn't me' link cancels it and signs this browser out", async () => {
    const password = await member("nia");
    const page = await newPage();
    await signInToAccount(page, "nia", password);
    const card = page.getByRole("region", { name: "E-mail address" });
    const save = card.getByRole("button", { name: "Change address" });
    await card.getByLabel("E-mail address").fill("nia.elsewhere@example.com");

    await save.click();
    await card.getByRole("alert").filter({ hasText: "Enter your current password" }).waitFor();
    await card.getByLabel("Current password").fill("not nia's password");
    await save.click();
    await card.getByRole("alert").filter({ hasText: ACCOUNT_MESSAGES.currentPasswordWrong }).waitFor();
    await card.getByLabel("Current password").fill(password);
    await save.click();
    const pending = card.getByRole("status", { name: "Pending address change" });
    await pending.filter({ hasText: "nia.elsewhere@example.com" }).waitFor();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/account-email-pending.png`, fullPage: true });
    // Nothing changed yet.
    expect((await new UsersRepository(runtime.db, runtime.table("users")).find("nia"))?.email).toBe(
      "nia@example.com",
    );

    // The owner reads the old inbox elsewhere and says it wasn't them.
    const link = await notMeLink("nia@example.com");
    const mail = await newPage();
    await mail.goto(link);
    await mail.getByRole("heading", { name: "This wasn't me" }).waitFor();
    if (SCREENSHOTS) await mail.screenshot({ path: `${SCREENSHOTS}/not-me.png`, fullPage: true });
    await mail.getByRole("button", { name: "Secure my account" }).click();
    await mail.getByRole("status").filter({ hasText: NOT_ME_MESSAGES.done }).waitFor();
    expect(await mail.getByRole("status").textContent()).toContain(NOT_ME_MESSAGES.emailChangeCancelled);
    if (SCREENSHOTS) await mail.screenshot({ path: `${SCREENSHOTS}/not-me-done.png`, fullPage: true });

    // The browser that asked is signed out on its next request; the address never changed.
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

  it("changes the address once its link is followed, and cancels a pending change", async () => {
    const password = await member("ola");
    const page = await newPage();
    await signInToAccount(page, "ola", password);
    const card = page.getByRole("region", { name: "E-mail address" });
    await card.getByLabel("E-mail address").fill("ola.new@example.com");
    await card.getByLabel("Current password").fill(password);
    await card.getByRole("button", { name: "Change address" }).click();
    await card
      .getByRole("status", { name: "Pending address change" })
      .filter({ hasText: "ola.new@example.com" })
      .waitFor();

    // The new inbox, opened elsewhere: the page acts only on the button.
    const link = await linkTo("ola.new@example.com", "/commandcenter/confirm-email");
    const mail = await newPage();
    await mail.goto(link);
    await mail.getByRole("heading", { name: "Confirm your new address" }).waitFor();
    expect((await new UsersRepository(runtime.db, runtime.table("users")).find("ola"))?.email).toBe(
      "ola@example.com",
    );
    await mail.getByRole("button", { name: "Confirm this address" }).click();
    await mail.getByRole("status").filter({ hasText: EMAIL_CHANGE_MESSAGES.confirmed }).waitFor();
    if (SCREENSHOTS) await mail.screenshot({ path: `${SCREENSHOTS}/confirm-email-done.png`, fullPage: true });
    expect((await new UsersRepository(runtime.db, runtime.table("users")).find("ola"))?.email).toBe(
      "ola.new@example.com",
    );

    // The account page, loaded again, shows the new address and nothing pending.
    await page.reload();
    await card.getByText("(ola.new@example.com)").waitFor();
    expect(await card.getByRole("status", { name: "Pending address change" }).count()).toBe(0);

    // Another change, cancelled on the page: its link then does nothing.
    await card.getByLabel("E-mail address").fill("ola.third@example.com");
    await card.getByLabel("Current password").fill(password);
    await card.getByRole("button", { name: "Change address" }).click();
    await card.getByRole("status", { name: "Pending address change" }).waitFor();
    await card.getByRole("button", { name: "Cancel this change" }).click();
    await card.getByRole("status").filter({ hasText: EMAIL_CHANGE_MESSAGES.cancelled }).waitFor();
    expect(await card.getByRole("status", { name: "Pending address change" }).count()).toBe(0);
    await mail.goto(await linkTo("ola.third@example.com", "/commandcenter/confirm-email"));
    await mail.reload();
    await mail.getByRole("button", { name: "Confirm this address" }).click();
    await mail.getByRole("alert").filter({ hasText: EMAIL_CHANGE_MESSAGES.invalidLink }).waitFor();
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
