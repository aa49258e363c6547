/**
 * The lead desk over time in Chromium against the local runtime: a lead falls overdue as the
 * browser's clock moves on (page.clock), the reminder e-mail is sent once however often the
 * schedule runs (docs/decisions/0070-desk-reminders.md), its link opens that lead — past the first
 * page and through the login — as does the morning digest's, and a link to a deleted or unknown lead
 * says so. Also every status filter, set with the bulk bar.
 *
 * Nothing here depends on the real time: the leads' arrival (and so `dueAt`) is injected, the list's
 * "due in / overdue by" is `dueAt` against the browser's clock, which the test installs and moves,
 * the urgency order is arrival order (0065), and the schedule runs only when the test asks
 * (DESK_SCHEDULE_SECONDS=0) at a pinned `time`.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteLead } from "../../functions/leads/delete-lead";
import { changeLeads } from "../../functions/leads/lead-desk";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { loadStage } from "../../infra/stages";
import { seedContact, seedSignup } from "../support/leads";
import type { RuntimeProcess } from "../support/runtime";
import { ADMIN, signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

/** Thursday 19 November 2026, 10:00 in Chicago: the browser's clock in the overdue test. */
const THURSDAY_10 = new Date("2026-11-19T16:00:00Z");
/** Friday 20 November 2026, 15:30 in Chicago: two business hours before Rory's reply is due. */
const FRIDAY_1530 = new Date("2026-11-20T21:30:00Z");
/** Monday 23 November 2026, 08:30 in Chicago: the morning digest is due. */
const MONDAY_0830 = new Date("2026-11-23T14:30:00Z");
const FILLERS = 50;

let runtime: RuntimeProcess;
let browser: Browser;
const ids = new Map<string, string>();

async function seedNamed(firstName: string, lastName: string, at: string): Promise<void> {
  const email = `${firstName.toLowerCase()}@${lastName.toLowerCase()}.example.com`;
  ids.set(
    firstName,
    (await seedSignup(runtime, at, { firstName, lastName, email, teamSize: "solo", productLines: "single" }))
      .id,
  );
}

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  // Thursday 09:00, 12:00 and 17:30 in Chicago: due Friday 09:00, 12:00 and 17:30.
  await seedNamed("Wren", "Clock", "2026-11-19T15:00:00Z");
  await seedNamed("Nell", "Clock", "2026-11-19T18:00:00Z");
  await seedNamed("Rory", "Owned", "2026-11-19T23:30:00Z");
  // Friday 13:00 and from 14:00 on: newer than the three, due next week, so never reminded here;
  // the fillers fill the first page (50), so the three and Dora are not on it.
  await seedNamed("Dora", "Deleted", "2026-11-20T19:00:00Z");
  for (let i = 1; i <= FILLERS; i++)
    await seedNamed(
      `Fay${String(i).padStart(2, "0")}`,
      "Filler",
      new Date(Date.parse("2026-11-20T20:00:00Z") + i * 60_000).toISOString(),
    );
  ids.set(
    "Cleo",
    (
      await seedContact(runtime, "2026-11-19T17:00:00Z", {
        firstName: "Cleo",
        lastName: "Contact",
        email: "cleo@contact.example.com",
        subject: "sales",
        message: "Call me",
      })
    ).id,
  );
  const desk = {
    db: runtime.db,
    tables: { records: runtime.table("signups"), audit: runtime.table("audit") },
    clock: () => new Date("2026-11-19T23:45:00Z"),
  };
  await changeLeads(
    desk,
    SIGNUP_KIND,
    [ids.get("Rory") as string],
    { owner: ADMIN.username },
    ADMIN.username,
  );
  await deleteLead(desk, SIGNUP_KIND, {
    id: ids.get("Dora") as string,
    actor: ADMIN.username,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    timezoneId: "America/Chicago",
    locale: "en-US",
    viewport: { width: 1500, height: 950 },
  });
  return { context, page: await context.newPage() };
}

/** A signed-in page on `path`, loaded (`ready` shows), its clock paused at `clockAt` if given. */
async function signedIn(
  path: string,
  ready: (page: Page) => Locator,
  clockAt?: Date,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage();
  // Installed an hour early and paused at `clockAt` once the page is up (playwright's
  // install-then-pauseAt pattern): the page's time is then exactly `clockAt` however long loading
  // took. Not paused earlier: the site's scripts start on timers, so a paused page stays blank.
  if (clockAt) await opened.page.clock.install({ time: new Date(clockAt.getTime() - 3_600_000) });
  await opened.page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(opened.page);
  await opened.page.waitForURL(`${runtime.url}/commandcenter`);
  await opened.page.goto(`${runtime.url}${path}`);
  await ready(opened.page).waitFor();
  if (clockAt) await opened.page.clock.pauseAt(clockAt);
  return opened;
}

const row = (page: Page, name: string) => page.locator("tbody tr", { hasText: name });

/** The names in the first column, once they are exactly `expected` (polls the page, no sleeping). */
async function expectFirstNames(page: Page, expected: string[]) {
  await expect
    .poll(async () =>
      (await page.locator("tbody tr td:first-child strong").allTextContents()).slice(0, expected.length),
    )
    .toEqual(expected);
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).first().selectOption({ label: option });
}

const hashOf = (page: Page) => new URL(page.url()).hash;

describe("the response clock in the browser", () => {
  it("shows a lead due in 23 h as overdue by 1 h once the browser's clock moves a day on, first by urgency", async () => {
    const { context, page } = await signedIn(
      "/commandcenter/signups",
      (loaded) => row(loaded, "Fay50 Filler"),
      THURSDAY_10,
    );
    // Newest first: the fillers fill the first page.
    await expectFirstNames(page, ["Fay50 Filler"]);
    await chooseFilter(page, "Sort", "Most urgent first");
    await expectFirstNames(page, ["Wren Clock", "Nell Clock", "Rory Owned"]);
    await row(page, "Wren Clock").getByText("due in 23 h").waitFor();
    await row(page, "Nell Clock").getByText("due in 26 h").waitFor();
    await row(page, "Rory Owned").getByText("due in 31 h").waitFor();

    // Friday 10:00: the list's minute tick redraws from the moved clock, no reload.
    await page.clock.fastForward("24:00:00");
    await row(page, "Wren Clock").getByText("overdue by 1 h").waitFor();
    await row(page, "Nell Clock").getByText("due in 2 h").waitFor();
    await expectFirstNames(page, ["Wren Clock", "Nell Clock", "Rory Owned"]);

    await row(page, "Wren Clock").getByRole("button", { name: "View Wren Clock" }).click();
    const dialog = page.getByRole("dialog", { name: "Signup Details" });
    await dialog.getByText("Reply: overdue by 1 h").waitFor();
    expect(hashOf(page)).toBe(`#lead=${ids.get("Wren")}`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(hashOf(page)).toBe("");
    await context.close();
  });
});

describe("the reminder e-mail", () => {
  it("is sent once for two runs, to the owner or the staff inbox; its link opens the lead after signing in", async () => {
    // Due soon or overdue by less than a day at Friday 15:30: Wren, Nell, Rory and Cleo (a contact
    // message, due Friday 11:00); Dora is deleted, the fillers are due next week.
    type Run = { reminders: number; overdue: number; digests: number };
    const first = await runtime.runSchedule<Run>("desk-schedule", FRIDAY_1530);
    const second = await runtime.runSchedule<Run>("desk-schedule", FRIDAY_1530);
    // The overdue among them are announced to integrations too (none is configured here).
    expect(first).toMatchObject({ reminders: 4, digests: 0 });
    expect(second).toEqual({ reminders: 0, overdue: 0, digests: 0 });
    await runtime.waitFor(() => runtime.settled(), 60_000);

    const reminders = (await runtime.emails()).filter((email) => email.subject.startsWith("Reply due soon:"));
    const staffInbox = loadStage("local").staffInbox;
    expect(reminders.map((email) => [email.subject, email.destination.to]).sort()).toEqual([
      ["Reply due soon: Cleo Contact", [staffInbox]],
      ["Reply due soon: Nell Clock", [staffInbox]],
      ["Reply due soon: Rory Owned", ["admin@example.com"]],
      ["Reply due soon: Wren Clock", [staffInbox]],
    ]);
    const rory = reminders.find((email) => email.subject === "Reply due soon: Rory Owned");
    const link = /(\S+#lead=\S+)/.exec(rory?.body.text ?? "")?.[1] as string;
    expect(link).toBe(`${runtime.url}/commandcenter/signups#lead=${ids.get("Rory")}`);

    // Signed out: the link goes through the login and lands on the lead, not on the dashboard.
    const { context, page } = await newPage();
    await page.goto(link);
    await page.waitForURL(`${runtime.url}/commandcenter/login`);
    await signInAsAdmin(page);
    await page.waitForURL(link);
    const dialog = page.getByRole("dialog", { name: "Signup Details" });
    // Exact: the timeline's e-mail entries name Rory too, once they have loaded.
    await dialog.getByText("Rory Owned", { exact: true }).waitFor();
    const timeline = dialog.getByRole("list", { name: "Timeline" });
    const sent = timeline.getByText(
      "E-mail sent: reminder to admin@example.com (Reply due soon: Rory Owned)",
    );
    await sent.waitFor();
    expect(await sent.count()).toBe(1);
    // Rory is beyond the first page: the details came from the lead's own route, and are read
    // again after a change there.
    await row(page, "Fay50 Filler").waitFor();
    expect(await row(page, "Rory Owned").count()).toBe(0);
    await dialog.getByText(/^overdue by \d+ h$/).waitFor();
    await dialog.getByRole("combobox", { name: "Status" }).selectOption({ label: "Contacted" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await timeline.getByText("Status: Contacted").waitFor();
    await dialog.getByText("Answered").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/signups`);
    await context.close();
  });
});

describe("a link to a lead", () => {
  it("in the morning digest opens a contact message; a deleted or unknown lead says so", async () => {
    // Monday 08:30 in Chicago: one digest, to the staff inbox (Wren, Nell, Cleo; Rory is answered).
    const run = await runtime.runSchedule<{ digests: number }>("desk-schedule", MONDAY_0830);
    expect(run.digests).toBe(1);
    await runtime.waitFor(() => runtime.settled(), 60_000);
    const digest = (await runtime.emails()).find(
      (email) =>
        email.subject.startsWith("Overdue leads this morning:") &&
        email.destination.to.includes(loadStage("local").staffInbox),
    );
    const link = /- Cleo Contact, overdue by \d+ h: (\S+)/.exec(digest?.body.text ?? "")?.[1];
    expect(link).toBe(`${runtime.url}/commandcenter/contacts#lead=${ids.get("Cleo")}`);

    const { pathname, hash } = new URL(link as string);
    const { context, page } = await signedIn(pathname + hash, (loaded) =>
      loaded.getByRole("dialog", { name: "Message Details" }).getByText("Call me"),
    );

    for (const id of [ids.get("Dora") as string, "no-such-lead"]) {
      await page.goto(`${runtime.url}/commandcenter/signups#lead=${encodeURIComponent(id)}`);
      const dialog = page.getByRole("dialog", { name: "Signup Details" });
      await dialog
        .getByRole("alert")
        .getByText("This signup does not exist: it was deleted, or the link is wrong.")
        .waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(hashOf(page)).toBe("");
    }
    await context.close();
  });
});

describe("status filters", () => {
  it("lists each status, set for one lead at a time with the bulk bar", async () => {
    const { context, page } = await signedIn("/commandcenter/signups", (loaded) =>
      row(loaded, "Fay50 Filler"),
    );
    const statuses = [
      ["Fay01", "Qualified"],
      ["Fay02", "Trial started"],
      ["Fay03", "Won"],
      ["Fay04", "Spam"],
      ["Fay05", "Lost"],
    ] as const;
    const bulk = page.getByRole("region", { name: "Change selected leads" });
    for (const [name, status] of statuses) {
      await page.getByRole("checkbox", { name: `Select ${name} Filler` }).check();
      await bulk.getByRole("combobox", { name: "Status" }).selectOption({ label: status });
      if (status === "Lost") await bulk.getByLabel("Reason").fill("Went with a competitor");
      await bulk.getByRole("button", { name: "Apply to selected" }).click();
      await bulk.waitFor({ state: "detached" });
    }
    for (const [name, status] of statuses) {
      await chooseFilter(page, "Status", status);
      await expectFirstNames(page, [`${name} Filler`]);
      expect(await page.locator("tbody tr").count()).toBe(1);
      // Spam is out of the totals: M counts every signup but Fay04 (docs/decisions/0150).
      await page.getByText(`1 of ${FILLERS + 2} signups`).waitFor();
    }
    await context.close();
  });
});
