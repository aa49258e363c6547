/**
 * The Sources report in Chromium against the local runtime, on seeded leads with sources (written
 * through the figures' write path, test/support/lead-source.ts): the period, the channel → source →
 * campaign rows, sorting, a drill-down to exactly a row's leads, the CSV, accessibility, 1280 px and
 * a phone. Saves a screenshot of the report to SOURCES_SHOT (when set) for the change's notes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadSource } from "../../events/lead-source";
import { teamDayOf } from "../../events/team-time";
import { CONTACT_KIND, SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { loadStage } from "../../infra/stages";
import { call, signIn } from "../integration/auth-support";
import { setLeadSource } from "../support/lead-source";
import { seedContact, seedSignup } from "../support/leads";
import type { RuntimeProcess } from "../support/runtime";
import { axeViolations } from "./axe";
import { ADMIN, signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

const CALENDAR = businessCalendar(loadStage("local").responseHolidays);
const DAY_MS = 86_400_000;
let runtime: RuntimeProcess;
let browser: Browser;

const SOURCES: [LeadSource | undefined, number][] = [
  [{ channel: "paid-search", utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-sale" }, 5],
  [{ channel: "paid-search", utmSource: "google", utmMedium: "cpc", utmCampaign: "brand" }, 3],
  [{ channel: "paid-search", utmSource: "bing", utmMedium: "cpc", utmCampaign: "brand" }, 2],
  [{ channel: "organic-search", referrerOrigin: "https://www.google.com" }, 6],
  [{ channel: "email", utmSource: "newsletter", utmMedium: "email", utmCampaign: "=november-digest" }, 4],
  [{ channel: "paid-social", utmSource: "linkedin", utmMedium: "paid_social", utmCampaign: "reps-2026" }, 3],
  [{ channel: "referral", referrerOrigin: "https://partner.example.org" }, 2],
  [{ channel: "direct", landingPath: "/pricing" }, 4],
  [undefined, 3],
];

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  const now = Date.now();
  const cookie = await signIn(runtime, ADMIN.username, ADMIN.password);
  let n = 0;
  for (const [source, count] of SOURCES) {
    for (let i = 0; i < count; i++, n++) {
      const at = new Date(now - (2 + ((n * 7) % 50)) * DAY_MS - n * 3_600_000).toISOString();
      const contact = n % 4 === 0;
      const { id } = contact
        ? await seedContact(runtime, at, {
            firstName: `Cleo${n}`,
            lastName: "Source",
            email: `cleo${n}@example.com`,
            message: "Tell me more about commission tracking.",
          })
        : await seedSignup(runtime, at, {
            firstName: `Sid${n}`,
            lastName: "Source",
            email: `sid${n}@example.com`,
            teamSize: "team",
            productLines: "multiple",
          });
      const kind = contact ? CONTACT_KIND : SIGNUP_KIND;
      if (source) await setLeadSource(runtime, kind, id, source, CALENDAR);
      if (n % 3 === 0) {
        const status = ["qualified", "won", "contacted", "trial"][n % 4] as string;
        await call(runtime, "POST", "/api/admin/desk/update", {
          cookie,
          body: { kind: kind.kind, ids: [id], status },
          headers: { origin: runtime.url },
        });
      }
    }
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function openReport(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "en-US", acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(page);
  await page.waitForURL(`${runtime.url}/commandcenter`);
  await page.getByRole("link", { name: "Sources" }).click();
  await page.waitForURL(/\/commandcenter\/sources/);
  await page.getByRole("button", { name: "Last 90 days" }).click();
  await page.locator("tbody tr").first().waitFor();
  return page;
}

describe("the Sources report", () => {
  it("shows channels that open onto sources and campaigns, sorts, drills down and is accessible", async () => {
    const page = await openReport({ width: 1280, height: 900 });
    const firstRow = page.locator("tbody tr").first();
    // Most leads first: Paid Search (10 leads over three campaigns).
    expect(await firstRow.locator("th").textContent()).toContain("Paid Search");
    await page.getByRole("button", { name: "Show the sources of Paid Search" }).click();
    await page.getByRole("button", { name: "Show the sources of Paid Search / google" }).click();
    const spring = page.locator("tbody tr", { hasText: "spring-sale" });
    await spring.waitFor();
    expect(await spring.locator("td").first().textContent()).toBe("5");
    // Sorting by name puts channels in alphabetical order.
    await page.getByRole("button", { name: "Channel / source / campaign" }).click();
    expect(await page.locator("thead th").first().getAttribute("aria-sort")).toBe("ascending");
    expect(await page.locator("tbody tr").first().locator("th").textContent()).toContain("Direct");
    expect(await axeViolations(page)).toEqual([]);
    // No sideways scroll at 1280 px.
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    if (process.env.SOURCES_SHOT) await page.screenshot({ path: process.env.SOURCES_SHOT, fullPage: true });
    // The CSV: the rows, formula-safe.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString("utf8");
    expect(text).toContain("Channel,Source,Campaign,Leads");
    expect(text).toContain("'=november-digest");
    // Drill down: the row's link opens the signups list on exactly the row's leads — its channel,
    // source and campaign, arrived in the report's period (seeded: leads 1, 2 and 3 are its signups;
    // 0 and 4 its contact messages).
    const period = new URL(page.url()).searchParams;
    const link = page.getByRole("link", { name: /3 signups from Paid Search \/ google \/ spring-sale/ });
    const href = (await link.getAttribute("href")) ?? "";
    expect(Object.fromEntries(new URL(href, runtime.url).searchParams)).toEqual({
      channel: "paid-search",
      source: "google",
      campaign: "spring-sale",
      from: period.get("from"),
      to: period.get("to"),
    });
    await link.click();
    await page.waitForURL(/\/commandcenter\/signups\?/);
    for (const n of [1, 2, 3]) await page.locator("tbody tr", { hasText: `Sid${n} Source` }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(3);
    await page.getByText(/^3 of \d+ signups$/).waitFor();
    expect(await page.getByRole("combobox", { name: "Channel" }).inputValue()).toBe("paid-search");
    await page.getByText("From the Sources report: Paid Search / google / spring-sale, arrived").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Dropping the row and period lists the whole channel again.
    await page.getByRole("button", { name: "Show all sources and dates" }).click();
    await page.locator("tbody tr", { hasText: "Sid7 Source" }).waitFor();
    expect(new URL(page.url()).searchParams.get("source")).toBeNull();
    await page.context().close();
  });

  it("takes a period from its dates, and is usable on a phone", async () => {
    const page = await openReport({ width: 390, height: 800 });
    const today = teamDayOf(new Date().toISOString());
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.getByText("No leads arrived in this period.").waitFor();
    expect(page.url()).toContain(`from=${today}&to=${today}`);
    await page.getByRole("button", { name: "Last 365 days" }).click();
    await page.locator("tbody tr").first().waitFor();
    // The page itself does not scroll sideways: the table scrolls in its own box.
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
