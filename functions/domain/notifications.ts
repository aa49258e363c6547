import type { DomainEvent } from "../../events";
import type { EmailMessage } from "../lib/mailer";
import { type DeliveryOutcome, type EmailClaimDeps, sendEmailOnce } from "./email-idempotency";
import {
  BRAND,
  contactAcknowledgement,
  type RenderedEmail,
  signupAcknowledgement,
  staffContactAlert,
  staffSignupAlert,
} from "./email-templates";

export interface NotificationConfig {
  /** Public origin of the site (links in e-mails). */
  readonly siteUrl: string;
  readonly staffInbox: string;
  readonly senderAddress: string;
}

/** Stable names of the e-mails of one event: the idempotency claims are keyed by them. */
export type EmailKey = "staff-alert" | "acknowledgement";

export interface PlannedEmail {
  readonly key: EmailKey;
  readonly message: EmailMessage;
}

/**
 * Addresses SES can deliver to: ASCII, no quotes, commas or angle brackets that a mail header
 * would read as more than one address. The basic pattern of docs/product/site.md lets more through; those prospects
 * get no acknowledgement (staff still see the address in the alert).
 */
const DELIVERABLE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && DELIVERABLE.test(address);
}

function fromAddress(sender: string): string {
  return sender.includes("<") ? sender : `${BRAND} <${sender}>`;
}

/** The e-mails an event causes: a staff alert (Reply-To the prospect) and an acknowledgement. */
export function emailsFor(event: DomainEvent, config: NotificationConfig): PlannedEmail[] {
  const prospect = event.data.email;
  const deliverable = isDeliverableAddress(prospect);
  const alert: RenderedEmail =
    event.type === "signup.created"
      ? staffSignupAlert(event.data, config.siteUrl)
      : staffContactAlert(event.data);
  const acknowledgement: RenderedEmail =
    event.type === "signup.created" ? signupAcknowledgement(event.data) : contactAcknowledgement(event.data);
  const from = fromAddress(config.senderAddress);
  const planned: PlannedEmail[] = [
    {
      key: "staff-alert",
      message: { from, to: [config.staffInbox], ...(deliverable ? { replyTo: [prospect] } : {}), ...alert },
    },
  ];
  if (deliverable) {
    planned.push({
      key: "acknowledgement",
      message: { from, to: [prospect], replyTo: [config.staffInbox], ...acknowledgement },
    });
  }
  return planned;
}

export type NotificationResult = Partial<Record<EmailKey, DeliveryOutcome>>;

/** Sends each e-mail of the event at most once; throws (so the message is retried) on a failure. */
export async function notify(
  deps: EmailClaimDeps,
  config: NotificationConfig,
  event: DomainEvent,
): Promise<NotificationResult> {
  const result: NotificationResult = {};
  for (const { key, message } of emailsFor(event, config)) {
    result[key] = await sendEmailOnce(deps, event.id, key, message);
  }
  return result;
}
