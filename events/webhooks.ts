/**
 * Outbound integrations (docs/product/webhooks.md): the versioned JSON payload every webhook
 * receives, the endpoints an admin registers (signed webhooks and Slack incoming webhooks), their
 * delivery log, and the texts of the Integrations page. Used by functions/integrations, the
 * Command Center and the tests.
 */
import * as z from "zod";
import "./jitless";
import { ContactMessage } from "./contact";
import { LEAD_KINDS, LEAD_STATUSES } from "./desk";
import { isoDateTime } from "./fields";
import { CONTACT_LEAD, type LeadFields, SIGNUP_LEAD } from "./lead-fields";
import { fieldsIn } from "./lead-places";
import { Signup } from "./signup";

/** The events an endpoint can receive, in the order the Integrations page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  "signup.created",
  "signup.enriched",
  "contact.received",
  "lead.status_changed",
  "lead.owner_changed",
  "lead.replied",
  "lead.overdue",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "signup.created": "New signup",
  "signup.enriched": "Signup enriched (country known)",
  "contact.received": "New contact message",
  "lead.status_changed": "Lead status changed",
  "lead.owner_changed": "Lead owner changed",
  "lead.replied": "Lead replied to",
  "lead.overdue": "Lead became overdue (no reply by its due time)",
};

/** The event type of "Send test event": never published by the product itself. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** The payload's version; a change that removes or renames a field makes a new one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** Which lead an event is about, and where it opens in the Command Center. */
export const WebhookLeadRef = z.object({
  kind: z.enum(LEAD_KINDS),
  id: z.string().min(1),
  url: z.string(),
});
export type WebhookLeadRef = z.infer<typeof WebhookLeadRef>;

/**
 * The payload's fields of a new lead: each field a kind's description places in "webhook"
 * (events/lead-fields.ts), as its stored schema has it — optional unless every kind's payload has it
 * (the name, the address, the time). Never the visitor's IP address, notes or message text: they are
 * not placed there.
 */
function describedShape(): Record<string, z.ZodType> {
  const kinds = [
    [SIGNUP_LEAD, Signup.shape],
    [CONTACT_LEAD, ContactMessage.shape],
  ] as const;
  const shape: Record<string, z.ZodType> = {};
  for (const [lead, stored] of kinds)
    for (const [key] of fieldsIn(lead, "webhook")) {
      const schema = (stored as Record<string, z.ZodType>)[key];
      if (!schema) throw new Error(`${key} is placed in the webhook payload but not stored`);
      const everyKind = kinds.every(([other]) => (other as LeadFields)[key]?.in.includes("webhook"));
      shape[key] ??= everyKind ? schema : schema.optional();
    }
  return shape;
}

/** What every new lead's payload carries, whatever its kind, as TypeScript reads it. */
type WebhookLeadShape = {
  lead: typeof WebhookLeadRef;
  firstName: z.ZodString;
  lastName: z.ZodString;
  email: z.ZodString;
  createdAt: typeof isoDateTime;
  dueAt: z.ZodOptional<typeof isoDateTime>;
};

/**
 * A new lead (signup.created, signup.enriched, contact.received): what the prospect gave, and when
 * the first reply is due (the response clock, ISO 8601). Its other described fields (the team size,
 * the company, the country…) read as `unknown` to TypeScript; functions/integrations/payloads.test.ts
 * holds the shape to the descriptions.
 */
export const WebhookLeadData = /* @__PURE__ */ z.object({
  lead: WebhookLeadRef,
  ...describedShape(),
  dueAt: isoDateTime.optional(),
}) as unknown as z.ZodObject<WebhookLeadShape, z.core.$loose>;
export type WebhookLeadData = z.infer<typeof WebhookLeadData>;

export const LeadStatusChangedData = z.object({
  lead: WebhookLeadRef,
  from: z.enum(LEAD_STATUSES),
  to: z.enum(LEAD_STATUSES),
  /** The staff member's username. */
  actor: z.string(),
  at: isoDateTime,
});
export type LeadStatusChangedData = z.infer<typeof LeadStatusChangedData>;

export const LeadOwnerChangedData = z.object({
  lead: WebhookLeadRef,
  /** Usernames; null: nobody. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: z.string(),
  at: isoDateTime,
});
export type LeadOwnerChangedData = z.infer<typeof LeadOwnerChangedData>;

/** A reply sent from the desk; its text is never in the payload. */
export const LeadRepliedData = z.object({
  lead: WebhookLeadRef,
  actor: z.string(),
  at: isoDateTime,
});
export type LeadRepliedData = z.infer<typeof LeadRepliedData>;

/**
 * A New lead whose reply-due time passed without a reply (the desk's schedule, once per lead): who
 * it is, whose it is, and since when it is overdue. No free text the prospect typed beyond the name
 * and company.
 */
export const LeadOverdueData = z.object({
  lead: WebhookLeadRef,
  name: z.string(),
  company: z.string().optional(),
  /** The owner's username; null: nobody owns it. */
  owner: z.string().nullable(),
  dueAt: isoDateTime,
});
export type LeadOverdueData = z.infer<typeof LeadOverdueData>;

function payload<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    /** The event's id: the same event sent to two endpoints carries the same id. */
    id: z.string().min(1),
    /** When it happened, ISO 8601. */
    timestamp: isoDateTime,
    data,
  });
}

/** The body of every webhook (JSON), signed as Standard Webhooks describes. */
export const WebhookPayload = z.discriminatedUnion("type", [
  payload("signup.created", WebhookLeadData),
  payload("signup.enriched", WebhookLeadData),
  payload("contact.received", WebhookLeadData),
  payload("lead.status_changed", LeadStatusChangedData),
  payload("lead.owner_changed", LeadOwnerChangedData),
  payload("lead.replied", LeadRepliedData),
  payload("lead.overdue", LeadOverdueData),
  payload(WEBHOOK_TEST_EVENT, z.object({ message: z.string() })),
]);
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const ENDPOINT_KINDS = ["webhook", "slack"] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export const LIMITS_INTEGRATIONS = { url: 2000, description: 200, endpoints: 20 } as const;

const endpointFields = {
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, { error: "URL is required" })
    .max(LIMITS_INTEGRATIONS.url, { error: `URL must be ${LIMITS_INTEGRATIONS.url} characters or fewer` }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" }), { error: "events must be a list" })
    .min(1, { error: "Choose at least one event" })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
  description: z
    .string({ error: "description must be text" })
    .trim()
    .max(LIMITS_INTEGRATIONS.description, {
      error: `Description must be ${LIMITS_INTEGRATIONS.description} characters or fewer`,
    }),
};

/** Body of POST /api/integrations/endpoints. */
export const EndpointCreateRequest = z.object({
  kind: z.enum(ENDPOINT_KINDS, { error: "kind must be webhook or slack" }),
  ...endpointFields,
  description: endpointFields.description.optional(),
});
export type EndpointCreateRequest = z.infer<typeof EndpointCreateRequest>;

/** Body of PATCH /api/integrations/endpoints/{id}: any of the fields, and pause (false) / resume (true). */
export const EndpointUpdateRequest = z
  .object({
    url: endpointFields.url.optional(),
    events: endpointFields.events.optional(),
    description: endpointFields.description.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: "Give a field to change",
  });
export type EndpointUpdateRequest = z.infer<typeof EndpointUpdateRequest>;

/** Body of POST /api/integrations/endpoints/{id}/replay: every failed delivery created in [from, to]. */
export const ReplayRequest = z
  .object({ from: isoDateTime, to: isoDateTime })
  .refine((range) => Date.parse(range.from) <= Date.parse(range.to), { error: "from must be before to" });
export type ReplayRequest = z.infer<typeof ReplayRequest>;

export const EndpointView = z.object({
  id: z.string(),
  kind: z.enum(ENDPOINT_KINDS),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string(),
  active: z.boolean(),
  /** Why it is paused: by an admin, or by the product after failing for a day. */
  pausedReason: z.enum(["admin", "failing"]).optional(),
  createdAt: isoDateTime,
  createdBy: z.string(),
  /** Since when every delivery has failed (absent: the last one succeeded). */
  failingSince: isoDateTime.optional(),
  /** Until when the previous secret's signature is still sent beside the new one's. */
  previousSecretUntil: isoDateTime.optional(),
});
export type EndpointView = z.infer<typeof EndpointView>;

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DeliveryView = z.object({
  /** The webhook-id header: the same for every attempt and replay of this delivery. */
  id: z.string(),
  endpointId: z.string(),
  eventType: z.string(),
  eventId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  lastAttemptAt: isoDateTime.optional(),
  nextAttemptAt: isoDateTime.optional(),
  /** The receiver's HTTP status of the last attempt (absent: no answer). */
  responseStatus: z.number().int().optional(),
  latencyMs: z.number().int().optional(),
  /** The first 2 KB of the last answer's body. */
  responseBody: z.string().optional(),
  /** Why the last attempt failed, when it had no answer (refused address, timeout...). */
  error: z.string().optional(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

/** GET /api/integrations/endpoints */
export const EndpointListResponse = z.object({ endpoints: z.array(EndpointView) });
/** POST .../endpoints and .../rotate-secret: the secret, shown this once. */
export const EndpointSecretResponse = z.object({ endpoint: EndpointView, secret: z.string().optional() });
export const DeliveryListResponse = z.object({ deliveries: z.array(DeliveryView) });
export const ReplayResponse = z.object({ replayed: z.number().int().nonnegative() });

/** Days a delivery stays in the log (DynamoDB TTL), and how long failed ones can be replayed. */
export const DELIVERY_RETENTION_DAYS = 30;

export const INTEGRATIONS_MESSAGES = {
  noSuchEndpoint: "No such endpoint.",
  noSuchDelivery: "No such delivery.",
  deliveryErased:
    "This delivery's lead was erased by a privacy request: it cannot be sent again, and its content is gone.",
  tooManyEndpoints: `A team can have at most ${LIMITS_INTEGRATIONS.endpoints} endpoints.`,
  urlNotHttps: "The URL must start with https://.",
  urlInvalid: "This is not a valid URL.",
  urlUnresolved: "The URL's host name could not be resolved to an address.",
  urlNotPublic: "The URL must point to a public internet address.",
  urlCredentials: "The URL must not contain a user name or password.",
  slackUrl: "A Slack endpoint must be a Slack incoming-webhook URL (https://hooks.slack.com/services/...).",
  paused: "The endpoint is paused; resume it first.",
} as const;

/** The Integrations page's question before deleting an endpoint (docs/product/webhooks.md). */
export function endpointDeleteQuestion(name: string): string {
  return `Delete ${name}? Nothing more is sent to it, and its delivery log can no longer be opened. This cannot be undone.`;
}
