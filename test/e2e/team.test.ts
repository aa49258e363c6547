/**
 * The Team page, accepting an invitation and the forgotten password in Chromium against the local
 * runtime, with the e-mails read from the local SES inbox (docs/decisions/0061, 0062, 0063).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, TEAM_MESSAGES } from "../../events";
import { ADMIN_ONLY_TEXT } from "../../web/src/commandcenter/team/TeamPage";
import { call, linkTokenFor } from "../integration/auth-support";
import type { RuntimeProcess } from "../support/runtime";
import { axeViolations } from "./axe";
import { ADMIN, startStaffRuntime } from "./commandcenter-support";

const PASSWORD = "a long enough new password";
let runtime: RuntimeProcess;
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
  const page = await context.newPage();
  pages.push(page);
  return page;
}

async function signIn(page: Page, username: string, password: string, landing = "/commandcenter") {
  if (!page.url().endsWith("/commandcenter/login")) await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}${landing}`);
}

async function openTeam(page: Page) {
  await page.getByRole("link", { name: "Team" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter/team`);
  await page.getByRole("heading", { name: "Members" }).waitFor();
}

// The inbox stamps e-mails in whole seconds.
const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

/** Invites from the Team page; the link's token from the inbox. */
async function inviteFromPage(page: Page, email: string, role: "Admin" | "Staff") {
  const since = nowSeconds();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role").selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `An invitation was sent to ${email}.` })
    .waitFor();
  return linkTokenFor(runtime, email, since);
}

/** Opens an invitation link in a fresh browser and creates the account. */
async function acceptInBrowser(token: string, password = PASSWORD): Promise<Page> {
  const page = await newPage();
  await page.goto(`${runtime.url}/commandcenter/accept-invitation#token=${token}`);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The optional second factor (test/e2e/passkeys.test.ts sets one up here).
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
  return page;
}

function memberRow(page: Page, username: string) {
  return page
    .getByRole("region", { name: "Members" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: username, exact: true }) });
}

describe("the Team page", () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin, ADMIN.username, ADMIN.password);
    await openTeam(admin);
  });

  it("invites by e-mail; the link from the inbox accepts with a password and signs the new member in", async () => {
    // Validation and the policy's message come from the API.
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByRole("alert").filter({ hasText: /email/i }).waitFor();

    const token = await inviteFromPage(admin, "nora@example.com", "Staff");
    const invitations = admin.getByRole("region", { name: "Invitations" });
    await invitations.getByRole("row").filter({ hasText: "nora@example.com" }).getByText("Pending").waitFor();

    // A second invitation to the same address is refused with the server's message.
    await admin.getByLabel("Email", { exact: true }).fill("nora@example.com");
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByRole("alert").filter({ hasText: TEAM_MESSAGES.alreadyInvited }).waitFor();

    const nora = await newPage();
    await nora.goto(`${runtime.url}/commandcenter/accept-invitation#token=${token}`);
    await nora.getByText("nora@example.com").waitFor();
    expect(await axeViolations(nora)).toEqual([]);
    await nora.getByLabel("New password", { exact: true }).fill("password1234");
    await nora.getByLabel("Repeat the password").fill("password1234");
    await nora.getByRole("button", { name: "Create account" }).click();
    await nora
      .getByRole("alert")
      .filter({ hasText: /guess|common/i })
      .waitFor();
    await nora.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await nora.getByLabel("Repeat the password").fill(PASSWORD);
    await nora.getByRole("button", { name: "Create account" }).click();
    await nora.getByRole("button", { name: "Skip" }).click();
    await nora.waitForURL(`${runtime.url}/commandcenter`);
    await nora.getByRole("heading", { name: "Welcome, nora@example.com" }).waitFor();

    // The link works once.
    const again = await newPage();
    await again.goto(`${runtime.url}/commandcenter/accept-invitation#token=${token}`);
    await again.getByRole("alert").filter({ hasText: TEAM_MESSAGES.invitationInvalid }).waitFor();

    await admin.reload();
    await memberRow(admin, "nora@example.com").getByRole("cell", { name: "Active", exact: true }).waitFor();
    const audit = admin.getByRole("region", { name: "Audit log" });
    await audit.getByRole("row").filter({ hasText: "Accepted invitation" }).first().waitFor();
    await audit
      .getByRole("row")
      .filter({ hasText: "Invited" })
      .filter({ hasText: "nora@example.com" })
      .first()
      .waitFor();
    expect(await axeViolations(admin)).toEqual([]);
  });

  it("a Staff member sees the admin-only state, no Team link, and GET /api/team answers 403", async () => {
    const token = await inviteFromPage(admin, "sid@example.com", "Staff");
    const sid = await acceptInBrowser(token);
    await expect(sid.getByRole("link", { name: "Team" }).count()).resolves.toBe(0);
    await sid.goto(`${runtime.url}/commandcenter/team`);
    await sid.getByRole("heading", { name: ADMIN_ONLY_TEXT }).waitFor();
    const cookies = await sid.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "__Host-session");
    const answer = await call(runtime, "GET", "/api/team", { cookie: `__Host-session=${session?.value}` });
    expect(answer.status).toBe(403);
  });

  it("deactivating a signed-in member sends their next request to the login; reactivating lets them in", async () => {
    const token = await inviteFromPage(admin, "dora@example.com", "Staff");
    const dora = await acceptInBrowser(token);
    await admin.reload();
    await memberRow(admin, "dora@example.com")
      .getByRole("button", { name: "Deactivate dora@example.com" })
      .click();
    const dialog = admin.getByRole("dialog", { name: "Deactivate member" });
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await memberRow(admin, "dora@example.com")
      .getByRole("cell", { name: "Deactivated", exact: true })
      .waitFor();

    await dora.getByRole("link", { name: "View all" }).click();
    await dora.waitForURL(`${runtime.url}/commandcenter/login`);

    await memberRow(admin, "dora@example.com")
      .getByRole("button", { name: "Reactivate dora@example.com" })
      .click();
    await memberRow(admin, "dora@example.com").getByRole("cell", { name: "Active", exact: true }).waitFor();
    // Back to the page the expired session was on.
    await signIn(dora, "dora@example.com", PASSWORD, "/commandcenter/signups");
  });

  it("resends and revokes an invitation; the old and the revoked links stop working", async () => {
    const first = await inviteFromPage(admin, "rita@example.com", "Admin");
    const row = admin
      .getByRole("region", { name: "Invitations" })
      .getByRole("row")
      .filter({ hasText: "rita@example.com" });
    const since = nowSeconds();
    await row.getByRole("button", { name: "Resend" }).click();
    await admin
      .getByRole("status")
      .filter({ hasText: "A new invitation link was sent to rita@example.com." })
      .waitFor();
    const second = await linkTokenFor(runtime, "rita@example.com", since);
    expect(second).not.toBe(first);
    const old = await call(runtime, "POST", "/api/auth/invitation/check", { body: { token: first } });
    expect(old.status).toBe(400);

    await row.getByRole("button", { name: "Revoke" }).click();
    await admin
      .getByRole("dialog", { name: "Revoke invitation" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await row.getByRole("cell", { name: "Revoked", exact: true }).waitFor();
    const revoked = await newPage();
    await revoked.goto(`${runtime.url}/commandcenter/accept-invitation#token=${second}`);
    await revoked.getByRole("alert").filter({ hasText: TEAM_MESSAGES.invitationInvalid }).waitFor();
  });

  it("the last active admin cannot be demoted: the server's message is shown", async () => {
    await memberRow(admin, "admin").getByRole("button", { name: "Make admin Staff" }).click();
    await admin
      .getByRole("dialog", { name: "Change role" })
      .getByRole("button", { name: "Make Staff" })
      .click();
    await admin.getByRole("alert").filter({ hasText: TEAM_MESSAGES.lastAdmin }).waitFor();
    await memberRow(admin, "admin").getByRole("cell", { name: "Admin", exact: true }).waitFor();
  });
});

describe("the forgotten password", () => {
  it("login -> Forgot password? -> e-mail -> reset: the old password is refused, the new one works, the old session has ended", async () => {
    const admin = await newPage();
    await signIn(admin, ADMIN.username, ADMIN.password);
    await openTeam(admin);
    const fern = await acceptInBrowser(await inviteFromPage(admin, "fern@example.com", "Staff"));

    const page = await newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/forgot-password`);
    const since = nowSeconds();
    await page.getByLabel("Email or username").fill("fern@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").filter({ hasText: PASSWORD_RESET_MESSAGES.sent }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const token = await linkTokenFor(runtime, "fern@example.com", since);
    await page.goto(`${runtime.url}/commandcenter/reset-password#token=${token}`);
    const fresh = "fern's brand new long password";
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Repeat the password").fill(fresh);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("status").filter({ hasText: PASSWORD_RESET_MESSAGES.done }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/login`);

    await page.getByLabel("Username").fill("fern@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: AUTH_MESSAGES.invalidCredentials }).waitFor();
    await signIn(page, "fern@example.com", fresh);

    // The session from before the reset has ended: its next request lands on the login.
    await fern.getByRole("link", { name: "View all" }).click();
    await fern.waitForURL(`${runtime.url}/commandcenter/login`);

    // The link worked once.
    const again = await newPage();
    await again.goto(`${runtime.url}/commandcenter/reset-password#token=${token}`);
    await again.getByRole("alert").filter({ hasText: PASSWORD_RESET_MESSAGES.invalidLink }).waitFor();

    // The admin sees both in the audit log.
    await admin.reload();
    const audit = admin.getByRole("region", { name: "Audit log" });
    await audit.getByRole("row").filter({ hasText: "Asked for a password reset link" }).first().waitFor();
    await audit
      .getByRole("row")
      .filter({ hasText: "Chose a new password with a reset link" })
      .first()
      .waitFor();
  });
});
