/** What the Command Center's browser tests share: the local runtime with its first admin, and Chromium. */
import type { Browser, Page } from "playwright-core";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { launchChromium } from "./site-support";

export const ADMIN = { username: "admin", password: "correct horse battery staple" } as const;

/**
 * The runtime (the admin created at start, with an e-mail address) and a browser, started together;
 * `env` adds runtime settings. The desk's reminder/digest job runs only when a test asks
 * (runtime.runSchedule at a pinned time): on the runtime's timer it would judge the real time and
 * e-mail about seeded leads whenever the timer happened to fire.
 */
export function startStaffRuntime(env: Record<string, string> = {}): Promise<[RuntimeProcess, Browser]> {
  return Promise.all([
    startRuntime({
      env: {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_EMAIL: "admin@example.com",
        DESK_SCHEDULE_SECONDS: "0",
        ...env,
      },
    }),
    launchChromium(),
  ]);
}

/** On the login screen: signs in as the admin (the caller waits for where that leads). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The signups list's columns by default: docs/product/command-center.md's 8 and the desk's. */
export const SIGNUP_HEADINGS = [
  "Name",
  "Email",
  "Team Size",
  "Product Lines",
  "Notes",
  "Country",
  "Date",
  "Status",
  "Owner",
  "Reply",
  "Actions",
];
/** The contacts list's columns by default: the contact form's fields, the date and the desk's. */
export const CONTACT_HEADINGS = [
  "Name",
  "Email",
  "Phone",
  "Company",
  "Subject",
  "Message",
  "Newsletter",
  "Date",
  "Status",
  "Owner",
  "Reply",
  "Actions",
];
