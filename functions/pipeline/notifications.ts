import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { ContactReceived, DomainEvent, SignupCreated } from "../../events/envelopes";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import {
  ACKNOWLEDGEMENT_QUOTA_DAYS,
  acknowledgementQuotaKey,
  quotaIdentity,
} from "../model/mail/acknowledgement-quota";
import { fromAddress, isDeliverableAddress } from "../model/mail/addresses";
import {
  contactAcknowledgement,
  type RenderedEmail,
  signupAcknowledgement,
  staffContactAlert,
  staffSignupAlert,
} from "../model/mail/templates";
import { leadExpiry } from "../model/retention";
import { type TimelineLead, timelinePut } from "../model/timeline";
import { type DeliveryOutcome, type EmailClaimDeps, sendEmailOnce } from "./email-once";
import {
  type Audience,
  type EmailKey,
  EVERY_AUDIENCE,
  type NotificationConfig,
  type PlannedEmail,
} from "./planned-email";

/**
 * The e-mails an event causes for these audiences. Each lane renders only its own: the staff lane
 * never builds the acknowledgement, nor the prospect lane the staff alert.
 */
export async function emailsFor(
  event: DomainEvent,
  config: NotificationConfig,
  audiences: readonly Audience[] = EVERY_AUDIENCE,
): Promise<PlannedEmail[]> {
  if (event.type === "signup.created" || event.type === "contact.received")
    return leadEmails(event, config, audiences);
  if (
    event.type !== "staff.account-locked" &&
    event.type !== "desk.reminder" &&
    event.type !== "desk.digest" &&
    event.type !== "webhook.endpoint-paused"
  )
    return [];
  // The e-mails to staff members are rare: their templates load on first use.
  const { staffEmailFor } = await import("./staff-notifications");
  return audiences.includes("staff") ? [staffEmailFor(event, config)] : [];
}

/** A new lead's e-mails: a staff alert (Reply-To the prospect) and an acknowledgement. */
function leadEmails(
  event: SignupCreated | ContactReceived,
  config: NotificationConfig,
  audiences: readonly Audience[],
): PlannedEmail[] {
  const prospect = event.data.email;
  const deliverable = isDeliverableAddress(prospect);
  const from = fromAddress(config.senderAddress);
  const planned: PlannedEmail[] = [];
  if (audiences.includes("staff")) {
    const alert: RenderedEmail =
      event.type === "signup.created"
        ? staffSignupAlert(event.data, config.siteUrl)
        : staffContactAlert(event.data);
    planned.push({
      key: "staff-alert",
      message: { from, to: [config.staffInbox], ...(deliverable ? { replyTo: [prospect] } : {}), ...alert },
    });
  }
  if (deliverable && audiences.includes("prospect")) {
    const acknowledgement: RenderedEmail =
      event.type === "signup.created"
        ? signupAcknowledgement(event.data)
        : contactAcknowledgement(event.data);
    planned.push({
      key: "acknowledgement",
      message: { from, to: [prospect], replyTo: [config.staffInbox], ...acknowledgement },
    });
  }
  return planned;
}

/**
 * Acknowledgements one address receives per UTC day at most. Anyone can type anyone's address into
 * the forms; past this the submissions are still stored and staff still alerted, but that address
 * gets no more mail from us that day (docs/decisions/0052-acknowledgement-emails.md).
 */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY = 3;
const DAY_SECONDS = 86_400;

/**
 * Takes one of the day's acknowledgements of this address for this event, atomically: the item
 * holds the ids of the events that took one, so a redelivered event keeps its place and parallel
 * workers cannot pass the cap together. False when the day's quota is used up.
 */
export async function takeAcknowledgementQuota(
  deps: Pick<EmailClaimDeps, "db" | "ephemeralTable" | "clock">,
  recipient: string,
  eventId: string,
): Promise<boolean> {
  const now = deps.clock();
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.ephemeralTable,
        Key: { pk: acknowledgementQuotaKey(recipient, now) },
        // identities: which addresses took from it, so a privacy request reaches only its own.
        UpdateExpression: "ADD eventIds :ids, identities :identity SET expiresAt = :expiresAt",
        ConditionExpression:
          "attribute_not_exists(eventIds) OR size(eventIds) < :cap OR contains(eventIds, :id)",
        ExpressionAttributeValues: {
          ":ids": new Set([eventId]),
          ":identity": new Set([quotaIdentity(recipient)]),
          ":id": eventId,
          ":cap": ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY,
          ":expiresAt": Math.floor(now.getTime() / 1000) + ACKNOWLEDGEMENT_QUOTA_DAYS * DAY_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** The lead an event's e-mails are about, whose timeline records them (docs/decisions/0069-system-emails-on-the-timeline.md). */
function leadOf(event: DomainEvent, retentionDays: number | undefined): TimelineLead | undefined {
  if (event.type === "signup.created" || event.type === "contact.received") {
    const { id, createdAt } = event.data;
    return {
      kind: event.type === "signup.created" ? "signup" : "contact",
      id,
      expiresAt: leadExpiry(createdAt, retentionDays),
    };
  }
  if (event.type === "desk.reminder") {
    const { kind, id, expiresAt } = event.data.lead;
    return { kind, id, expiresAt };
  }
  return undefined;
}

/** "capped": the acknowledgement was not sent, the address had its day's quota. */
export type NotificationOutcome = DeliveryOutcome | "capped";
export type NotificationResult = Partial<Record<EmailKey, NotificationOutcome>>;

/**
 * Sends each e-mail of the event for these audiences at most once; throws (so the message is
 * retried) on a failure.
 */
export async function notify(
  deps: EmailClaimDeps,
  config: NotificationConfig,
  event: DomainEvent,
  audiences: readonly Audience[] = EVERY_AUDIENCE,
): Promise<NotificationResult> {
  const result: NotificationResult = {};
  for (const { key, message } of await emailsFor(event, config, audiences)) {
    const recipient = message.to[0];
    if (
      key === "acknowledgement" &&
      recipient &&
      !(await takeAcknowledgementQuota(deps, recipient, event.id))
    ) {
      result[key] = "capped";
      continue;
    }
    const lead = leadOf(event, config.retentionDays);
    const record =
      config.auditTable && lead
        ? timelinePut(config.auditTable, lead, {
            type: "email",
            at: deps.clock(),
            actor: "system",
            email: key,
            to: message.to.join(", "),
            subject: message.subject,
          })
        : undefined;
    result[key] = await sendEmailOnce(deps, event.id, key, message, record);
  }
  return result;
}

export interface LeadTables {
  readonly signups: string;
  readonly contacts: string;
}

/**
 * Marks the lead of a signup or contact event as notified (`notifiedAt`): the staff see it, and
 * `npm run smoke` checks a deployed stage's e-mail path by it. A deleted lead is not brought back.
 */
export async function markNotified(
  deps: Pick<EmailClaimDeps, "db" | "clock">,
  tables: LeadTables,
  event: DomainEvent,
): Promise<void> {
  // Only the events of a new lead; staff alerts and the desk's reminders and digests mark nothing.
  if (event.type !== "signup.created" && event.type !== "contact.received") return;
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: event.type === "signup.created" ? tables.signups : tables.contacts,
        Key: { id: event.data.id },
        UpdateExpression: "SET notifiedAt = if_not_exists(notifiedAt, :at)",
        ConditionExpression: "attribute_exists(id)",
        ExpressionAttributeValues: { ":at": deps.clock().toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
