import * as z from "zod";
import "./jitless";
import { ContactMessage } from "./contact";
import { LEAD_KINDS } from "./desk";
import { isoDateTime } from "./fields";
import { Signup } from "./signup";
import { LeadOverdueData, LeadOwnerChangedData, LeadRepliedData, LeadStatusChangedData } from "./webhooks";

function envelope<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(1),
    /** Unique per event; consumers use it to recognise a redelivery. */
    id: z.string().min(1),
    occurredAt: isoDateTime,
    data,
  });
}

export const SignupCreated = envelope("signup.created", Signup);
export const ContactReceived = envelope("contact.received", ContactMessage);

/**
 * A staff account locked for a while by repeated wrong passwords (functions/staff/attack-alert.ts).
 * The notify worker e-mails the account's owner; nothing typed at the sign-in travels here.
 */
export const AccountLockedData = z.object({
  /** The account's stored username. */
  username: z.string().min(1).max(128),
  /** The owner's address on the account; absent: the staff inbox is told instead. */
  email: z.string().max(254).optional(),
  /** The address the failed sign-ins came from (as the API saw it). */
  ip: z.string().max(64).optional(),
  lockedAt: isoDateTime,
  lockedMinutes: z.number().int().positive(),
});
export type AccountLockedData = z.infer<typeof AccountLockedData>;
export const AccountLocked = envelope("staff.account-locked", AccountLockedData);

/** A lead in a reminder or digest e-mail (functions/leads/reminders.ts). */
export const DeskLeadRef = z.object({
  kind: z.enum(LEAD_KINDS),
  id: z.string().min(1).max(200),
  name: z.string().max(300),
  company: z.string().max(300).optional(),
  dueAt: isoDateTime,
  /** The lead's expiry (epoch seconds) when its stage has a retention period: the e-mail's timeline entry takes it. */
  expiresAt: z.number().int().positive().optional(),
});
export type DeskLeadRef = z.infer<typeof DeskLeadRef>;

/** Who a reminder or digest goes to: an owner (address absent: the staff inbox), or nobody = unassigned. */
const deskRecipient = {
  /** The owner's username; absent for unassigned leads (the staff inbox). */
  owner: z.string().min(1).max(128).optional(),
  /** The owner's address on the account; absent: the staff inbox. */
  email: z.string().max(254).optional(),
};

/** An open lead two business hours from overdue (docs/decisions/0070-desk-reminders.md). */
export const DeskReminderData = z.object({ ...deskRecipient, lead: DeskLeadRef });
export type DeskReminderData = z.infer<typeof DeskReminderData>;
export const DeskReminder = envelope("desk.reminder", DeskReminderData);

/** The morning list of one owner's (or the unassigned) overdue leads. */
export const DeskDigestData = z.object({
  ...deskRecipient,
  /** The local date (US Central) of the morning, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** When the digest was put together: "overdue by" is measured to it. */
  at: isoDateTime,
  /** Most overdue first, at most DESK_DIGEST_LIMIT. */
  leads: z.array(DeskLeadRef),
  /** Overdue leads beyond the list. */
  more: z.number().int().nonnegative(),
});
export type DeskDigestData = z.infer<typeof DeskDigestData>;
export const DeskDigest = envelope("desk.digest", DeskDigestData);

/** A signup with its country, once enrichment has run (functions/pipeline/enrichment.ts). */
export const SignupEnriched = envelope("signup.enriched", Signup);

/** The desk's changes (functions/leads/lead-desk.ts, reply.ts); the lead's link is added per endpoint. */
const withoutUrl = { lead: z.object({ kind: z.enum(LEAD_KINDS), id: z.string().min(1).max(200) }) };
export const LeadStatusChanged = envelope("lead.status_changed", LeadStatusChangedData.extend(withoutUrl));
export const LeadOwnerChanged = envelope("lead.owner_changed", LeadOwnerChangedData.extend(withoutUrl));
export const LeadReplied = envelope("lead.replied", LeadRepliedData.extend(withoutUrl));
export const LeadOverdue = envelope("lead.overdue", LeadOverdueData.extend(withoutUrl));

/**
 * One delivery job of an outbound integration (functions/integrations/deliveries.ts): the delivery
 * to attempt, and the ticket it was queued with (a second copy of the job finds it spent).
 */
export const WebhookDeliveryData = z.object({
  deliveryId: z.string().min(1).max(300),
  ticket: z.string().min(1).max(100),
});
export type WebhookDeliveryData = z.infer<typeof WebhookDeliveryData>;
export const WebhookDelivery = envelope("webhook.delivery", WebhookDeliveryData);

/** An endpoint paused after failing for a day: the team's admins are e-mailed. */
export const WebhookEndpointPausedData = z.object({
  endpointId: z.string().min(1).max(100),
  url: z.string().max(2000),
  description: z.string().max(200),
  failingSince: isoDateTime,
  /** The active admins' addresses (empty: the staff inbox is told instead). */
  recipients: z.array(z.string().max(254)).max(50),
});
export type WebhookEndpointPausedData = z.infer<typeof WebhookEndpointPausedData>;
export const WebhookEndpointPaused = envelope("webhook.endpoint-paused", WebhookEndpointPausedData);

/** Every event that travels on the queues. */
export const DomainEvent = z.discriminatedUnion("type", [
  SignupCreated,
  ContactReceived,
  AccountLocked,
  DeskReminder,
  DeskDigest,
  SignupEnriched,
  LeadStatusChanged,
  LeadOwnerChanged,
  LeadReplied,
  LeadOverdue,
  WebhookDelivery,
  WebhookEndpointPaused,
]);
export type AccountLocked = z.infer<typeof AccountLocked>;
export type DeskReminder = z.infer<typeof DeskReminder>;
export type DeskDigest = z.infer<typeof DeskDigest>;
export type SignupCreated = z.infer<typeof SignupCreated>;
export type ContactReceived = z.infer<typeof ContactReceived>;
export type WebhookEndpointPaused = z.infer<typeof WebhookEndpointPaused>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent["type"];
