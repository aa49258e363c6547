/**
 * The notify worker's e-mails to staff members: the lock warning to an account's owner and the
 * desk's reminder and morning digest. Rare next to the lead e-mails, so notifications.ts imports
 * this module (and the templates it uses) on first use: bundled, it is a chunk that a cold start
 * does not load.
 */
import type { AccountLocked, DeskDigest, DeskReminder, WebhookEndpointPaused } from "../../events/envelopes";
import { fromAddress, isDeliverableAddress } from "../model/mail/addresses";
import { deskDigestEmail, deskReminderEmail } from "../model/mail/desk-emails";
import { accountLockedEmail } from "../model/mail/staff-emails";
import type { RenderedEmail } from "../model/mail/templates";
import { endpointPausedEmail } from "./integration-emails";
import type { EmailKey, NotificationConfig, PlannedEmail } from "./planned-email";

export type StaffEvent = AccountLocked | DeskReminder | DeskDigest | WebhookEndpointPaused;

export function staffEmailFor(event: StaffEvent, config: NotificationConfig): PlannedEmail {
  switch (event.type) {
    case "staff.account-locked":
      return toStaff("account-locked", event.data.email, config, (toStaffInbox) =>
        accountLockedEmail({ ...event.data, siteUrl: config.siteUrl, toStaffInbox }),
      );
    case "desk.reminder":
      return toStaff("desk-reminder", event.data.email, config, (toStaffInbox) =>
        deskReminderEmail(event.data, config.siteUrl, toStaffInbox),
      );
    case "desk.digest":
      return toStaff("desk-digest", event.data.email, config, (toStaffInbox) =>
        deskDigestEmail(event.data, config.siteUrl, toStaffInbox),
      );
    case "webhook.endpoint-paused": {
      // The team's active admins (functions/integrations/sweep.ts); none: the staff inbox.
      const admins = event.data.recipients.filter(isDeliverableAddress);
      return {
        key: "endpoint-paused",
        message: {
          from: fromAddress(config.senderAddress),
          to: admins.length > 0 ? admins : [config.staffInbox],
          ...endpointPausedEmail(event.data, config.siteUrl),
        },
      };
    }
  }
}

/** An e-mail to a staff member's address; to the staff inbox when there is no usable one. */
function toStaff(
  key: EmailKey,
  address: string | undefined,
  config: NotificationConfig,
  render: (toStaffInbox: boolean) => RenderedEmail,
): PlannedEmail {
  const owner = address && isDeliverableAddress(address) ? address : undefined;
  return {
    key,
    message: {
      from: fromAddress(config.senderAddress),
      to: [owner ?? config.staffInbox],
      ...render(owner === undefined),
    },
  };
}
