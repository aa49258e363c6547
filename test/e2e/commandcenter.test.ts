/**
 * The Command Center in Chromium against the local runtime: every screen and state of
 * docs/product/command-center.md, its viewer-clock counts (Asia/Kolkata, UTC+05:30, with the browser's
 * clock moved a day and a week ahead), filters, details, delete with cancel and confirm, logout, and
 * HTML in every text field shown as text.
 */
import type { Browser, BrowserContext, Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthUserResponse, ContactRequest, SignupRequest } from "../../events";
import { acceptContact, acceptSignup } from "../../functions/pipeline/submissions";
import type { RuntimeProcess } from "../support/runtime";
import { ADMIN, CONTACT_HEADINGS, SIGNUP_HEADINGS, startStaffRuntime } from "./commandcenter-support";

const ZONE = "Asia/Kolkata";
/** The viewer's "now": 15 June 2025, 12:00 in India (06:30 UTC). */
const NOW = new Date("2025-06-15T12:00:00+05:30");
const DAY = 86_400_000;

const XSS = {
  firstName: "<img src=x onerror=alert(1)>",
  lastName: "<script>alert(2)</script>",
  email: "<svg/onload=alert(3)>@example.com",
  notes: '<b>bold</b><img src=x onerror="alert(4)"> & "quotes"',
};

const SEED = [
  // 00:10 local on the 15th is 18:40 UTC on the 14th: 'today' for this viewer, not in UTC.
  {
    firstName: "Tara",
    lastName: "Today",
    email: "tara@today.in",
    teamSize: "solo",
    productLines: "single",
    at: "2025-06-15T00:10:00+05:30",
    notes: "Called twice about onboarding for the whole team",
  },
  {
    firstName: "Yuri",
    lastName: "Yesterday",
    email: "yuri@example.org",
    teamSize: "team",
    productLines: "multiple",
    at: "2025-06-14T23:50:00+05:30",
  },
  {
    firstName: "Olga",
    lastName: "Older",
    email: "olga@example.org",
    teamSize: "team",
    productLines: "single",
    at: "2025-06-01T12:00:00+05:30",
  },
  { ...XSS, teamSize: "solo", productLines: "multiple", at: "2025-05-20T09:00:00+05:30" },
] as const;

let runtime: RuntimeProcess;
let browser: Browser;
const dialogs: string[] = [];
/** The pages' console errors (the screens log failed API calls there), for failure messages. */
const consoleErrors: string[] = [];

/**
 * Closes a dialog and waits until it is gone. On a busy machine a click can land while the dialog
 * re-renders (its timeline arrives) and be lost, so the click is repeated until the dialog closes.
 */
async function closeDialog(dialog: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Close" }).click();
    try {
      await dialog.waitFor({ state: "detached", timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
}

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function seed() {
  for (const { at, ...fields } of SEED) {
    await acceptSignup(
      {
        db: runtime.db,
        clock: () => new Date(at),
        newId: () => crypto.randomUUID(),
        tables: {
          records: runtime.table("signups"),
          outbox: runtime.table("outbox"),
          audit: runtime.table("audit"),
        },
      },
      SignupRequest.parse(fields),
    );
  }
}

async function newPage(now: Date = NOW): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    timezoneId: ZONE,
    locale: "en-US",
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.clock.setFixedTime(now);
  return { context, page };
}

async function signIn(page: Page) {
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
}

async function statValue(page: Page, label: string): Promise<string> {
  const stat = page.locator("section[aria-label='Signup counts'] > div", { hasText: label });
  return (await stat.locator("span").nth(1).textContent()) ?? "";
}

async function counts(page: Page) {
  try {
    await page.getByText("Total Signups").waitFor();
  } catch (error) {
    // Where the page is and what it shows says why (a failure notice, the login, a spinner).
    const body = await page
      .locator("body")
      .innerText()
      .catch(() => "(no body)");
    throw new Error(
      `no counts at ${page.url()}:\n${body}\nconsole: ${consoleErrors.join("\n")}\nruntime: ${runtime.output().slice(-4000)}`,
      { cause: error },
    );
  }
  return {
    total: await statValue(page, "Total Signups"),
    today: await statValue(page, "Today's Signups"),
    week: await statValue(page, "This Week"),
  };
}

/** The names in the lead list (each row's Name cell, in bold). */
const LISTED_NAMES = "tbody tr td:first-child strong";

/** The cell of `row` in the column headed `heading`. */
async function cellOf(page: Page, row: Locator, heading: string): Promise<Locator> {
  const headings = await page.locator("thead th").allTextContents();
  expect(headings).toContain(heading);
  return row.locator("td").nth(headings.indexOf(heading));
}

describe("Command Center", () => {
  it("guards protected routes: spinner while checking, then the login page", async () => {
    const { context, page } = await newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/user", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.getByRole("status").getByText("Loading...").waitFor();
    release();
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await context.close();
  });

  it("signs in over http://localhost with a Secure, HttpOnly, SameSite=Strict cookie; shows errors", async () => {
    const { context, page } = await newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    expect(await page.getByLabel("Username").getAttribute("required")).not.toBeNull();
    expect(await page.getByLabel("Password").getAttribute("required")).not.toBeNull();
    expect(await page.getByLabel("Verification code").count()).toBe(0);

    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("wrong password");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Signing in..." }).waitFor();
    release();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid username or password");
    await page.unroute("**/api/auth/login");

    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter`);
    expect(await page.getByRole("alert").count()).toBe(0);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: "__Host-session",
      httpOnly: true,
      secure: true,
      sameSite: "Strict",
      path: "/",
    });
    await context.close();
  });

  it("stays signed in when the login page's session check answers after the sign-in", async () => {
    const { context, page } = await newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const noSession: AuthUserResponse = { user: null };
    let checks = 0;
    await page.route("**/api/auth/user", async (route) => {
      checks++;
      await held;
      // What the server answered a check asked before the sign-in's cookie existed.
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(noSession) });
    });
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter`);
    await page.getByText("Total Signups").waitFor();
    expect(checks).toBe(1);
    const answered = page.waitForResponse("**/api/auth/user");
    release();
    await answered;
    await page.unroute("**/api/auth/user");
    // The late answer changes nothing: still signed in, on the dashboard.
    await page
      .getByRole("button", { name: "Sign in" })
      .waitFor({ timeout: 2_000 })
      .then(
        () => expect.fail("the late check sent the member back to the login"),
        () => {},
      );
    expect(page.url()).toBe(`${runtime.url}/commandcenter`);
    await page.getByText("Total Signups").waitFor();
    await context.close();
  });

  it("shows the empty dashboard", async () => {
    const { context, page } = await newPage();
    await signIn(page);
    await page.getByRole("heading", { name: "Welcome, admin" }).waitFor();
    expect(await counts(page)).toEqual({ total: "0", today: "0", week: "0" });
    await page.getByText("No signups yet").waitFor();
    await page.getByText("View and manage all signup submissions").waitFor();
    await page.getByRole("link", { name: "Manage Signups" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/signups`);
    await page.getByText("No signups found").waitFor();
    // The empty row spans every column.
    expect(await page.getByText("No signups found").getAttribute("colspan")).toBe(
      String(await page.locator("thead th").count()),
    );
    expect(await page.getByText("0 of 0 signups").count()).toBe(1);
    await context.close();
  });

  it("counts Today and This Week from the viewer's midnight, as the clock moves a day and a week", async () => {
    await seed();
    const stages: [Date, { total: string; today: string; week: string }][] = [
      [NOW, { total: "4", today: "1", week: "2" }],
      [new Date(NOW.getTime() + DAY), { total: "4", today: "0", week: "2" }],
      [new Date(NOW.getTime() + 7 * DAY), { total: "4", today: "0", week: "1" }],
    ];
    for (const [now, expected] of stages) {
      const { context, page } = await newPage(now);
      await signIn(page);
      const seen = await counts(page);
      expect(
        seen,
        `${now.toISOString()} ${consoleErrors.join("\n")} ${runtime.output().slice(-2000)}`,
      ).toEqual(expected);
      await context.close();
    }
  });

  it("lists the 5 most recent signups on the dashboard with View all", async () => {
    const { context, page } = await newPage();
    await signIn(page);
    const table = page.getByRole("region", { name: "Recent Signups" }).locator("table");
    await table.locator("tbody tr").first().waitFor();
    const headers = await table.locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Email", "Date"]);
    const names = await table.locator("tbody tr td:first-child").allTextContents();
    expect(names).toEqual(["Tara Today", "Yuri Yesterday", "Olga Older", `${XSS.firstName} ${XSS.lastName}`]);
    // Dates about leads in the team's zone (events/team-time.ts): Yuri's 23:50 in India on the
    // 14th is 13:20 on the 14th in America/Chicago.
    expect(await table.locator("tbody tr").nth(1).locator("td").nth(2).textContent()).toBe(
      "Sat, Jun 14, 2025",
    );
    await page.getByRole("img", { name: /signups in the last 30 days/ }).waitFor();
    await page.getByRole("link", { name: "View all" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/signups`);
    await context.close();
  });

  it("searches, filters, shows details and deletes only after confirming", async () => {
    const { context, page } = await newPage();
    await signIn(page);
    await page.goto(`${runtime.url}/commandcenter/signups`);
    const results = page.locator("p[aria-live]");
    await expect.poll(() => results.textContent()).toBe("4 of 4 signups");
    // The 8 columns of docs/product/command-center.md, with the lead desk's Status, Owner and Reply
    // (docs/decisions/0066, 0127) before Actions.
    expect(await page.locator("thead th").allTextContents()).toEqual(SIGNUP_HEADINGS);

    const search = page.getByPlaceholder("Search by name or email...");
    await search.fill("YESTER");
    await expect.poll(() => results.textContent()).toBe("1 of 4 signups");
    expect(await page.locator(LISTED_NAMES).allTextContents()).toEqual(["Yuri Yesterday"]);
    await search.fill("example.org");
    await expect.poll(() => results.textContent()).toBe("2 of 4 signups");
    await page.getByLabel("Team Size").selectOption("team");
    await page.getByLabel("Product Lines").selectOption("single");
    await expect.poll(() => results.textContent()).toBe("1 of 4 signups");
    expect(await page.locator(LISTED_NAMES).allTextContents()).toEqual(["Olga Older"]);
    await search.fill("nobody at all");
    await expect.poll(() => results.textContent()).toBe("0 of 4 signups");
    await page.getByText("No signups found").waitFor();
    await search.fill("");
    await page.getByLabel("Team Size").selectOption("solo");
    await page.getByLabel("Product Lines").selectOption("all");
    await expect.poll(() => results.textContent()).toBe("2 of 4 signups");
    await page.getByLabel("Team Size").selectOption("all");
    await expect.poll(() => results.textContent()).toBe("4 of 4 signups");

    // Notes: the whole note in its cell (cut to the column's width, in full on hover and focus:
    // test/e2e/commandcenter-layout.test.ts); 'No notes' otherwise; 'Unknown' country.
    const tara = page.locator("tbody tr", { hasText: "Tara Today" });
    expect(await (await cellOf(page, tara, "Notes")).textContent()).toBe(SEED[0].notes);
    expect(await (await cellOf(page, tara, "Email")).textContent()).toBe("tara@today.in");
    expect(await (await cellOf(page, tara, "Team Size")).textContent()).toBe("Solo");
    expect(await (await cellOf(page, tara, "Product Lines")).textContent()).toBe("Single Line");
    expect(
      await (await cellOf(page, page.locator("tbody tr", { hasText: "Olga Older" }), "Notes")).textContent(),
    ).toBe("No notes");
    expect(await (await cellOf(page, tara, "Country")).textContent()).toBe("Unknown");

    await page.getByRole("button", { name: "View Tara Today" }).click();
    const details = page.getByRole("dialog", { name: "Signup Details" });
    await details.waitFor();
    expect(await details.getAttribute("aria-modal")).toBe("true");
    const text = await details.textContent();
    for (const expected of [
      "Solo (Just me)",
      "Single Line",
      "tara@today.in",
      "N/A",
      "Unknown",
      SEED[0].notes,
    ]) {
      expect(text).toContain(expected);
    }
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "View Yuri Yesterday" }).click();
    expect(await page.getByRole("dialog").textContent()).toContain("Team (Multiple people)");
    expect(await page.getByRole("dialog").textContent()).toContain("Multiple Lines");
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Delete Olga Older" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
    expect(await confirm.textContent()).toContain(
      "Are you sure you want to delete this signup? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await page.locator("tbody tr", { hasText: "Olga Older" }).count()).toBe(1);

    await page.getByRole("button", { name: "Delete Olga Older" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("tbody tr", { hasText: "Olga Older" }).count()).toBe(0);
    expect(await results.textContent()).toBe("3 of 3 signups");
    await page.reload();
    await expect.poll(() => results.textContent()).toBe("3 of 3 signups");
    await context.close();
  });

  it("shows HTML typed into every field as text", async () => {
    const { context, page } = await newPage();
    await signIn(page);
    await page.goto(`${runtime.url}/commandcenter/signups`);
    const row = page.locator("tbody tr", { hasText: XSS.lastName });
    await row.waitFor();
    const name = row.locator("td").nth(0);
    expect(await name.locator("strong").textContent()).toBe(`${XSS.firstName} ${XSS.lastName}`);
    expect(await (await cellOf(page, row, "Email")).textContent()).toBe(XSS.email);
    expect(await (await cellOf(page, row, "Notes")).textContent()).toBe(XSS.notes);
    await row.getByRole("button", { name: /^View/ }).click();
    const details = await page.getByRole("dialog").textContent();
    for (const value of Object.values(XSS)) expect(details).toContain(value);
    expect(await page.locator("img[src='x'], script:text('alert'), svg[onload], b").count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("lists contact messages on the same kind of page: details, and delete only after confirming", async () => {
    const message = {
      firstName: "Mia",
      lastName: "Message",
      email: "mia@example.org",
      company: "<i>Acme</i> & Co",
      subject: "sales",
      message: "Line one\n<b>Line two</b>",
      newsletter: true,
    };
    await acceptContact(
      {
        db: runtime.db,
        clock: () => new Date("2025-06-10T10:00:00+05:30"),
        newId: () => crypto.randomUUID(),
        tables: {
          records: runtime.table("contacts"),
          outbox: runtime.table("outbox"),
          audit: runtime.table("audit"),
        },
      },
      ContactRequest.parse(message),
    );
    const { context, page } = await newPage();
    await signIn(page);
    await page.getByRole("link", { name: /Contact Messages/ }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/contacts`);
    const results = page.locator("p[aria-live]");
    await expect.poll(() => results.textContent()).toBe("1 of 1 messages");
    expect(await page.locator("thead th").allTextContents()).toEqual(CONTACT_HEADINGS);
    const row = page.locator("tbody tr", { hasText: "Mia Message" });
    expect(await row.locator("td").nth(0).textContent()).toBe("Mia Message");
    expect(await (await cellOf(page, row, "Email")).textContent()).toBe(message.email);
    expect(await (await cellOf(page, row, "Phone")).textContent()).toBe("N/A");
    expect(await (await cellOf(page, row, "Company")).textContent()).toBe(message.company);
    expect(await (await cellOf(page, row, "Subject")).textContent()).toBe("Sales");
    expect(await (await cellOf(page, row, "Message")).textContent()).toBe(message.message);
    expect(await (await cellOf(page, row, "Newsletter")).textContent()).toBe("Yes");

    await page.getByRole("button", { name: "View message from Mia Message" }).click();
    const details = page.getByRole("dialog", { name: "Message Details" });
    const text = await details.textContent();
    for (const expected of ["mia@example.org", message.company, "Sales", "Yes", "N/A", message.message]) {
      expect(text).toContain(expected);
    }
    await closeDialog(details);

    await page.getByRole("button", { name: "Delete message from Mia Message" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
    expect(await confirm.textContent()).toContain(
      "Are you sure you want to delete this message? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await results.textContent()).toBe("1 of 1 messages");
    await page.getByRole("button", { name: "Delete message from Mia Message" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => results.textContent()).toBe("0 of 0 messages");
    expect(await page.getByText("No messages found").getAttribute("colspan")).toBe(
      String(await page.locator("thead th").count()),
    );
    expect(await page.locator("main i, main b").count()).toBe(0);
    await context.close();
  });

  it("logs out to / and the session is gone", async () => {
    const { context, page } = await newPage();
    await signIn(page);
    // The home page's own DOMContentLoaded (its load event may never come offline: it embeds
    // external media): the Command Center's document fired its own long ago.
    const home = page.waitForEvent("domcontentloaded");
    await page.getByRole("button", { name: "Logout" }).click();
    await home;
    expect(page.url()).toBe(`${runtime.url}/`);
    await page.goto(`${runtime.url}/commandcenter`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await context.close();
  });

  it("logs out to / when another request answers 401 while the logout is under way", async () => {
    // The server ends the session before it answers the logout, so a request of the page that
    // reaches it meanwhile answers 401. The 401 once sent the protected page to the login, racing
    // the logout's own way out to "/": the page ended on the login, or left for "/" late. Here the
    // order is fixed: the logout's answer is held until the dashboard's figures have answered 401.
    const { context, page } = await newPage();
    const figures = await held(page, "**/api/admin/desk/stats");
    await signIn(page);
    await page.getByText("Total Signups").waitFor();
    const figuresRoute = await figures.next;
    const logout = await held(page, "**/api/auth/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    const logoutRoute = await logout.next;
    await figuresRoute.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ error: "Not signed in" }),
    });
    // The page has taken the 401 in: the figures show their failure, and nothing went to the login.
    const login = page
      .waitForURL(`${runtime.url}/commandcenter/login`)
      .then(() => "the login")
      .catch(() => "no login");
    const failure = page
      .getByRole("alert")
      .filter({ hasText: "Not signed in" })
      .waitFor()
      .then(() => "the failure")
      .catch(() => "no failure shown");
    expect(await Promise.race([login, failure])).toBe("the failure");
    expect(new URL(page.url()).pathname).toBe("/commandcenter");

    const home = page.waitForEvent("domcontentloaded");
    await logoutRoute.continue();
    await home;
    expect(page.url()).toBe(`${runtime.url}/`);
    await page.goto(`${runtime.url}/commandcenter`);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await context.close();
  });
});

/** Holds the next request to `pattern`: `next` gives it, unanswered, for the test to answer. */
async function held(page: Page, pattern: string): Promise<{ next: Promise<Route> }> {
  let arrived: ((route: Route) => void) | undefined;
  const next = new Promise<Route>((resolve) => {
    arrived = resolve;
  });
  await page.route(pattern, async (route) => {
    const hold = arrived;
    arrived = undefined;
    // The first one waits for the test; any later one goes on to the server.
    if (hold) hold(route);
    else await route.fallback();
  });
  return { next };
}
