/**
 * Passkeys in Chromium against the local runtime (docs/decisions/0073-passkeys.md), with the
 * browser's own WebAuthn stack and a virtual authenticator (Chrome DevTools' WebAuthn domain:
 * CTAP2, internal or USB transport, resident keys, user verification): a passkey added on the Account
 * page signs in alone (no username or password typed) and lands on the dashboard; the same runtime
 * reached at another origin (a TCP relay on another port of localhost) refuses to add a passkey
 * made there and refuses to sign in with the one made at the runtime's own origin. A roaming
 * security key (USB) signs in alone too; the Team page shows it as the member's second factor and
 * an admin's "Reset second factor" removes it (audit entry), after which it no longer signs in.
 * Accepting an invitation offers an optional second factor after the password: a passkey or an
 * authenticator app (Skip is test/e2e/team.test.ts's way through).
 */
import { once } from "node:events";
import { connect, createServer, type Server } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../../events/passkeys";
import { ACCOUNT_MESSAGES } from "../../events/staff";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { totpCode } from "../../functions/staff/totp";
import { call, linkTokenFor, signIn } from "../integration/auth-support";
import type { RuntimeProcess } from "../support/runtime";
import { ADMIN, signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

const PAM = { username: "pam", password: "pam's long enough password" };
let runtime: RuntimeProcess;
let browser: Browser;
let relay: Server;
/** The runtime reached through the relay: same pages, same API, same store, another origin. */
let otherOrigin: string;

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    PAM.username,
    await hashPassword(PAM.password),
    new Date(),
    { email: "pam@example.com", role: "staff" },
  );
  const target = new URL(runtime.url);
  relay = createServer((socket) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port) });
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on("error", close);
    upstream.on("error", close);
  });
  relay.listen(0, "localhost");
  await once(relay, "listening");
  const address = relay.address();
  if (!address || typeof address === "string") throw new Error("relay has no port");
  otherOrigin = `http://localhost:${address.port}`;
});

afterAll(async () => {
  relay?.close();
  await browser?.close();
  await runtime?.stop();
});

/** A built-in authenticator (a laptop's or phone's) or a roaming security key on USB. */
type AuthenticatorKind = "platform" | "securityKey";

/** A page with its own virtual authenticator (user verification always succeeds). */
async function pageWithAuthenticator(kind: AuthenticatorKind = "platform"): Promise<{
  context: BrowserContext;
  page: Page;
  credentials: () => Promise<number>;
}> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: kind === "platform" ? "internal" : "usb",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length;
  return { context, page, credentials };
}

async function signInWithPassword(page: Page, origin: string, who = PAM): Promise<void> {
  await page.goto(`${origin}/commandcenter/login`);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${origin}/commandcenter`);
}

async function addPasskey(page: Page, origin: string, name: string, who = PAM): Promise<void> {
  await page.goto(`${origin}/commandcenter/account`);
  const card = page.getByRole("region", { name: "Passkeys" });
  await card.getByText("No passkeys yet.").or(card.locator("table")).waitFor();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await card.getByLabel("Current password").fill(who.password);
  await card.getByLabel("Name (optional)").fill(name);
  await card.getByRole("button", { name: "Create passkey" }).click();
}

/**
 * Logs out from the dashboard and waits until the session is gone and the page has gone to "/" (a
 * full load of the site's home page, once the server ended the session): a navigation the test
 * starts next is then not cut short by it.
 */
async function logout(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/commandcenter`);
  await page.getByRole("heading", { name: /^Welcome, / }).waitFor();
  // The next document's DOMContentLoaded: the page that was open fired its own long ago.
  const home = page.waitForEvent("domcontentloaded");
  await page.getByRole("button", { name: "Logout" }).click();
  await home;
  expect(page.url()).toBe(`${origin}/`);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${origin}/api/auth/user`)).json()) as { user: unknown }).user,
    )
    .toBeNull();
}

const storedPasskeys = async (username = PAM.username) =>
  (await new UsersRepository(runtime.db, runtime.table("users")).find(username))?.passkeys ?? [];

describe("passkeys in Chromium", () => {
  it("adds a passkey on the Account page, then signs in with it alone; another origin is refused", async () => {
    const { context, page, credentials } = await pageWithAuthenticator();
    await signInWithPassword(page, runtime.url);
    await addPasskey(page, runtime.url, "Test laptop");
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByRole("status").filter({ hasText: "The passkey Test laptop was added." }).waitFor();
    await card.getByRole("cell", { name: "Test laptop", exact: true }).waitFor();
    expect(await card.locator("tbody tr").count()).toBe(1);
    expect(await credentials()).toBe(1);
    expect(await storedPasskeys()).toHaveLength(1);

    await logout(page, runtime.url);
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter`);
    await page.getByRole("heading", { name: "Welcome, pam" }).waitFor();
    await page.goto(`${runtime.url}/commandcenter/account`);
    const lastUsed = page.getByRole("region", { name: "Passkeys" }).locator("tbody tr td").nth(2);
    await expect.poll(() => lastUsed.textContent()).not.toBe("Never");

    // The same passkey at another origin of the same runtime: the browser signs, the server refuses.
    await logout(page, runtime.url);
    await page.goto(`${otherOrigin}/commandcenter/login`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(PASSKEY_MESSAGES.wrongSite);
    expect(page.url()).toBe(`${otherOrigin}/commandcenter/login`);
    const user = await page.evaluate(async () => (await (await fetch("/api/auth/user")).json()) as unknown);
    expect(user).toEqual({ user: null });
    // The form's own sign-in is untouched by the passkey button.
    await page.getByLabel("Username").fill(PAM.username);
    await page.getByLabel("Password", { exact: true }).fill(PAM.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${otherOrigin}/commandcenter`);
    await context.close();
  });

  it("refuses a passkey made at another origin and stores nothing", async () => {
    const { context, page, credentials } = await pageWithAuthenticator();
    const before = await storedPasskeys();
    await signInWithPassword(page, otherOrigin);
    await addPasskey(page, otherOrigin, "Elsewhere");
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByRole("alert").filter({ hasText: PASSKEY_MESSAGES.wrongSite }).waitFor();
    // The authenticator made one; the server kept none.
    expect(await credentials()).toBe(1);
    expect(await storedPasskeys()).toEqual(before);
    expect(await card.getByRole("cell", { name: "Elsewhere", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("removing a passkey asks for the current password; a wrong one keeps it, the right one removes it", async () => {
    const ria = { username: "ria", password: "ria's long enough password" };
    await new UsersRepository(runtime.db, runtime.table("users")).create(
      ria.username,
      await hashPassword(ria.password),
      new Date(),
      { email: "ria@example.com", role: "staff" },
    );
    const { context, page } = await pageWithAuthenticator();
    await signInWithPassword(page, runtime.url, ria);
    await addPasskey(page, runtime.url, "Ria's phone", ria);
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByRole("cell", { name: "Ria's phone", exact: true }).waitFor();

    await card.getByRole("button", { name: "Remove passkey Ria's phone" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove passkey" });
    const password = dialog.getByLabel("Current password");
    await password.waitFor();
    // Without the password nothing is removed; the field says why.
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await dialog.getByText("Enter your current password").waitFor();
    await password.fill("not ria's password at all");
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await dialog.getByText(ACCOUNT_MESSAGES.currentPasswordWrong).waitFor();
    expect(await storedPasskeys(ria.username)).toHaveLength(1);

    const since = Math.floor(Date.now() / 1000) - 1;
    await password.fill(ria.password);
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("No passkeys yet.").waitFor();
    expect(await storedPasskeys(ria.username)).toEqual([]);
    // Announced to the account's address (docs/decisions/0082).
    await expect
      .poll(async () =>
        (await runtime.emails()).some(
          (mail) =>
            mail.at >= since &&
            mail.destination.to.includes("ria@example.com") &&
            mail.body.text?.startsWith(`The passkey "Ria's phone" was removed from your account.`),
        ),
      )
      .toBe(true);
    await context.close();
  });

  it("a security key signs in alone; the Team page shows it, and an admin's reset removes it", async () => {
    const ros = { username: "ros", password: "ros's long enough password" };
    await new UsersRepository(runtime.db, runtime.table("users")).create(
      ros.username,
      await hashPassword(ros.password),
      new Date(),
      { email: "ros@example.com", role: "staff" },
    );
    const { context, page, credentials } = await pageWithAuthenticator("securityKey");
    await signInWithPassword(page, runtime.url, ros);
    await addPasskey(page, runtime.url, "Office key", ros);
    await page
      .getByRole("region", { name: "Passkeys" })
      .getByRole("status")
      .filter({ hasText: "The passkey Office key was added." })
      .waitFor();
    expect(await credentials()).toBe(1);
    await logout(page, runtime.url);
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("heading", { name: "Welcome, ros" }).waitFor();
    await logout(page, runtime.url);

    const admin = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
    const adminPage = await admin.newPage();
    await adminPage.goto(`${runtime.url}/commandcenter/login`);
    await signInAsAdmin(adminPage);
    await adminPage.waitForURL(`${runtime.url}/commandcenter`);
    await adminPage.goto(`${runtime.url}/commandcenter/team`);
    const row = adminPage
      .getByRole("row")
      .filter({ has: adminPage.getByRole("cell", { name: "ros", exact: true }) });
    await row.getByRole("cell", { name: "Yes (1 passkey)", exact: true }).waitFor();
    await row.getByRole("button", { name: "Reset second factor of ros" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Reset second factor" }).click();
    await row.getByRole("cell", { name: "No", exact: true }).waitFor();
    const audit = adminPage.getByRole("region", { name: "Audit log" });
    await audit
      .getByRole("row")
      .filter({ hasText: "Reset second factor of" })
      .filter({ has: adminPage.getByRole("cell", { name: "ros", exact: true }) })
      .waitFor();
    expect(await storedPasskeys(ros.username)).toEqual([]);
    await admin.close();

    // The key still holds the credential; the server no longer knows it.
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(PASSKEY_MESSAGES.notRegistered);
    expect(await credentials()).toBe(1);
    await context.close();
  });

  describe("accepting an invitation", () => {
    const PASSWORD = "a long enough password for the newcomer";

    /** An invitation made through the API; its link's token from the local SES inbox (one per address). */
    async function invitationToken(email: string): Promise<string> {
      const cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
      const answer = await call(runtime, "POST", "/api/team/invitations", {
        cookie,
        body: { email, role: "staff" },
      });
      expect(answer.status, answer.text).toBe(201);
      return linkTokenFor(runtime, email);
    }

    async function accept(page: Page, email: string): Promise<void> {
      await page.goto(`${runtime.url}/commandcenter/accept-invitation#token=${await invitationToken(email)}`);
      await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Repeat the password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("button", { name: "Skip" }).waitFor();
    }

    it("offers a passkey after the password, which then signs in alone", async () => {
      const { context, page, credentials } = await pageWithAuthenticator();
      await accept(page, "kai@example.com");
      await page.getByRole("button", { name: "Create a passkey" }).click();
      await page.waitForURL(`${runtime.url}/commandcenter`);
      expect(await credentials()).toBe(1);
      const stored = await new UsersRepository(runtime.db, runtime.table("users")).find("kai@example.com");
      expect(stored?.passkeys).toHaveLength(1);

      await logout(page, runtime.url);
      await page.goto(`${runtime.url}/commandcenter/login`);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.getByRole("heading", { name: "Welcome, kai@example.com" }).waitFor();
      await context.close();
    });

    it("offers an authenticator app after the password", async () => {
      const { context, page } = await pageWithAuthenticator();
      await accept(page, "lee@example.com");
      await page.getByRole("button", { name: "Set up authenticator app" }).click();
      const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
      await page.getByLabel("Code from the app").fill(totpCode(secret, new Date()));
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL(`${runtime.url}/commandcenter`);
      const stored = await new UsersRepository(runtime.db, runtime.table("users")).find("lee@example.com");
      expect(stored?.totpSecret).toBe(secret);
      await context.close();
    });
  });
});
