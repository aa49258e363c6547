/**
 * The quarantine in Chromium (docs/decisions/0150, 0151): a person who fills in /signup or /contact
 * as people do (the page's clock gives the fill a person's time) is never held; a submission that filled the hidden field is on the Spam list with its reason
 * in words, the page passes axe, and "Not spam" releases it into the Signups list.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactMessage } from "../../events/contact";
import { HONEYPOT_FIELD } from "../../events/options";
import type { Signup } from "../../events/signup";
import { postJson } from "../support/post-json";
import type { RuntimeProcess } from "../support/runtime";
import { axeViolations } from "./axe";
import { signInAsAdmin, startStaffRuntime } from "./commandcenter-support";
import { fillSignup, waitForHydration } from "./site-support";

let runtime: RuntimeProcess;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  const context = await browser.newContext({ timezoneId: "America/Chicago", locale: "en-US" });
  page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(page);
  await page.waitForURL(`${runtime.url}/commandcenter`);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function signups(status?: string): Promise<Signup[]> {
  const answer = await page.request.get(
    `${runtime.url}/api/admin/signups${status ? `?status=${status}` : ""}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { signups: Signup[] }).signups;
}

describe("the quarantine in the browser", () => {
  it("never holds a person who fills in the signup form", async () => {
    const email = "person.avery@example.com";
    // The page's clock, so the fill takes a person's time however fast the script types: the page
    // measures it with performance.now() (web/src/forms/submit.ts), which this clock drives.
    await page.clock.install();
    await page.goto(`${runtime.url}/signup`);
    await waitForHydration(page);
    await fillSignup(page, email);
    await page.clock.fastForward("00:25");
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
    const stored = (await signups()).find((lead) => lead.email === email);
    // Judged and clean: the browser's token is valid and the fill took a person's time.
    expect(stored).toMatchObject({ status: "new", spamCheck: { score: 0, reasons: [] } });
    expect(stored?.quarantine).toBeUndefined();
    expect((await signups("spam")).some((lead) => lead.email === email)).toBe(false);
  });

  it("never holds a person who writes in the contact form", async () => {
    const email = "jordan.lee@example.com";
    await page.clock.install();
    await page.goto(`${runtime.url}/contact?subject=demo`);
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Jordan");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("textbox", { name: "Company" }).fill("Lee Rep Group");
    await page.getByLabel("Message").fill("We would like a demo for our five reps, see leerepgroup.com.");
    await page.clock.fastForward("00:40");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("heading", { name: "Thank you for contacting us!" }).waitFor();
    const answer = await page.request.get(`${runtime.url}/api/admin/contacts`);
    const stored = ((await answer.json()) as { contacts: ContactMessage[] }).contacts.find(
      (lead) => lead.email === email,
    );
    expect(stored).toMatchObject({ status: "new" });
    expect(stored?.quarantine).toBeUndefined();
    expect(stored?.spamCheck?.reasons.map((reason) => reason.code) ?? []).not.toContain("token");
  });

  it("shows a held signup with its reason, passes axe, and Not spam releases it", async () => {
    const answer = await postJson(`${runtime.url}/api/signup`, {
      firstName: "Botty",
      lastName: "McBotface",
      email: "bot.botty@example.com",
      teamSize: "solo",
      productLines: "single",
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(answer.status).toBe(201);
    const id = String(((await answer.json()) as { id: string }).id);

    await page.goto(`${runtime.url}/commandcenter/spam`);
    const signupsTable = page.getByRole("region", { name: "Signups" });
    const row = signupsTable.getByRole("row", { name: /Botty McBotface/ });
    await row.getByText("Hidden field filled in").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole("button", { name: "Not spam: Botty McBotface" }).click();
    await signupsTable
      .getByRole("status")
      .getByText(/^Released/)
      .waitFor();
    await row.waitFor({ state: "detached" });
    expect((await signups()).find((lead) => lead.id === id)).toMatchObject({ status: "new" });

    await page.goto(`${runtime.url}/commandcenter/signups`);
    await page.getByRole("button", { name: "View Botty McBotface" }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
