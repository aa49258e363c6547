/**
 * The lead lists' layout in Chromium against the local runtime (docs/decisions/0127-lead-list-columns.md):
 * the signups list has the 8 columns of docs/product/command-center.md and the desk's Status,
 * Owner and Reply, the contacts list the contact form's fields the same way, and at 1280, 1440 and
 * 1920 px nothing scrolls sideways, the page's box or the table's; a value too long for its column
 * is cut, and its full text shows on hover and on keyboard focus; "Columns" hides what a person
 * turns off, kept for that person alone; on a 375 px phone each row is a card under the page's
 * width, with every value and action on it; and axe finds nothing.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { seedContact, seedSignup } from "../support/leads";
import type { RuntimeProcess } from "../support/runtime";
import { axeViolations } from "./axe";
import { CONTACT_HEADINGS, SIGNUP_HEADINGS, signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;

/** 2,000 characters, words and all, with a line break: the whole of it must be readable. */
const LONG_NOTES = Array.from(
  { length: 40 },
  (_, index) => `Line ${String(index + 1).padStart(2, "0")} of the notes about our three teams`,
)
  .join(" ")
  .padEnd(1_999, ".")
  .concat("!");

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  const now = Date.now();
  // Newest first in the list: the longest name is the first row.
  const names = [
    ["Maximilian-Alexander", "Oppenheimer-Vanderbilt"],
    ["Ada", "Ng"],
    ["Bartholomew", "Featherstonehaugh"],
  ] as const;
  for (const [index, [firstName, lastName]] of names.entries()) {
    await seedSignup(runtime, new Date(now - index * 60_000).toISOString(), {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@a-rather-long-company-domain.example.com`.toLowerCase(),
      teamSize: "team",
      productLines: "multiple",
      notes: index === 0 ? LONG_NOTES : undefined,
    });
  }
  await seedContact(runtime, new Date(now).toISOString(), {
    firstName: "Cornelius",
    lastName: "Worthington-Smythe",
    email: "cornelius.worthington-smythe@a-rather-long-company-domain.example.com",
    phone: "+1 (555) 010-2030 extension 4455",
    company: "Worthington-Smythe Manufacturers' Representatives International",
    subject: "partnership",
    message: LONG_NOTES,
    newsletter: true,
  });
  expect(LONG_NOTES).toHaveLength(2_000);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(page);
  await page.waitForURL(`${runtime.url}/commandcenter`);
  return page;
}

async function headings(page: Page): Promise<string[]> {
  return page.locator("thead th").allTextContents();
}

/** The cell of `row` in the column headed `heading`. */
async function cellOf(page: Page, row: Locator, heading: string): Promise<Locator> {
  const all = await headings(page);
  expect(all).toContain(heading);
  return row.locator("td").nth(all.indexOf(heading));
}

/** Nothing scrolls sideways: not the page, not the table's own box. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    const table = document.querySelector("table")?.parentElement as Element;
    return {
      page: [root.scrollWidth, root.clientWidth],
      table: [table.scrollWidth, table.clientWidth],
    };
  });
  expect(widths.page[0], `the page scrolls sideways (${what})`).toBeLessThanOrEqual(widths.page[1] as number);
  expect(widths.table[0], `the table scrolls sideways (${what})`).toBeLessThanOrEqual(
    widths.table[1] as number,
  );
}

/** The element's box lies inside the viewport's width. */
async function expectWithinWidth(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(width);
}

describe("the lead lists' layout", () => {
  it("makes a lead Lost with a long reason and gives it an owner (the widest desk cells)", async () => {
    const page = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.getByRole("checkbox", { name: "Select Maximilian-Alexander Oppenheimer-Vanderbilt" }).check();
    const bulk = page.getByRole("region", { name: "Change selected leads" });
    await bulk.getByRole("combobox", { name: "Status" }).selectOption({ label: "Lost" });
    await bulk.getByLabel("Reason").fill("Chose a competitor with a longer contract and lower fees");
    await bulk.getByRole("combobox", { name: "Owner" }).selectOption({ label: "admin" });
    await bulk.getByRole("button", { name: "Apply to selected" }).click();
    await page.getByText("Lost: Chose a competitor with a longer contract and lower fees").waitFor();
    await page.context().close();
  });

  for (const width of [1280, 1440, 1920]) {
    for (const [path, rowText, expected] of [
      ["signups", "Oppenheimer-Vanderbilt", SIGNUP_HEADINGS],
      ["contacts", "Worthington-Smythe", CONTACT_HEADINGS],
    ] as const) {
      it(`shows every column of ${path} at ${width} px, in order, without scrolling sideways`, async () => {
        const page = await signedIn({ width, height: 900 });
        await page.goto(`${runtime.url}/commandcenter/${path}`);
        const row = page.locator("tbody tr", { hasText: rowText });
        await row.waitFor();
        expect(await headings(page)).toEqual(expected);
        expect(await page.locator("tbody tr").first().textContent()).toBe(await row.textContent());
        for (const heading of expected)
          await expectWithinWidth(page, await cellOf(page, row, heading), `${heading} at ${width} px`);
        for (const button of await row.getByRole("button").all())
          await expectWithinWidth(page, button, `${await button.getAttribute("aria-label")} at ${width} px`);
        // Every value is in its cell, cut or not.
        expect(await (await cellOf(page, row, "Email")).textContent()).toContain(
          "@a-rather-long-company-domain.example.com",
        );
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
        await page.context().close();
      });
    }
  }

  it("shows a 2,000-character note in full on hover and on keyboard focus, to a screen reader too", async () => {
    const page = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${runtime.url}/commandcenter/signups`);
    const row = page.locator("tbody tr", { hasText: "Oppenheimer-Vanderbilt" });
    await row.waitFor();
    const notes = (await cellOf(page, row, "Notes")).locator("span[tabindex='0']");
    // Cut to one line of its column, the DOM holding all of it.
    expect(await notes.textContent()).toBe(LONG_NOTES);
    const box = await notes.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(30);
    const tooltip = page.getByRole("tooltip");
    expect(await tooltip.count()).toBe(0);

    // Hover: the tooltip holds the whole note, inside the screen, and the page does not widen.
    await notes.hover();
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(LONG_NOTES);
    await expectWithinWidth(page, tooltip, "the tooltip");
    await expectNoSidewaysScroll(page, "with the tooltip open");
    // Escape dismisses it where the pointer is.
    await page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "detached" });
    await page.mouse.move(0, 0);

    // Keyboard: Tab reaches the note (a cut value is focusable), the tooltip describes it.
    // (The pointer then leaves: a cut Product Lines value keeps its own tooltip while hovered.)
    await (await cellOf(page, row, "Product Lines")).click();
    await page.mouse.move(0, 0);
    await notes.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await notes.evaluate((element) => element === document.activeElement)).toBe(true);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(LONG_NOTES);
    const describedBy = await notes.getAttribute("aria-describedby");
    expect(describedBy).toBe(await tooltip.getAttribute("id"));
    const snapshot = await notes.ariaSnapshot();
    expect(snapshot).toContain("Line 01 of the notes");
    // What a screen reader announces: the note, described by the tooltip's full text.
    const described = await page.evaluate(
      (id) => document.getElementById(id ?? "")?.textContent ?? "",
      describedBy,
    );
    expect(described).toBe(LONG_NOTES);
    expect(await axeViolations(page)).toEqual([]);
    // Tab moves on, and the note's tooltip goes.
    await page.keyboard.press("Tab");
    await tooltip.filter({ hasText: "Line 01 of the notes" }).waitFor({ state: "detached" });
    expect(await notes.evaluate((element) => element === document.activeElement)).toBe(false);

    // A value that fits is plain text: no tooltip, no stop in the tab order.
    const country = (await cellOf(page, row, "Country")).locator("span").first();
    expect(await country.textContent()).toBe("Unknown");
    expect(await country.getAttribute("tabindex")).toBeNull();
    await page.context().close();
  });

  it("shows a cut value's tooltip when its focus scrolls the value into view", async () => {
    // A window so short that the first row starts below it: focusing the note brings it into view,
    // and the browser's scroll that does it is not a scroll that moves the value from its tooltip.
    const page = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${runtime.url}/commandcenter/signups`);
    const row = page.locator("tbody tr", { hasText: "Oppenheimer-Vanderbilt" });
    await row.waitFor();
    const notes = (await cellOf(page, row, "Notes")).locator("span[tabindex='0']").first();
    const rowTop = (await row.boundingBox())?.y ?? 0;
    await page.setViewportSize({ width: 1280, height: Math.floor(rowTop) - 20 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // As Tab and a screen reader's focus do: the element takes focus, the page scrolls to it.
    await notes.evaluate((element) => (element as HTMLElement).focus());
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const tooltip = page.getByRole("tooltip").filter({ hasText: "Line 01 of the notes" });
    await tooltip.waitFor();
    // Still there once the scroll has settled, against the value where it is now.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await tooltip.count()).toBe(1);
    // Placed against the value where the scroll left it: under it, else above it within the screen.
    const [value, tip] = [await notes.boundingBox(), await tooltip.boundingBox()];
    const height = page.viewportSize()?.height ?? 0;
    const valueBottom = (value?.y ?? 0) + (value?.height ?? 0);
    const tipHeight = tip?.height ?? 0;
    const top =
      valueBottom + tipHeight <= height - 8 ? valueBottom : Math.max(8, (value?.y ?? 0) - tipHeight);
    expect(Math.abs((tip?.y ?? 0) - top), JSON.stringify({ value, tip })).toBeLessThan(2);
    await page.context().close();
  });

  it("hides the columns a person turns off, for that person alone, after a reload and signing in again", async () => {
    await runtimeAccount("casey");
    const page = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.locator("tbody tr").first().waitFor();
    expect(await headings(page)).toEqual(SIGNUP_HEADINGS);
    await page.getByRole("button", { name: "Columns" }).click();
    const chooser = page.getByRole("group", { name: "Show columns" });
    // Every column but Name and Actions, all on but Source, which is off until chosen.
    expect(await chooser.getByRole("checkbox").count()).toBe(SIGNUP_HEADINGS.length - 1);
    const source = chooser.getByRole("checkbox", { name: "Source", exact: true });
    expect(await source.isChecked()).toBe(false);
    for (const box of await chooser.getByRole("checkbox").all())
      if (!(await box.evaluate((element, other) => element === other, await source.elementHandle())))
        expect(await box.isChecked()).toBe(true);
    await chooser.getByRole("checkbox", { name: "Notes", exact: true }).uncheck();
    await chooser.getByRole("checkbox", { name: "Country", exact: true }).uncheck();
    await page.keyboard.press("Escape");
    await chooser.waitFor({ state: "detached" });
    const withoutTwo = SIGNUP_HEADINGS.filter((heading) => heading !== "Notes" && heading !== "Country");
    expect(await headings(page)).toEqual(withoutTwo);
    await expectNoSidewaysScroll(page, "two columns hidden");

    // A reload keeps it.
    await page.reload();
    await page.locator("tbody tr").first().waitFor();
    expect(await headings(page)).toEqual(withoutTwo);

    // Someone else on this browser has every column; their choice is their own.
    await logOut(page);
    await signInAs(page, "casey");
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.locator("tbody tr").first().waitFor();
    expect(await headings(page)).toEqual(SIGNUP_HEADINGS);
    await page.getByRole("button", { name: "Columns" }).click();
    await chooser.getByRole("checkbox", { name: "Owner", exact: true }).uncheck();
    await page.keyboard.press("Escape");
    expect(await headings(page)).toEqual(SIGNUP_HEADINGS.filter((heading) => heading !== "Owner"));

    // The admin signs in again: their own choice, the other list untouched.
    await logOut(page);
    await page.goto(`${runtime.url}/commandcenter/login`);
    await signInAsAdmin(page);
    await page.waitForURL(`${runtime.url}/commandcenter`);
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.locator("tbody tr").first().waitFor();
    expect(await headings(page)).toEqual(withoutTwo);
    await page.goto(`${runtime.url}/commandcenter/contacts`);
    await page.locator("tbody tr").first().waitFor();
    expect(await headings(page)).toEqual(CONTACT_HEADINGS);
    await page.context().close();
  });

  it("shows each row as a card on a 375 px phone, every value and action on it", async () => {
    const page = await signedIn({ width: 375, height: 812 });
    for (const [path, rowText, expected] of [
      ["signups", "Oppenheimer-Vanderbilt", SIGNUP_HEADINGS],
      ["contacts", "Worthington-Smythe", CONTACT_HEADINGS],
    ] as const) {
      await page.goto(`${runtime.url}/commandcenter/${path}`);
      const row = page.locator("tbody tr", { hasText: rowText });
      await row.waitFor();
      await expectNoSidewaysScroll(page, `${path} on a phone`);
      // A card: the name on top, then each cell under it, labelled with its column's heading.
      let above = (await (await cellOf(page, row, "Name")).boundingBox())?.y ?? 0;
      for (const heading of expected.slice(1)) {
        const cell = await cellOf(page, row, heading);
        await cell.scrollIntoViewIfNeeded();
        const box = await cell.boundingBox();
        const top = (box?.y ?? 0) + (await page.evaluate(() => window.scrollY));
        expect(top, `${heading} is under the cell before it`).toBeGreaterThan(above);
        above = top;
        await expectWithinWidth(page, cell, `${heading} on a phone`);
        expect(await cell.evaluate((element) => getComputedStyle(element, "::before").content)).toBe(
          `"${heading}"`,
        );
      }
      for (const button of await row.getByRole("button").all())
        await expectWithinWidth(page, button, `${await button.getAttribute("aria-label")} on a phone`);
      // The long values wrap on their card (a few lines), the rest on focus.
      const email = (await cellOf(page, row, "Email")).locator("span").first();
      expect(await email.isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.context().close();
  });

  it("has no accessibility violations at 1280 px, the chooser open", async () => {
    const page = await signedIn({ width: 1280, height: 800 });
    for (const path of ["signups", "contacts"]) {
      await page.goto(`${runtime.url}/commandcenter/${path}`);
      await page.locator("tbody tr").first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Columns" }).click();
      await page.getByRole("group", { name: "Show columns" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.context().close();
  });
});

const PASSWORD = "another long passphrase for casey";

/** A second Staff member straight in the store (the Team page's own tests cover inviting). */
async function runtimeAccount(username: string): Promise<void> {
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    username,
    await hashPassword(PASSWORD),
    new Date(),
    { email: `${username}@example.com`, role: "staff" },
  );
}

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
}

/** Logout, and the home page's own load (the header leaves once the server ended the session). */
async function logOut(page: Page): Promise<void> {
  const home = page.waitForEvent("domcontentloaded");
  await page.getByRole("button", { name: "Logout" }).click();
  await home;
  expect(page.url()).toBe(`${runtime.url}/`);
}
