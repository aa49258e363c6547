/**
 * The Integrations page in Chromium against the local runtime (docs/product/webhooks.md): an admin
 * adds an endpoint pointing at the runtime's receiver twin, sees the secret once, sends a test
 * event, sees it delivered in the log, replays it; the page is axe-clean; Staff see no nav entry.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import type { RuntimeProcess } from "../support/runtime";
import { FAST_WEBHOOK_SCHEDULE } from "../support/webhooks";
import { signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime({ ...FAST_WEBHOOK_SCHEDULE });
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: "en-US" });
  return context.newPage();
}

async function received(name: string): Promise<{ headers: Record<string, string>; body: string }[]> {
  const answer = await fetch(`${runtime.url}/__local/webhooks/${name}`);
  return ((await answer.json()) as { received: { headers: Record<string, string>; body: string }[] })
    .received;
}

it("adds an endpoint, shows the secret once, sends a test event, logs it and replays it", async () => {
  const page = await newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await signInAsAdmin(page);
  await page.waitForURL(`${runtime.url}/commandcenter`);
  await page.getByRole("link", { name: "Integrations" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter/integrations`);
  await page.getByRole("heading", { name: "Endpoints" }).waitFor();

  await page.getByLabel("URL").fill(`${runtime.url}/__local/webhooks/browser`);
  await page.getByLabel("Description").fill("Browser test receiver");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secretText = page.getByTestId("signing-secret");
  await secretText.waitFor();
  const secret = (await secretText.textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("signing-secret").count()).resolves.toBe(0);

  await page.getByRole("button", { name: "Delivery log of Browser test receiver" }).click();
  await page.getByRole("button", { name: "Send test event" }).click();
  await page.getByRole("status").filter({ hasText: "A test event was queued." }).waitFor();
  const log = page.getByRole("region", { name: /Delivery log/ });
  await runtime.waitFor(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    return (await log.getByRole("cell", { name: "delivered" }).count()) === 1;
  });
  const [first] = await received("browser");
  expect(new Webhook(secret).verify(first?.body ?? "", first?.headers ?? {})).toMatchObject({
    type: "webhook.test",
  });
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  await log.getByRole("button", { name: "Replay", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "The delivery was queued again." }).waitFor();
  const both = await runtime.waitFor(async () => {
    const all = await received("browser");
    return all.length === 2 ? all : undefined;
  });
  expect(both[1]?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);

  // Deleting asks in the Command Center's own dialog, never the browser's (window.confirm).
  const browserDialogs: string[] = [];
  page.on("dialog", (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const deleteButton = page.getByRole("button", { name: "Delete Browser test receiver" });
  await deleteButton.click();
  const confirm = page.getByRole("dialog", { name: "Delete endpoint" });
  await confirm.getByText("Delete Browser test receiver? Nothing more is sent to it").waitFor();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm.count()).resolves.toBe(0);
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain("Delete");
  expect(await page.getByRole("cell", { name: /^Browser test receiver — / }).count()).toBe(1);
  await deleteButton.click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("status").filter({ hasText: "Browser test receiver was deleted." }).waitFor();
  await page.getByText("No endpoints yet").waitFor();
  expect(browserDialogs).toEqual([]);
});

it("shows Staff no Integrations entry and tells them the page is for admins", async () => {
  const users = new UsersRepository(runtime.db, runtime.table("users"));
  await users.create("sam", await hashPassword("sam has a long enough password"), new Date(), {
    email: "sam@example.com",
    role: "staff",
  });
  const page = await newPage();
  await page.goto(`${runtime.url}/commandcenter/login`);
  await page.getByLabel("Username").fill("sam");
  await page.getByLabel("Password").fill("sam has a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${runtime.url}/commandcenter`);
  expect(await page.getByRole("link", { name: "Integrations" }).count()).toBe(0);
  await page.goto(`${runtime.url}/commandcenter/integrations`);
  await page.getByRole("heading", { name: "Only admins can manage integrations." }).waitFor();
});
