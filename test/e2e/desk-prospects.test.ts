/**
 * Returning prospects in Chromium (docs/decisions/0075): a signup and then a contact message from
 * the same address in another case, both through the public API. The signup's details list the
 * linked message and its timeline says "Submitted again"; the message's details say which lead it
 * is linked to, have no clock of their own and show the lead's timeline; each links to the other.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;
let signupId: string;
let contactId: string;
const consoleErrors: string[] = [];

async function submit(path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await postJson(`${runtime.url}${path}`, body);
  expect(answer.status).toBe(201);
  return String(((await answer.json()) as { id: string }).id);
}

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  signupId = await submit("/api/signup", {
    firstName: "Rita",
    lastName: "Rep",
    email: "rita.rep@example.com",
    teamSize: "team",
    productLines: "multiple",
  });
  contactId = await submit("/api/contact", {
    firstName: "Rita",
    lastName: "Rep",
    email: "Rita.Rep@EXAMPLE.com",
    message: "Following up on my signup: do you handle commission splits?",
  });
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ timezoneId: "America/Chicago", locale: "en-US" });
  const page = await context.newPage();
  page.on("console", (message) => {
    const url = message.location().url;
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource") && !url.includes("/api/")) return;
    consoleErrors.push(`${message.text()} ${url}`);
  });
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(page);
  await page.waitForURL(`${runtime.url}/commandcenter`);
  return page;
}

describe("returning prospects in the Command Center", () => {
  it("shows the link and the one timeline on both records", async () => {
    const page = await signedIn();

    // The lead: a signup with its clock, listing the linked message.
    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.getByRole("button", { name: "View Rita Rep" }).click();
    const dialog = page.getByRole("dialog");
    const linked = dialog.getByRole("list", { name: "Linked submissions" });
    await linked.getByRole("link", { name: /^Contact message of / }).waitFor();
    const leadTimeline = dialog.getByRole("list", { name: "Timeline" });
    await leadTimeline.getByText("Submitted again: contact message").waitFor();
    await dialog.getByRole("combobox", { name: "Status" }).waitFor();

    // Follow the link: the message's details, with no desk of its own and the lead's timeline.
    await linked.getByRole("link", { name: /^Contact message of / }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/contacts#lead=${contactId}`);
    const message = page.getByRole("dialog");
    await message.getByText("Following up on my signup").waitFor();
    const note = message.getByRole("note");
    await note.getByRole("link", { name: /^the signup of / }).waitFor();
    expect(await note.textContent()).toContain("Linked to the signup of");
    const shared = message.getByRole("list", { name: "Timeline" });
    await shared.getByText("Submitted again: contact message").waitFor();
    await expect.poll(() => shared.getByText(/^Submitted/).count()).toBeGreaterThanOrEqual(2);
    expect(await message.getByRole("combobox", { name: "Status" }).count()).toBe(0);
    expect(await message.getByRole("form", { name: "Reply to the prospect" }).count()).toBe(0);

    // In the list: Linked, and no reply clock of its own.
    await message.getByRole("button", { name: "Close" }).first().click();
    const row = page.locator("tbody tr", { hasText: "Rita Rep" });
    await row.getByText("On its lead").waitFor();
    await row.getByText("Linked", { exact: true }).waitFor();

    // And back: the message's link opens the lead.
    await row.getByRole("button", { name: "View message from Rita Rep" }).click();
    await page.getByRole("dialog").getByRole("note").getByRole("link").click();
    await page.waitForURL(`${runtime.url}/commandcenter/signups#lead=${signupId}`);
    await page.getByRole("dialog").getByRole("list", { name: "Linked submissions" }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
