/**
 * From a domain event to its deliveries (the fan-out worker): one delivery per active endpoint that
 * takes the event, each with the body it will send — the JSON payload (events/webhooks.ts), or
 * for Slack the readable message (./slack.ts) — built now, so the delivery function reads no lead
 * table. Idempotent: an event that arrives again finds its deliveries made and queues nothing.
 */
import { randomUUID } from "node:crypto";
import type { DomainEvent } from "../../events/envelopes";
import { WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT, type WebhookPayload } from "../../events/webhooks";
import { deliveryLeadRef, isLeadErased } from "../model/delivery-lead";
import { createDelivery, type DeliveryDeps } from "./deliveries";
import { type EndpointItem, listEndpoints } from "./endpoints";
import { isWebhookEventType, webhookPayloadOf } from "./payloads";
import { slackMessageOf } from "./slack";

export interface FanOutDeps extends DeliveryDeps {
  readonly tables: DeliveryDeps["tables"] & { readonly integrations: string };
  readonly siteUrl: string;
  /** The endpoints (default: read now); the worker reads them once per batch (listOncePer). */
  readonly endpoints?: () => Promise<EndpointItem[]>;
}

/**
 * The endpoints read at most once through the returned function, for the events of one batch: a
 * read that failed is tried again by the next call.
 */
export function listOncePer(deps: Pick<FanOutDeps, "db" | "tables">): () => Promise<EndpointItem[]> {
  let listed: Promise<EndpointItem[]> | undefined;
  return () => {
    listed ??= listEndpoints(deps).catch((error: unknown) => {
      listed = undefined;
      throw error;
    });
    return listed;
  };
}

/** What an endpoint is sent for a payload: JSON as documented, or a Slack message; none if it has no form. */
export function bodyFor(endpoint: Pick<EndpointItem, "kind">, payload: WebhookPayload): string | undefined {
  if (endpoint.kind === "webhook") return JSON.stringify(payload);
  const message = slackMessageOf(payload);
  return message ? JSON.stringify(message) : undefined;
}

export async function fanOut(deps: FanOutDeps, event: DomainEvent): Promise<string> {
  if (!isWebhookEventType(event.type)) return "not-a-webhook-event";
  const payload = webhookPayloadOf(event, deps.siteUrl);
  if (!payload) return "not-a-webhook-event";
  const endpoints = (await (deps.endpoints ?? (() => listEndpoints(deps)))()).filter(
    (endpoint) =>
      endpoint.active && endpoint.events.includes(payload.type as (typeof endpoint.events)[number]),
  );
  const lead = "lead" in payload.data ? payload.data.lead : undefined;
  const leadRef = lead ? deliveryLeadRef(lead.kind, lead.id) : undefined;
  // Erased while the event waited in the queue: nothing about the lead goes out any more.
  if (leadRef && endpoints.length > 0 && (await isLeadErased(deps.db, deps.tables.deliveries, leadRef)))
    return "lead-erased";
  let created = 0;
  for (const endpoint of endpoints) {
    const body = bodyFor(endpoint, payload);
    if (body === undefined) continue;
    const made = await createDelivery(deps, {
      eventId: event.id,
      eventType: event.type,
      endpointId: endpoint.id,
      body,
      ...(leadRef ? { leadRef } : {}),
    });
    if (made) created += 1;
  }
  return `${created} of ${endpoints.length} queued`;
}

/** "Send test event": a delivery of a `webhook.test` payload to one endpoint, paused or not. */
export async function sendTestEvent(deps: DeliveryDeps, endpoint: EndpointItem): Promise<string> {
  const eventId = randomUUID();
  const payload: WebhookPayload = {
    type: WEBHOOK_TEST_EVENT,
    version: WEBHOOK_PAYLOAD_VERSION,
    id: eventId,
    timestamp: deps.clock().toISOString(),
    data: { message: "A test event from RepDesk: your endpoint is reachable." },
  };
  const body = bodyFor(endpoint, payload) ?? JSON.stringify(payload);
  await createDelivery(deps, { eventId, eventType: WEBHOOK_TEST_EVENT, endpointId: endpoint.id, body });
  return eventId;
}
