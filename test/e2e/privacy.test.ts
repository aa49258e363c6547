/**
 * The Privacy page in Chromium against the local runtime (docs/decisions/0095-privacy-requests.md):
 * an admin finds one address, downloads the JSON export, erases it with the address again and the
 * password, and sees the retention period; the page is axe-clean; Staff have no Privacy link.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_TEXTS, type PrivacyExport } from "../../events/privacy";
import { hashPassword } from "../../functions/model/staff/password";
import { UsersRepository } from "../../functions/model/staff/users";
import { call } from "../integration/auth-support";
import type { RuntimeProcess } from "../support/runtime";
import { axeViolations } from "./axe";
import { ADMIN, signInAsAdmin, startStaffRuntime } from "./commandcenter-support";

let runtime: RuntimeProcess;
let browser: Browser;
const PIA = "pia.page@example.com";
const STAFF = { username: "pagestaff", password: "a long and unguessable passphrase 91" };

beforeAll(async () => {
  [runtime, browser] = await startStaffRuntime();
  await new UsersRepository(runtime.db, runtime.table("users")).create(
    STAFF.username,
    await hashPassword(STAFF.password),
    new Date(),
    { role: "staff" },
  );
  const body = {
    firstName: "Pia",
    lastName: "Pagewright",
    email: PIA,
    teamSize: "solo",
    productLines: "single",
  };
  expect((await call(runtime, "POST", "/api/signup", { body })).status).toBe(201);
  await runtime.waitFor(() => runtime.settled());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  return context.newPage();
}

describe("the Privacy page", () => {
  it("finds, exports and erases one address; shows the retention period; axe-clean", async () => {
    const page = await newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    await signInAsAdmin(page);
    await page.waitForURL(`${runtime.url}/commandcenter`);
    await page.getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter/privacy`);
    await page.getByText(PRIVACY_TEXTS.retentionKept).waitFor();

    await page.getByLabel(PRIVACY_TEXTS.searchLabel).fill("PIA.Page@Example.com");
    await page.getByRole("button", { name: PRIVACY_TEXTS.search }).click();
    const summary = page.getByRole("region", { name: PRIVACY_TEXTS.summaryTitle });
    await summary.getByText("Signups").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: PRIVACY_TEXTS.export }).click(),
    ]);
    const file = JSON.parse(await readFile(String(await download.path()), "utf8")) as PrivacyExport;
    expect(file.format).toBe("repdesk-privacy-export");
    expect(file.signups).toHaveLength(1);
    expect(file.signups[0]).toMatchObject({ lastName: "Pagewright" });

    await page.getByRole("button", { name: PRIVACY_TEXTS.erase }).click();
    const dialog = page.getByRole("dialog", { name: PRIVACY_TEXTS.eraseTitle });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel(PRIVACY_TEXTS.confirmLabel).fill(PIA);
    await dialog.getByLabel(PRIVACY_TEXTS.passwordLabel).fill("not the password");
    await dialog.getByRole("button", { name: PRIVACY_TEXTS.eraseConfirm }).click();
    await dialog.getByRole("alert").waitFor();
    await dialog.getByLabel(PRIVACY_TEXTS.passwordLabel).fill(ADMIN.password);
    await dialog.getByRole("button", { name: PRIVACY_TEXTS.eraseConfirm }).click();
    await page.getByText(PRIVACY_TEXTS.erased).waitFor();
    await summary.getByText(PRIVACY_TEXTS.nothingFound).waitFor();
  });

  it("shows Staff no Privacy link", async () => {
    const page = await newPage();
    await page.goto(`${runtime.url}/commandcenter/login`);
    await page.getByLabel("Username").fill(STAFF.username);
    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${runtime.url}/commandcenter`);
    await page.getByRole("link", { name: "Account" }).waitFor();
    expect(await page.getByRole("link", { name: "Privacy" }).count()).toBe(0);
  });
});
