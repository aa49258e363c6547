/**
 * The Account page in Chromium against the local runtime (docs/decisions/0061, 0072): changing the
 * password in one browser ends the session of another, the session list marks this device and ends
 * another one, and enrolling an authenticator app with codes computed from the secret the page
 * shows, signing in with one, and removing it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { TOTP_STEP_SECONDS, totpCode, totpStep } from "../../functions/staff/totp";
import type { RuntimeProcess } from "../support/runtime";
import { startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

/** A new Staff member straight in the store (the Team page's own tests cover inviting). */
async function member(username: string, password: string): Promise<void> {
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    username,
    await hashPassword(password),
    new Date(),
    { email: `${username}@example.com`, role: "staff" },
  );
}

/**
 * A code the server accepts whenever it arrives: of the current time step or the next one (a code
 * of the previous step would be refused if the step ended before it arrived) and of a step not
 * used yet (the replay guard refuses a used one). Two codes fit in any step, so this never waits.
 */
function freshCode(secret: string, used: Set<number>): string {
  const now = totpStep(new Date());
  const step = [now, now + 1].find((candidate) => !used.has(candidate));
  if (step === undefined) throw new Error("two codes already used in this time step");
  used.add(step);
  return totpCode(secret, new Date(step * TOTP_STEP_SECONDS * 1000));
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The dashboard, or the page that sent this browser to the login.
  await page.waitForURL(
    (url) => url.pathname.startsWith("/commandcenter") && !url.pathname.endsWith("/login"),
  );
}

/**
 * Logs out from the Account page and waits until the page has loaded "/" (the header goes there only
 * once the server has ended the session), so a navigation right after it cannot be cut short by it.
 */
async function logOut(page: Page): Promise<void> {
  // The next document's DOMContentLoaded: the page that was open fired its own long ago.
  const home = page.waitForEvent("domcontentloaded");
  await page.getByRole("button", { name: "Logout" }).click();
  await home;
  expect(page.url()).toBe(`${runtime.url}/`);
}

async function openAccount(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Account" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter/account`);
  await page.getByRole("heading", { name: "Sessions" }).waitFor();
}

/** The next request of a page whose session was ended elsewhere lands on the login screen. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto(`${runtime.url}/commandcenter/signups`);
  await page.waitForURL(`${runtime.url}/commandcenter/login`);
  await page.getByRole("button", { name: "Sign in" }).waitFor();
}

describe("Account page", () => {
  it("changes the password: the other browser is signed out, the new password works", async () => {
    const first = "first long password for ada";
    const second = "second long password for ada";
    await member("ada", first);
    const [here, there] = [await newPage(), await newPage()];
    await signIn(here, "ada", first);
    await signIn(there, "ada", first);
    await openAccount(here);
    // Other cards ask for the current password too (docs/decisions/0082).
    const card = here.getByRole("region", { name: "Password", exact: true });

    await card.getByLabel("Current password").fill("not the password");
    await here.getByLabel("New password", { exact: true }).fill(second);
    await here.getByLabel("Repeat the new password").fill(second);
    await here.getByRole("button", { name: "Change password" }).click();
    await here.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();

    await card.getByLabel("Current password").fill(first);
    await here.getByLabel("New password", { exact: true }).fill("password1234");
    await here.getByLabel("Repeat the new password").fill("password1234");
    await here.getByRole("button", { name: "Change password" }).click();
    // The policy's own message from the API, under the field.
    await here.locator('input[name="new-password"][aria-invalid="true"]').waitFor();

    await here.getByLabel("New password", { exact: true }).fill(second);
    await here.getByLabel("Repeat the new password").fill(second);
    await here.getByRole("button", { name: "Change password" }).click();
    await here
      .getByRole("status")
      .filter({ hasText: "Your password was changed. 1 other session was signed out." })
      .waitFor();

    await expectSignedOut(there);
    // This device goes on with its new session.
    await here.goto(`${runtime.url}/commandcenter/account`);
    await here.getByRole("heading", { name: "Sessions" }).waitFor();
    expect(here.url()).toBe(`${runtime.url}/commandcenter/account`);
    await signIn(there, "ada", second);
  });

  it("lists two sessions, marks this device and ends the other one", async () => {
    await member("bo", "bo's long enough password");
    const [here, there] = [await newPage(), await newPage()];
    await signIn(here, "bo", "bo's long enough password");
    await signIn(there, "bo", "bo's long enough password");
    await openAccount(here);
    const rows = here.locator("table tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.filter({ hasText: "(this device)" }).count()).toBe(1);
    const other = rows.filter({ hasNotText: "(this device)" });
    await other.getByRole("button", { name: /^End session on / }).click();
    await here.getByRole("status").filter({ hasText: "was ended." }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expectSignedOut(there);

    // End all other sessions: the other browser signs in again and is ended from here.
    await signIn(there, "bo", "bo's long enough password");
    await here.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await here.getByRole("button", { name: "End all other sessions" }).click();
    await here.getByRole("status").filter({ hasText: "1 other session was ended." }).waitFor();
    await expectSignedOut(there);
  });

  it("sets up an authenticator app from the secret on the page, asks for its code at sign-in, removes it", async () => {
    const password = "cy's long enough password";
    await member("cy", password);
    const page = await newPage();
    await signIn(page, "cy", password);
    await openAccount(page);
    // The set-up asks for the password first (test/e2e/account-security.test.ts checks the refusals).
    await page.locator('input[name="totp-start-password"]').fill(password);
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid verification code" }).waitFor();
    const used = new Set<number>();
    await page.getByLabel("Code from the app").fill(freshCode(secret, used));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").filter({ hasText: "Your authenticator app is set up." }).waitFor();

    await logOut(page);
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByLabel("Username").fill("cy");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Verification code").fill(freshCode(secret, used));
    await page.getByRole("button", { name: "Sign in" }).click();
    // The dashboard, or the Account page when the logout's redirect to the login kept it as the
    // target (the login URL loaded again keeps its history state), as signIn() allows.
    await page.waitForURL(
      (url) => url.pathname.startsWith("/commandcenter") && !url.pathname.endsWith("/login"),
    );

    await openAccount(page);
    // Removed with the password: a third code could need the next time step (removing with a code is
    // test/integration/staff-accounts.test.ts's).
    await page.locator('input[name="totp-remove-password"]').fill(password);
    await page.getByRole("button", { name: "Remove authenticator app" }).click();
    await page.getByRole("status").filter({ hasText: "Your authenticator app was removed." }).waitFor();
    await page.getByRole("button", { name: "Set up authenticator app" }).waitFor();
    await logOut(page);
    await signIn(page, "cy", password);
  });
});
