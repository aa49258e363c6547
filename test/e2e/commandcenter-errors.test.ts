/**
 * The Command Center when requests fail, in Chromium against the local runtime: every request the
 * pages make (page.route makes the next one answer 503 with the service's message, or not at all)
 * shows its message, with "Try again" where repeating it makes sense, and trying again works; a
 * 401 in the middle of a session (the session ended elsewhere) goes to the login and back to the
 * same page, a lead's details included, after signing in. A list that could not be read shows no
 * count and no "none found"; a page that breaks (an answer of a shape it does not expect) shows its
 * own error view while the header still leads everywhere else.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_ERROR_TEXT } from "../../web/src/commandcenter/common/RouteErrorBoundary";
import { FIRST_ADMIN, startStaffRuntime } from "../integration/auth-support";
import { seedSignup } from "../support/leads";
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

const BUSY = "The service is busy. Please try again in a moment.";
const OFFLINE = "Could not reach the server.";

/** The next `times` requests to `pattern` fail: 503 with `message`, or no answer at all. */
async function failNext(page: Page, pattern: string, how: { busy: string } | "offline", times = 1) {
  let failures = times;
  await page.route(pattern, async (route) => {
    if (failures-- <= 0) return route.continue();
    if (how === "offline") return route.abort("internetdisconnected");
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: how.busy }),
    });
  });
}

async function signIn(page: Page, expectedUrl = `${runtime.url}/commandcenter`) {
  await page.getByLabel("Username").fill(FIRST_ADMIN.username);
  await page.getByLabel("Password").fill(FIRST_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(expectedUrl);
}

/** A new browser context, signed in on the dashboard once its requests answered. */
async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signIn(page);
  await page.getByText("Total Signups").waitFor();
  return { context, page };
}

/** The session ends elsewhere (logout revokes it server-side); this tab still has the cookie. */
async function endSessionElsewhere(context: BrowserContext) {
  const [cookie] = await context.cookies();
  const logout = await fetch(`${runtime.url}/api/auth/logout`, {
    method: "POST",
    headers: { cookie: `${cookie?.name}=${cookie?.value}` },
  });
  expect(logout.status).toBe(204);
}

/** A new lead, arrived now; its id. */
async function seedLead(firstName: string, lastName: string): Promise<string> {
  const { id } = await seedSignup(runtime, new Date().toISOString(), {
    firstName,
    lastName,
    email: `${firstName}@${lastName}.example.com`.toLowerCase(),
    teamSize: "solo",
    productLines: "single",
  });
  return id;
}

/** Clicks the alert's Try again and waits until the alert is gone. */
async function tryAgain(alert: Locator) {
  await alert.getByRole("button", { name: "Try again" }).click();
  await alert.waitFor({ state: "detached" });
}

describe("failed requests", () => {
  it("shows the failure with Try again, and trying again loads the page", async () => {
    const { context, page } = await signedIn();
    await failNext(page, "**/api/admin/signups?**", { busy: BUSY });
    await page.getByRole("link", { name: "View all" }).click();
    await tryAgain(page.getByRole("alert").filter({ hasText: BUSY }));
    await page.getByText(/of \d+ signups/).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    // No answer at all (the network is down): a plain message, not an empty table.
    await failNext(page, "**/api/admin/signups/stats**", "offline");
    await page.goto(`${runtime.url}/commandcenter`);
    await tryAgain(page.getByRole("alert").filter({ hasText: OFFLINE }));
    await page.getByText("Total Signups").waitFor();
    await context.close();
  });

  it("a session check without an answer says so instead of showing the login; a failed logout keeps the session and says so", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await failNext(page, "**/api/auth/user", "offline");
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await tryAgain(page.getByRole("alert").filter({ hasText: OFFLINE }));
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, `${runtime.url}/commandcenter/signups`);

    await failNext(page, "**/api/auth/logout", { busy: BUSY });
    await page.getByRole("button", { name: "Logout" }).click();
    const alert = page.getByRole("alert").filter({ hasText: BUSY });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe("/commandcenter/signups");
    // The home page's own DOMContentLoaded (its load event may never come offline: it embeds
    // external media): the Command Center's document fired its own long ago.
    const home = page.waitForEvent("domcontentloaded");
    await alert.getByRole("button", { name: "Try again" }).click();
    await home;
    expect(page.url()).toBe(`${runtime.url}/`);
    await page.goto(`${runtime.url}/commandcenter`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await context.close();
  });

  it("the dashboard's response figures, a lead's timeline and its staff list show their failures, and Try again loads them", async () => {
    const id = await seedLead("Tess", "Timeline");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    await failNext(page, "**/api/admin/desk/stats", { busy: BUSY });
    await signIn(page);
    await page.getByText("Total Signups").waitFor();
    await tryAgain(page.getByRole("alert").filter({ hasText: BUSY }));
    await page.getByRole("region", { name: "Response promise" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    await failNext(page, `**/api/admin/signups/${id}/timeline`, { busy: BUSY });
    // The list page loads the staff list for its bulk bar, the lead's desk loads its own: both fail.
    await failNext(page, "**/api/admin/desk/owners", "offline", 2);
    await page.goto(`${runtime.url}/commandcenter/signups#lead=${id}`);
    const desk = page.getByRole("region", { name: "Lead desk" });
    for (const text of [BUSY, OFFLINE]) await tryAgain(desk.getByRole("alert").filter({ hasText: text }));
    await desk.getByRole("list", { name: "Timeline" }).getByText("Submitted").waitFor();
    await desk.getByRole("option", { name: FIRST_ADMIN.username }).first().waitFor({ state: "attached" });
    expect(await desk.getByRole("alert").count()).toBe(0);
    await page.keyboard.press("Escape");
    await tryAgain(page.getByRole("alert").filter({ hasText: OFFLINE }));
    await context.close();
  });

  it("a lead by id, its reply templates, a status change, a note, a reply and a bulk change say why they failed; trying again does it", async () => {
    const id = await seedLead("Cora", "Changes");
    const { context, page } = await signedIn();
    const LIST_BUSY = "The list is busy.";
    const TEMPLATES_BUSY = "The templates are busy.";
    // The list fails too, so the lead is not on the page: it is fetched by its id, and that fails.
    await failNext(page, "**/api/admin/signups?**", { busy: LIST_BUSY });
    await failNext(page, `**/api/admin/signups/${id}`, "offline");
    await failNext(page, "**/api/admin/desk/reply-templates**", { busy: TEMPLATES_BUSY });
    await page.goto(`${runtime.url}/commandcenter/signups#lead=${id}`);
    await page.getByRole("alert").filter({ hasText: LIST_BUSY }).waitFor();
    const dialog = page.getByRole("dialog");
    await tryAgain(dialog.getByRole("alert").filter({ hasText: OFFLINE }));
    const desk = dialog.getByRole("region", { name: "Lead desk" });
    await tryAgain(desk.getByRole("alert").filter({ hasText: TEMPLATES_BUSY }));
    const reply = desk.getByRole("form", { name: "Reply to the prospect" });
    await reply.waitFor();

    const timeline = desk.getByRole("list", { name: "Timeline" });
    const failedSave = desk.getByRole("alert").filter({ hasText: OFFLINE });
    await failNext(page, "**/api/admin/desk/update", "offline");
    await desk.getByRole("combobox", { name: "Status" }).selectOption({ label: "Contacted" });
    await desk.getByRole("button", { name: "Save", exact: true }).click();
    await failedSave.waitFor();
    await desk.getByRole("button", { name: "Save", exact: true }).click();
    await timeline.getByText("Status: Contacted").waitFor();
    await failedSave.waitFor({ state: "detached" });

    await failNext(page, `**/api/admin/signups/${id}/notes`, "offline");
    await desk.getByLabel("Add a note").fill("Called, no answer");
    await desk.getByRole("button", { name: "Add note" }).click();
    await failedSave.waitFor();
    await desk.getByRole("button", { name: "Add note" }).click();
    await timeline.getByText("Called, no answer").waitFor();

    await failNext(page, "**/api/admin/desk/reply", "offline");
    await reply.getByRole("button", { name: "Send reply" }).click();
    await reply.getByRole("alert").filter({ hasText: OFFLINE }).waitFor();
    await reply.getByRole("button", { name: "Try again" }).click();
    await reply.getByRole("status").filter({ hasText: "Reply sent." }).waitFor();

    // The list loaded again after the change (its failure is gone with it).
    await page.keyboard.press("Escape");
    await failNext(page, "**/api/admin/desk/update", "offline");
    await page.getByRole("checkbox", { name: "Select Cora Changes" }).check();
    const bulk = page.getByRole("region", { name: "Change selected leads" });
    await bulk.getByRole("combobox", { name: "Status" }).selectOption({ label: "Qualified" });
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
    await bulk.getByRole("alert").filter({ hasText: OFFLINE }).waitFor();
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
    await bulk.waitFor({ state: "detached" });
    const row = page.locator("tbody tr", { hasText: "Cora Changes" });
    await row.getByRole("cell", { name: "Qualified", exact: true }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("the Team and Account pages show their failed loads and actions, and Try again loads them", async () => {
    const { context, page } = await signedIn();
    await failNext(page, "**/api/team", { busy: BUSY });
    await page.getByRole("link", { name: "Team" }).click();
    await tryAgain(page.getByRole("alert").filter({ hasText: BUSY }));
    await page.getByRole("region", { name: "Members" }).waitFor();
    await failNext(page, "**/api/team/invitations", "offline");
    await page.getByLabel("Email").fill("new.colleague@example.com");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("alert").filter({ hasText: OFFLINE }).waitFor();

    await failNext(page, "**/api/account/sessions", "offline");
    await failNext(page, "**/api/account/security", { busy: BUSY });
    await page.getByRole("link", { name: "Account" }).click();
    await tryAgain(page.getByRole("alert").filter({ hasText: OFFLINE }));
    await tryAgain(page.getByRole("alert").filter({ hasText: BUSY }));
    await page.getByText("(this device)").waitFor();
    await page.getByRole("button", { name: "Set up authenticator app" }).waitFor();
    await context.close();
  });

  it("a 401 mid-session goes to the login, then back to the same page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${runtime.url}/commandcenter/contacts`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, `${runtime.url}/commandcenter/contacts`);
    await page.getByText(/of \d+ messages/).waitFor();

    await endSessionElsewhere(context);
    await page.getByRole("searchbox").fill("ada");
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, `${runtime.url}/commandcenter/contacts`);
    expect(new URL(page.url()).pathname).toBe("/commandcenter/contacts");
    await context.close();
  });

  it("a 401 on a change in a lead's details goes to the login, then back to that lead", async () => {
    const id = await seedLead("Ursula", "Unauthorized");
    const { context, page } = await signedIn();
    const leadUrl = `${runtime.url}/commandcenter/signups#lead=${id}`;
    await page.goto(leadUrl);
    const desk = page.getByRole("region", { name: "Lead desk" });
    await desk.getByRole("list", { name: "Timeline" }).getByText("Submitted").waitFor();

    await endSessionElsewhere(context);
    await desk.getByRole("combobox", { name: "Status" }).selectOption({ label: "Qualified" });
    await desk.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signIn(page, leadUrl);
    await desk.getByRole("list", { name: "Timeline" }).getByText("Submitted").waitFor();
    await context.close();
  });

  it("a list that could not be read shows the failure and Try again, never a count or 'none found'", async () => {
    await seedLead("Nell", "Nothing");
    const { context, page } = await signedIn();
    const nothingShown = async () => {
      expect(await page.getByText(/ of \d+ signups/).count()).toBe(0);
      expect(await page.getByText("No signups found").count()).toBe(0);
      expect(await page.locator("table").count()).toBe(0);
    };
    // The first read fails.
    await failNext(page, "**/api/admin/signups?**", { busy: BUSY });
    await page.getByRole("link", { name: "View all" }).click();
    const alert = page.getByRole("alert").filter({ hasText: BUSY });
    await alert.getByRole("button", { name: "Try again" }).waitFor();
    await nothingShown();
    await tryAgain(alert);
    await page.getByText(/\d+ of \d+ signups/).waitFor();

    // A new search whose read fails: the previous results go, nothing stands in for the answer.
    await failNext(page, "**/api/admin/signups?**q=nobody**", "offline");
    await page.getByRole("searchbox").fill("nobody");
    const offline = page.getByRole("alert").filter({ hasText: OFFLINE });
    await offline.getByRole("button", { name: "Try again" }).waitFor();
    await nothingShown();
    // Read again, the search's true answer: none.
    await tryAgain(offline);
    await page.getByText("No signups found").waitFor();
    await page.getByText(/^0 of \d+ signups$/).waitFor();
    await context.close();
  });

  it("a page that breaks shows its error view; the header still leads to the other pages, and Try again shows it", async () => {
    await seedLead("Bea", "Broken");
    const { context, page } = await signedIn();
    // An answer of a shape the list does not expect (a row that is no lead) makes the page throw.
    const list = "**/api/admin/signups?**";
    await page.route(list, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ signups: [null], total: 1, matched: 1 }),
      }),
    );
    await page.getByRole("link", { name: "View all" }).click();
    const broken = page.getByRole("main").getByRole("alert").filter({ hasText: PAGE_ERROR_TEXT });
    await broken.getByRole("button", { name: "Try again" }).waitFor();
    const header = page.getByRole("banner");
    await header.getByRole("heading", { name: "Signups" }).waitFor();

    // The header's links work, and the page they lead to renders.
    await header
      .getByRole("navigation", { name: "Command Center" })
      .getByRole("link", { name: "Account" })
      .click();
    await page.waitForURL(`${runtime.url}/commandcenter/account`);
    await page.getByRole("region", { name: "E-mail address" }).waitFor();
    await page.getByText("(this device)").waitFor();
    expect(await page.getByText(PAGE_ERROR_TEXT).count()).toBe(0);
    await header.getByRole("link", { name: "Team" }).click();
    await page.getByRole("region", { name: "Members" }).waitFor();

    // Back on the list, still broken; once its answer is right again, Try again shows it.
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${runtime.url}/commandcenter/signups`);
    await broken.waitFor();
    await page.unroute(list);
    await tryAgain(broken);
    await page.locator("tbody tr", { hasText: "Bea Broken" }).waitFor();
    await header.getByRole("link", { name: "Back to dashboard" }).click();
    await page.getByText("Total Signups").waitFor();
    await context.close();
  });
});
