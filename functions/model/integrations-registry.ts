/**
 * The outbound integrations' functions and queues (docs/decisions/0091-outbound-integrations.md,
 * 0092-webhook-retries.md), as functions/registry.ts lists them: plain data, checked against the
 * registry's types where it is spread in.
 *
 * - the Integrations API (Admin only on every request): endpoints, the delivery log, test, replay;
 *   audit: every change on the team's audit log; outbox: test events and replays are queued through it;
 * - the fan-out worker builds each delivery's body from the event (no lead table);
 * - the delivery worker reads only endpoints and deliveries, and opens the signing secrets;
 * - the sweeper queues due retries and expired leases again, pauses endpoints failing for a day and
 *   e-mails the admins (users: read, for their addresses; audit: the pause on the team's log).
 */
import { WEBHOOK_EVENT_TYPES } from "../../events/webhooks";

export const INTEGRATIONS_API = {
  name: "integrations",
  entry: "integrations/routes/integrations.ts",
  routes: [
    "GET /api/integrations/endpoints",
    "POST /api/integrations/endpoints",
    "PATCH /api/integrations/endpoints/{id}",
    "DELETE /api/integrations/endpoints/{id}",
    "POST /api/integrations/endpoints/{id}/rotate-secret",
    "GET /api/integrations/endpoints/{id}/deliveries",
    "POST /api/integrations/endpoints/{id}/test",
    "POST /api/integrations/endpoints/{id}/replay",
    "POST /api/integrations/deliveries/{id}/replay",
  ],
  tables: {
    integrations: "readWrite",
    deliveries: "readWrite",
    outbox: "write",
    audit: "write",
    users: "read",
    authState: "read",
  },
  sessionKey: true,
  webhookKey: true,
} as const;

export const INTEGRATION_WORKERS = [
  {
    name: "webhook-fanout",
    entry: "integrations/routes/webhook-fanout.ts",
    tables: { integrations: "read", deliveries: "readWrite", outbox: "write" },
  },
  {
    name: "webhook-deliver",
    entry: "integrations/routes/webhook-deliver.ts",
    tables: { integrations: "readWrite", deliveries: "readWrite" },
    webhookKey: true,
  },
] as const;

export const INTEGRATION_QUEUES = [
  {
    name: "webhook-events",
    envVar: "WEBHOOK_EVENTS_QUEUE_URL",
    // Every event an endpoint can subscribe to (events/webhooks.ts).
    consumes: WEBHOOK_EVENT_TYPES,
    worker: "webhook-fanout",
    maxReceiveCount: 5,
  },
  /** One delivery job per (event, endpoint); retries are scheduled in the deliveries table (0092). */
  {
    name: "webhooks",
    envVar: "WEBHOOKS_QUEUE_URL",
    consumes: ["webhook.delivery"],
    worker: "webhook-deliver",
    maxReceiveCount: 5,
  },
] as const;

export const INTEGRATIONS_SWEEP = {
  name: "webhook-sweep",
  entry: "integrations/routes/webhook-sweep.ts",
  tables: {
    integrations: "readWrite",
    deliveries: "readWrite",
    outbox: "write",
    users: "read",
    audit: "write",
  },
  everyMinutes: 1,
  localIntervalEnv: "WEBHOOK_SWEEP_SECONDS",
  localSeconds: 5,
} as const;

/** Everything above, as functions/registry.ts spreads it in. */
export const INTEGRATIONS = {
  api: INTEGRATIONS_API,
  workers: INTEGRATION_WORKERS,
  queues: INTEGRATION_QUEUES,
  sweep: INTEGRATIONS_SWEEP,
  /** The e-mail of an endpoint paused after failing for a day, sent by the notify worker. */
  staffMail: ["webhook.endpoint-paused"],
} as const;
