/**
 * The signup and contact forms in Chromium against the local runtime (docs/product/site.md):
 * validation messages, error clearing, submitting states, thank-you views, failure alerts with the
 * data kept, the data-layer events in order, and the submissions arriving in DynamoDB. Also the ROI
 * calculator's figures on /pricing (docs/product/site.md).
 */
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  CONTACT_LEAD,
  type FormField,
  formKeys,
  type LeadFields,
  labelIn,
  SIGNUP_LEAD,
} from "../../events/lead-fields";
import { dataLayer, fillSignup, siteFixture, type WatchedPage, waitForHydration } from "./site-support";

const ALERT = "There was an error submitting your form. Please try again.";

const site = siteFixture();

async function withPage(path: string, test: (watched: WatchedPage) => Promise<void>): Promise<void> {
  const watched = await site.open();
  try {
    await watched.page.goto(`${site.runtime.url}${path}`);
    await waitForHydration(watched.page);
    await test(watched);
  } finally {
    await watched.close();
  }
}

/** Answers the API route with `status` after `release` resolves (a request held open). */
async function holdApi(page: Page, path: string, status: number): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.fulfill({
      status,
      contentType: "application/json",
      body: JSON.stringify({ error: "Failed" }),
    });
  });
  return release;
}

/** Collects window.alert texts (and dismisses them). */
function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return alerts;
}

const events = async (page: Page) => (await dataLayer(page)).map((entry) => entry.event);

describe("signup form", () => {
  it("shows the five required-field messages, then the e-mail format message, and fires signup_form_error", async () => {
    await withPage("/signup", async ({ page, problems }) => {
      await page.getByRole("button", { name: "Get Started" }).click();
      for (const message of [
        "First name is required",
        "Last name is required",
        "Email is required",
        "Please select your team size",
        "Please select your product line focus",
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(
        await page.getByLabel("First name").evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
      // form start = the first non-empty input, so it follows the first (empty) attempt
      expect(await events(page)).toEqual([
        "page_view",
        "signup_form_error",
        "signup_form_start",
        "signup_form_error",
      ]);
      expect(problems).toEqual([]);
    });
  });

  it("clears a field's error when that field is edited, and only that one", async () => {
    await withPage("/signup", async ({ page }) => {
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByText("First name is required").waitFor();
      await page.getByLabel("First name").fill("A");
      await page.getByText("First name is required").waitFor({ state: "detached" });
      expect(await page.getByText("Last name is required").isVisible()).toBe(true);
      await page.getByLabel("Solo (Just me)").check();
      await page.getByText("Please select your team size").waitFor({ state: "detached" });
      expect(await page.getByText("Please select your product line focus").isVisible()).toBe(true);
    });
  });

  it("submits: the thank-you view replaces the form; events in order; the signup is stored in DynamoDB", async () => {
    const email = `avery.${Date.now()}@example.com`;
    await withPage("/signup", async ({ page, problems }) => {
      await fillSignup(page, email);
      const submit = page.getByRole("button", { name: "Get Started" });
      await submit.click();
      await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
      expect(await page.locator("main").innerText()).toContain(
        "We've received your information and will get back to you within 24 hours on weekdays. Keep an eye on your inbox for our response!",
      );
      expect(await page.locator("main form").count()).toBe(0);
      expect(await events(page)).toEqual(["page_view", "signup_form_start", "signup_form_submit"]);
      expect(problems).toEqual([]);
    });
    const stored = await site.runtime.waitFor(async () => {
      const scan = await site.runtime.db.send(new ScanCommand({ TableName: site.runtime.table("signups") }));
      return scan.Items?.find((item) => item.email === email);
    });
    expect(stored).toMatchObject({
      firstName: "Avery",
      lastName: "Stone",
      teamSize: "team",
      productLines: "multiple",
      notes: "We carry 12 lines across 3 states.",
    });
  });

  it("on a failing API: the button reads 'Submitting...' and is disabled, then the alert; the form keeps its data", async () => {
    await withPage("/signup", async ({ page }) => {
      const alerts = recordAlerts(page);
      const release = await holdApi(page, "/api/signup", 500);
      await fillSignup(page, "fail@example.com");
      await page.getByRole("button", { name: "Get Started" }).click();
      const busy = page.getByRole("button", { name: "Submitting..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      await page.getByRole("button", { name: "Get Started" }).waitFor();
      expect(alerts).toEqual([`alert: ${ALERT}`]);
      expect(await page.getByLabel("First name").inputValue()).toBe("Avery");
      expect(await page.getByLabel("Email").inputValue()).toBe("fail@example.com");
      expect(await page.getByLabel("Team (Multiple people)").isChecked()).toBe(true);
      expect(await events(page)).toEqual(["page_view", "signup_form_start", "submission_failed"]);
    });
  });

  it("sends the same submission id on a retry, so a retried signup is one lead", async () => {
    await withPage("/signup", async ({ page }) => {
      recordAlerts(page);
      const ids: string[] = [];
      let calls = 0;
      await page.route("**/api/signup", async (route) => {
        ids.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
        calls += 1;
        if (calls === 1) await route.fulfill({ status: 503, body: "{}", contentType: "application/json" });
        else await route.continue();
      });
      await fillSignup(page, `retry.${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByRole("button", { name: "Get Started" }).waitFor();
      await page.getByRole("button", { name: "Get Started" }).click();
      await page.getByRole("heading", { name: "Thank you for your interest!" }).waitFor();
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[1]).toBe(ids[0]);
    });
  });

  it("keeps the honeypot out of sight and out of the accessibility tree", async () => {
    await withPage("/signup", async ({ page }) => {
      const honeypot = page.locator('input[name="website"]');
      expect(await honeypot.getAttribute("tabindex")).toBe("-1");
      expect(await honeypot.getAttribute("autocomplete")).toBe("off");
      const box = await honeypot.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
      const tree = await page.locator("form").ariaSnapshot();
      expect(tree).not.toContain("Leave this field empty");
    });
  });
});

describe("contact form", () => {
  it("presets the subject from ?subject=demo, sends, shows the thank-you screen and records the conversion", async () => {
    const email = `jordan.${Date.now()}@example.com`;
    await withPage("/contact?subject=demo", async ({ page, problems }) => {
      const subject = page.getByLabel("Subject");
      await page.waitForFunction(
        () => (document.querySelector("#subject") as HTMLSelectElement).value === "demo",
      );
      expect(await subject.locator("option").first().textContent()).toBe("Select a subject");
      await page.getByLabel("First name").fill("Jordan");
      await page.getByLabel("Last name").fill("Lee");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("textbox", { name: "Company" }).fill("Lee Rep Group");
      await page.getByLabel("Message").fill("We would like a demo for our five reps.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("heading", { name: "Thank you for contacting us!" }).waitFor();
      const layer = await dataLayer(page);
      expect(layer.map((entry) => entry.event)).toEqual([
        "page_view",
        "contact_form_start",
        "contact_form_submit",
        "ads_conversion_Contact_1",
        "demo_request",
      ]);
      expect(layer.find((entry) => entry.event === "contact_form_submit")).toMatchObject({ subject: "demo" });
      expect(layer.find((entry) => entry.event === "ads_conversion_Contact_1")).toMatchObject({
        currency: "USD",
        value: 1,
      });
      expect(problems).toEqual([]);
    });
    const stored = await site.runtime.waitFor(async () => {
      const scan = await site.runtime.db.send(new ScanCommand({ TableName: site.runtime.table("contacts") }));
      return scan.Items?.find((item) => item.email === email);
    });
    expect(stored).toMatchObject({ subject: "demo", company: "Lee Rep Group", newsletter: false });
  });

  it("relies on the browser's required checks: nothing is sent while required fields are empty", async () => {
    await withPage("/contact", async ({ page }) => {
      let sent = false;
      await page.route("**/api/contact", async (route) => {
        sent = true;
        await route.abort();
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      expect(await page.locator("#firstName:invalid").count()).toBe(1);
      expect(sent).toBe(false);
      for (const label of ["First name", "Last name", "Email", "Message"]) {
        expect(await page.getByLabel(label).getAttribute("required")).not.toBeNull();
      }
    });
  });

  it("on a failing API: 'Sending...' while waiting, then the alert, and the data is kept", async () => {
    await withPage("/contact", async ({ page }) => {
      const alerts = recordAlerts(page);
      const release = await holdApi(page, "/api/contact", 500);
      await page.getByLabel("First name").fill("Jordan");
      await page.getByLabel("Last name").fill("Lee");
      await page.getByLabel("Email").fill("jordan@example.com");
      await page.getByLabel("Subject").selectOption("billing");
      await page.getByLabel("Message").fill("Question about invoices.");
      await page.getByRole("button", { name: "Send Message" }).click();
      const busy = page.getByRole("button", { name: "Sending..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      await page.getByRole("button", { name: "Send Message" }).waitFor();
      expect(alerts).toEqual([`alert: ${ALERT}`]);
      expect(await page.getByLabel("Message").inputValue()).toBe("Question about invoices.");
      expect(await page.getByLabel("Subject").inputValue()).toBe("billing");
    });
  });
});

describe("ROI calculator on /pricing", () => {
  it("shows the ROI example of docs/product/site.md by default and recalculates when an input changes", async () => {
    await withPage("/pricing", async ({ page, problems }) => {
      const text = () => page.locator("main").innerText();
      // innerText is what is rendered, and off screen a section's rendering is skipped
      // (content-visibility, decision 0107): read the calculator where a visitor reads it.
      await page.getByLabel("Hours saved per month").scrollIntoViewIfNeeded();
      await expect.poll(text).toContain("$2,050");
      expect(await text()).toContain("$2,601");
      expect(await text()).toContain("1,646%");
      const hours = page.getByLabel("Hours saved per month");
      expect(await hours.inputValue()).toBe("41");
      await hours.fill("42");
      await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("$2,100"));
      expect(await text()).not.toContain("$2,601");
      expect(problems).toEqual([]);
    });
  });
});

describe("every field the lead kinds describe", () => {
  /** Fills or picks each form field of the description through its label, and reads it back by its name. */
  async function fillEach(page: Page, lead: LeadFields): Promise<void> {
    for (const key of formKeys(lead)) {
      const field = lead[key] as FormField;
      const label = labelIn(field, "form");
      const { rule } = field;
      if (rule.type === "choice" && field.input.control !== "select") {
        const form = page.locator("main form");
        expect(await form.locator("fieldset legend", { hasText: label }).count(), key).toBe(1);
        const second = rule.values[1] as string;
        // An option's name is its label and its hint ("Team (Multiple people) Several reps…").
        await form.getByLabel((field.input.options ?? field.options)?.[second] ?? second).check();
        expect(await page.locator(`input[name="${key}"]:checked`).inputValue(), key).toBe(second);
        continue;
      }
      // The label, and the asterisk of a required field on /contact.
      const input = page
        .locator("main form")
        .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));
      expect(await input.getAttribute("name"), key).toBe(key);
      if (rule.type === "yesNo") {
        await input.check();
        expect(await input.isChecked(), key).toBe(true);
      } else if (rule.type === "choice") {
        await input.selectOption(rule.values[1] as string);
        expect(await input.inputValue(), key).toBe(rule.values[1]);
      } else {
        const value = rule.type === "email" ? "filled@example.com" : `Filled ${key}`;
        await input.fill(value);
        expect(await input.inputValue(), key).toBe(value);
      }
    }
  }

  it.each([
    ["/signup", SIGNUP_LEAD],
    ["/contact", CONTACT_LEAD],
  ] as const)("%s: each is an input a person finds by its label and can fill", async (path, lead) => {
    await withPage(path, async ({ page, problems }) => {
      await fillEach(page, lead);
      expect(problems).toEqual([]);
    });
  });
});
