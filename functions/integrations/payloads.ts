/**
 * What an endpoint receives for a domain event (events/webhooks.ts), built when the event is
 * queued, so the delivery function needs no lead table (docs/decisions/0091). Events no endpoint
 * can receive (e-mails, reminders) build nothing.
 */
import type { DomainEvent } from "../../events/envelopes";
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

type LeadRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  dueAt?: string;
  company?: string;
  teamSize?: string;
  productLines?: string;
  subject?: string;
  country?: string;
  countryCode?: string;
};

/** Only the fields the payload documents: never the address, notes or message text. */
function leadData(kind: "signup" | "contact", record: LeadRecord, siteUrl: string): WebhookLeadData {
  const optional = (key: keyof LeadRecord) => (typeof record[key] === "string" ? { [key]: record[key] } : {});
  return {
    lead: { kind, id: record.id, url: leadLink(siteUrl, { kind, id: record.id }) },
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    createdAt: record.createdAt,
    ...optional("company"),
    ...optional("teamSize"),
    ...optional("productLines"),
    ...optional("subject"),
    ...optional("country"),
    ...optional("countryCode"),
    ...optional("dueAt"),
  };
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
      return { ...head, type: event.type, data: leadData("signup", event.data, siteUrl) };
    case "contact.received":
      return { ...head, type: event.type, data: leadData("contact", event.data, siteUrl) };
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
