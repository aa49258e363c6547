/** What the Command Center's browser tests share: the local runtime with its first admin, and Chromium. */
import type { Browser } from "playwright-core";
import { type RuntimeProcess, startRuntime } from "../support/runtime";
import { launchChromium } from "./site-support";

export const ADMIN = { username: "admin", password: "correct horse battery staple" } as const;

/** The runtime (the admin created at start, with an e-mail address) and a browser, started together. */
export function startStaffRuntime(): Promise<[RuntimeProcess, Browser]> {
  return Promise.all([
    startRuntime({
      env: {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_EMAIL: "admin@example.com",
      },
    }),
    launchChromium(),
  ]);
}
