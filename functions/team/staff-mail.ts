/** Sends an e-mail to one staff member from the stage's sender address (HTTP functions with `sendsEmail`). */

import type { RenderedEmail } from "../domain/email-templates";
import { fromAddress } from "../domain/notifications";
import { once, requireEnv } from "../lib/env";
import type { Mailer } from "../lib/mailer";
import { SesMailer } from "../lib/ses-mailer";

const mailer = once<Mailer>(() => new SesMailer());

export async function sendStaffEmail(to: string, email: RenderedEmail): Promise<void> {
  await mailer().send({ from: fromAddress(requireEnv("SENDER_ADDRESS")), to: [to], ...email });
}
