/** Sends an e-mail to one staff member from the stage's sender address (HTTP functions with `sendsEmail`). */

import { requireEnv } from "../../lib/env";
import type { Mailer } from "../../lib/mailer";
import { fromAddress } from "./addresses";
import type { RenderedEmail } from "./templates";

/**
 * The SES client (~80 KiB with its protocol code) loads with the first e-mail, not at cold start:
 * most team requests (list, change a role, deactivate) send none. Bundled, it is a chunk beside
 * index.mjs (infra/build/functions.ts).
 */
let mailer: Promise<Mailer> | undefined;
export function sesMailer(): Promise<Mailer> {
  mailer ??= import("../../lib/ses-mailer").then(
    ({ SesMailer }) => new SesMailer(undefined, requireEnv("SES_CONFIGURATION_SET")),
  );
  return mailer;
}

export async function sendStaffEmail(to: string, email: RenderedEmail): Promise<void> {
  await (await sesMailer()).send({ from: fromAddress(requireEnv("SENDER_ADDRESS")), to: [to], ...email });
}
