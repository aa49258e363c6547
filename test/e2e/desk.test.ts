/**
 * The lead desk in Chromium against the local runtime: the reply clock in the list (and with the
 * browser's clock moved forward), status and owner from the details view and in bulk, each status
 * and owner filter, the timeline, and a note written and edited.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignupRequest } from "../../events";
import { businessCalendar } from "../../functions/model/response-clock";
import { acceptSignup } from "../../functions/pipeline/submissions";
import type { RuntimeProcess } from "../support/runtime";
import { ADMIN, startStaffRuntime } from "./commandcenter-support";

/** Thursday 19 November 2026, 10:00 in Chicago. */
const NOW = new Date("2026-11-19T16:00:00Z");
const HOUR = 3_600_000;

const SEED = [
  // Monday 09:00 CST: due Tuesday 09:00, 49 h overdue at NOW.
  { firstName: "Mona", email: "mona@monday.com", at: "2026-11-16T15:00:00Z" },
  // Wednesday 12:00 CST: due Thursday 12:00, 2 h left at NOW.
  { firstName: "Wade", email: "wade@wednesday.com", at: "2026-11-18T18:00:00Z" },
  // Wednesday 14:00 CST: due Thursday 14:00.
  { firstName: "Willa", email: "willa@wednesday.com", at: "2026-11-18T20:00:00Z" },
] as const;

let runtime: RuntimeProcess;
let browser: Browser;
const consoleErrors: string[] = [];

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
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
        calendar: businessCalendar(),
      },
      SignupRequest.parse({ ...fields, lastName: "Lead", teamSize: "solo", productLines: "single" }),
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function open(now: Date = NOW): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    timezoneId: "America/Chicago",
    locale: "en-US",
    viewport: { width: 1500, height: 950 },
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // A resource the browser fetches on its own schedule (the favicon) may 404 or not depending on
    // timing; a failed API call or a script error always counts.
    const url = message.location().url;
    if (message.text().startsWith("Failed to load resource") && !url.includes("/api/")) return;
    consoleErrors.push(`${message.text()} ${url}`);
  });
  await page.clock.setFixedTime(now);
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
  await page.goto(`${runtime.url}/commandcenter/signups`);
  await page.getByText("Mona Lead").first().waitFor();
  return { context, page };
}

const row = (page: Page, name: string) => page.locator("tbody tr", { hasText: `${name} Lead` });

/** The names listed, once the list shows exactly `expected` (waits for the answer, not a duration). */
async function expectNames(page: Page, expected: string[]) {
  await expect
    .poll(async () =>
      (await page.locator("tbody tr td:first-child strong").allTextContents()).filter((text) =>
        text.endsWith(" Lead"),
      ),
    )
    .toEqual(expected.map((name) => `${name} Lead`));
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).first().selectOption({ label: option });
}

describe("lead desk in the Command Center", () => {
  it("shows the reply clock of every open lead, and an overdue lead once the browser clock moves on", async () => {
    const { context, page } = await open();
    await row(page, "Mona").getByText("overdue by 49 h").waitFor();
    await row(page, "Wade").getByText("due in 2 h").waitFor();
    await chooseFilter(page, "Sort", "Most urgent first");
    await expectNames(page, ["Mona", "Wade", "Willa"]);
    await context.close();

    const later = await open(new Date(NOW.getTime() + 3 * HOUR));
    await row(later.page, "Wade").getByText("overdue by 1 h").waitFor();
    await later.context.close();
  });

  it("changes status and owner from the details view, records them in the timeline, filters by each", async () => {
    const { context, page } = await open();
    await row(page, "Mona").getByRole("button", { name: "View Mona Lead" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Status" }).selectOption({ label: "Contacted" });
    await dialog.getByRole("combobox", { name: "Owner" }).selectOption({ label: "admin" });
    await dialog.getByRole("button", { name: "Save" }).click();
    const timeline = dialog.getByRole("list", { name: "Timeline" });
    await timeline.getByText("Status: Contacted").waitFor();
    await timeline.getByText("Owner: admin").waitFor();
    await timeline.getByText("Submitted").waitFor();

    await dialog.getByLabel("Add a note").fill("Called, <b>left</b> a voicemail");
    await dialog.getByRole("button", { name: "Add note" }).click();
    await timeline.getByText("Called, <b>left</b> a voicemail").waitFor();
    await timeline.getByRole("button", { name: "Edit note" }).click();
    await dialog.getByLabel("Edit note").fill("Called, spoke to Mona");
    await dialog.getByRole("button", { name: "Save note" }).click();
    await timeline.getByText("Called, spoke to Mona").waitFor();
    await timeline.getByText("(edited)").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    await row(page, "Mona").getByText("Contacted").waitFor();
    await row(page, "Mona").getByText("Answered").waitFor();
    await chooseFilter(page, "Status", "Contacted");
    await expectNames(page, ["Mona"]);
    await page.getByText("1 of 3 signups").waitFor();
    await chooseFilter(page, "Status", "All");
    await chooseFilter(page, "Owner", "Mine");
    await expectNames(page, ["Mona"]);
    await chooseFilter(page, "Owner", "Unassigned");
    await expectNames(page, ["Willa", "Wade"]);
    await context.close();
  });

  it("changes status and owner of several leads at once", async () => {
    const { context, page } = await open();
    await page.getByRole("checkbox", { name: "Select Wade Lead" }).check();
    await page.getByRole("checkbox", { name: "Select Willa Lead" }).check();
    const bulk = page.getByRole("region", { name: "Change selected leads" });
    await bulk.getByText("2 selected").waitFor();
    await bulk.getByRole("combobox", { name: "Status" }).selectOption({ label: "Lost" });
    await bulk.getByLabel("Reason").fill("No budget this year");
    await bulk.getByRole("combobox", { name: "Owner" }).selectOption({ label: "admin" });
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
    await row(page, "Wade").getByText("Lost: No budget this year").waitFor();
    await row(page, "Willa").getByText("Lost: No budget this year").waitFor();
    await chooseFilter(page, "Status", "Lost");
    await expectNames(page, ["Willa", "Wade"]);
    await chooseFilter(page, "Status", "New");
    await expectNames(page, []);
    await chooseFilter(page, "Status", "All");
    await chooseFilter(page, "Owner", "Mine");
    await expectNames(page, ["Willa", "Wade", "Mona"]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
