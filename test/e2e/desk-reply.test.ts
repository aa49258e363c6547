/**
 * Replying from a lead's details view in Chromium against the local runtime and the SES stand-in
 * (docs/decisions/0068-replies.md): a template greeting the prospect, sent once on a double click,
 * From the stage's sender and Reply-To the staff member, the reply on the timeline and the
 * response clock stopped.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SignupRequest } from "../../events";
import { businessCalendar } from "../../functions/model/response-clock";
import { acceptSignup } from "../../functions/pipeline/submissions";
import { loadStage } from "../../infra/stages";
import type { RuntimeProcess } from "../support/runtime";
import { ADMIN, startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  await acceptSignup(
    {
      db: runtime.db,
      clock: () => new Date(),
      newId: () => crypto.randomUUID(),
      tables: {
        records: runtime.table("signups"),
        outbox: runtime.table("outbox"),
        audit: runtime.table("audit"),
      },
      calendar: businessCalendar(),
    },
    SignupRequest.parse({
      firstName: "Rita",
      lastName: "Lead",
      email: "rita@example.com",
      teamSize: "solo",
      productLines: "single",
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

it("replies with a template from the details view: one e-mail on a double click, on the timeline, clock stopped", async () => {
  const context = await browser.newContext({ timezoneId: "America/Chicago", locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
  await page.goto(`${runtime.url}/commandcenter/signups`);
  const row = page.locator("tbody tr", { hasText: "Rita Lead" });
  await row.getByText(/due in/).waitFor();
  await row.getByRole("button", { name: "View Rita Lead" }).click();
  const dialog = page.getByRole("dialog");
  const form = dialog.getByRole("form", { name: "Reply to the prospect" });
  await form.getByText("replies come back to admin@example.com").waitFor();
  await expect.poll(() => form.getByLabel("Message").inputValue()).toMatch(/^Hi Rita,\n\n/);
  await form.getByRole("combobox", { name: "Template" }).selectOption({ label: "Book a demo" });
  await expect.poll(() => form.getByLabel("Subject").inputValue()).toBe("Let's book your RepDesk demo");
  await form
    .getByLabel("Message")
    .fill("Hi Rita,\n\nHow about Tuesday at 10?\n\nBest regards,\nThe RepDesk team");
  await form.getByRole("button", { name: "Send reply" }).dblclick();
  await form.getByText("Reply sent.").waitFor();

  const timeline = dialog.getByRole("list", { name: "Timeline" });
  await timeline.getByText("Reply sent to rita@example.com: Let's book your RepDesk demo").waitFor();
  await timeline.getByText("How about Tuesday at 10?").waitFor();
  await timeline.getByText("Status: Contacted").waitFor();
  await dialog.getByText("Answered").waitFor();
  expect(await dialog.getByText(/due in|overdue/).count()).toBe(0);

  const replies = await runtime.waitFor(async () => {
    const found = (await runtime.emails()).filter(
      (email) => email.subject === "Let's book your RepDesk demo",
    );
    return found.length > 0 ? found : undefined;
  }, 10_000);
  expect(replies).toHaveLength(1);
  expect(replies[0]).toMatchObject({
    from: `RepDesk <${loadStage("local").senderAddress}>`,
    replyTo: ["admin@example.com"],
    destination: { to: ["rita@example.com"] },
  });
  expect(replies[0]?.body.text?.startsWith("Hi Rita,\n\nHow about Tuesday at 10?")).toBe(true);

  await dialog.getByRole("button", { name: "Close" }).click();
  await row.getByText("Answered").waitFor();
  await context.close();
}, 120_000);
