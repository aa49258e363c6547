/**
 * What an endpoint receives for a domain event (events/webhooks.ts), built when the event is
 * queued, so the delivery function needs no lead table (docs/decisions/0091). Events no endpoint
 * can receive (e-mails, reminders) build nothing.
 */
import type { DomainEvent } from "../../events/envelopes";
import { CONTACT_LEAD, type LeadFields, SIGNUP_LEAD } from "../../events/lead-fields";
import { valuesIn } from "../../events/lead-places";
import type { StoredLead } from "../../events/lead-records";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEventType,
  type WebhookLeadData,
  type WebhookPayload,
} from "../../events/webhooks";
import { leadLink } from "../model/mail/desk-emails";

export function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * A new lead's data: the lead, each field its description places in the payload that holds a value
 * (events/lead-fields.ts; never the address, notes or message text), and the reply's due time.
 */
export function leadData(
  lead: LeadFields,
  kind: "signup" | "contact",
  record: StoredLead,
  siteUrl: string,
): WebhookLeadData {
  return {
    lead: { kind, id: record.id, url: leadLink(siteUrl, { kind, id: record.id }) },
    ...valuesIn(lead, "webhook", record),
    ...(record.dueAt ? { dueAt: record.dueAt } : {}),
  } as WebhookLeadData;
}

/** The payload of an event an endpoint can receive; undefined for any other event. */
export function webhookPayloadOf(event: DomainEvent, siteUrl: string): WebhookPayload | undefined {
  const head = { version: WEBHOOK_PAYLOAD_VERSION, id: event.id, timestamp: event.occurredAt } as const;
  const link = (lead: { kind: "signup" | "contact"; id: string }) => ({
    ...lead,
    url: leadLink(siteUrl, lead),
  });
  switch (event.type) {
    case "signup.created":
    case "signup.enriched":
      return { ...head, type: event.type, data: leadData(SIGNUP_LEAD, "signup", event.data, siteUrl) };
    case "contact.received":
      return { ...head, type: event.type, data: leadData(CONTACT_LEAD, "contact", event.data, siteUrl) };
    case "lead.status_changed":
    case "lead.owner_changed":
    case "lead.replied":
    case "lead.overdue":
      // The four share the lead reference; TypeScript narrows each case's data with its type.
      return {
        ...head,
        type: event.type,
        data: { ...event.data, lead: link(event.data.lead) },
      } as WebhookPayload;
    default:
      return undefined;
  }
}
