/**
 * The Integrations page's API (Admin only; the role is read from the account on every request;
 * docs/product/webhooks.md):
 *   GET    /api/integrations/endpoints                     the endpoints
 *   POST   /api/integrations/endpoints                     add { kind, url, events, description }; the secret, once
 *   PATCH  /api/integrations/endpoints/{id}                edit, pause ({ active: false }), resume
 *   DELETE /api/integrations/endpoints/{id}
 *   POST   /api/integrations/endpoints/{id}/rotate-secret  a new secret, once; the old one signs for 24 h more
 *   GET    /api/integrations/endpoints/{id}/deliveries     the delivery log, newest first
 *   POST   /api/integrations/endpoints/{id}/test           "Send test event"
 *   POST   /api/integrations/endpoints/{id}/replay         every failed delivery created in { from, to }
 *   POST   /api/integrations/deliveries/{id}/replay        one delivery again (same webhook-id)
 */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TeamAuditAction } from "../../../events/team";
import {
  EndpointCreateRequest,
  EndpointUpdateRequest,
  INTEGRATIONS_MESSAGES,
  ReplayRequest,
} from "../../../events/webhooks";
import { type ApiRequest, HttpError, httpApi, httpRoutes, jsonResponse, validateBody } from "../../lib/http";
import { auditItem } from "../../model/audit";
import { isDeliveryErased, isLeadErased } from "../../model/delivery-lead";
import { requireSession, signedInUser } from "../../model/staff/http-session";
import { type DeliveryDeps, deliveryView, endpointDeliveries, findDelivery, requeue } from "../deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointDeps,
  type EndpointOutcome,
  endpointView,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from "../endpoints";
import { sendTestEvent } from "../fanout";
import { deliveryBase, guardOptions, secretBox, tablesOf } from "../integrations-deps";

const adminOnly = () => [requireSession({ role: "admin" })];
/** Most deliveries the log shows, and most a range replay queues at once. */
const LOG_LIMIT = 50;
const REPLAY_LIMIT = 500;

function endpointDeps(): EndpointDeps {
  const base = deliveryBase();
  return {
    db: base.db,
    clock: base.clock,
    tables: { integrations: tablesOf.integrations(), audit: tablesOf.audit() },
    box: secretBox(),
    guard: guardOptions(),
  };
}

function deliveryDeps(): DeliveryDeps {
  return { ...deliveryBase(), tables: tablesOf.deliveries() };
}

function pathId(request: ApiRequest): string {
  return (request.event.pathParameters?.id ?? "").slice(0, 200);
}

function who(request: ApiRequest) {
  return { actor: signedInUser(request).username, ip: request.clientIp };
}

function answer(outcome: EndpointOutcome, status = 200) {
  switch (outcome.kind) {
    case "done":
      return jsonResponse(status, {
        endpoint: outcome.endpoint,
        ...(outcome.secret ? { secret: outcome.secret } : {}),
      });
    case "notFound":
      throw new HttpError(404, { error: INTEGRATIONS_MESSAGES.noSuchEndpoint }, {}, "not_found");
    case "tooMany":
      throw new HttpError(409, { error: INTEGRATIONS_MESSAGES.tooManyEndpoints }, {}, "too_many");
    case "badUrl":
      throw new HttpError(
        400,
        { error: outcome.reason, fieldErrors: { url: outcome.reason } },
        {},
        "bad_url",
      );
  }
}

async function existing(request: ApiRequest) {
  const endpoint = await findEndpoint(endpointDeps(), pathId(request));
  if (!endpoint) throw new HttpError(404, { error: INTEGRATIONS_MESSAGES.noSuchEndpoint }, {}, "not_found");
  return endpoint;
}

/** Replays and test events change no endpoint; they are on the team's audit log all the same. */
async function audited(
  request: ApiRequest,
  action: TeamAuditAction,
  target: string,
  details?: Record<string, string>,
) {
  const deps = endpointDeps();
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({ action, target, at: deps.clock(), ...who(request), ...(details ? { details } : {}) }),
    }),
  );
}

const route = (name: string, handler: (request: ApiRequest) => Promise<ReturnType<typeof jsonResponse>>) =>
  [name, httpApi({ route: name, extraMiddlewares: adminOnly() }, handler)] as const;

export const handler = httpRoutes(
  Object.fromEntries([
    route("GET /api/integrations/endpoints", async () => {
      const endpoints = await listEndpoints(endpointDeps());
      return jsonResponse(200, { endpoints: endpoints.map(endpointView) });
    }),
    route("POST /api/integrations/endpoints", async (request) => {
      const input = validateBody(request, EndpointCreateRequest);
      return answer(await createEndpoint(endpointDeps(), { ...input, ...who(request) }), 201);
    }),
    route("PATCH /api/integrations/endpoints/{id}", async (request) => {
      const change = validateBody(request, EndpointUpdateRequest);
      return answer(await updateEndpoint(endpointDeps(), { id: pathId(request), change, ...who(request) }));
    }),
    route("DELETE /api/integrations/endpoints/{id}", async (request) =>
      answer(await deleteEndpoint(endpointDeps(), { id: pathId(request), ...who(request) })),
    ),
    route("POST /api/integrations/endpoints/{id}/rotate-secret", async (request) =>
      answer(await rotateSecret(endpointDeps(), { id: pathId(request), ...who(request) })),
    ),
    route("GET /api/integrations/endpoints/{id}/deliveries", async (request) => {
      const endpoint = await existing(request);
      const items = await endpointDeliveries(deliveryDeps(), endpoint.id, { limit: LOG_LIMIT });
      return jsonResponse(200, { deliveries: items.map(deliveryView) });
    }),
    route("POST /api/integrations/endpoints/{id}/test", async (request) => {
      const endpoint = await existing(request);
      const eventId = await sendTestEvent(deliveryDeps(), endpoint);
      await audited(request, "team.integration.test", endpoint.id);
      return jsonResponse(202, { eventId });
    }),
    route("POST /api/integrations/endpoints/{id}/replay", async (request) => {
      const range = validateBody(request, ReplayRequest);
      const endpoint = await existing(request);
      const deps = deliveryDeps();
      const failed = await endpointDeliveries(deps, endpoint.id, {
        ...range,
        state: "failed",
        limit: REPLAY_LIMIT,
      });
      let replayed = 0;
      for (const item of failed) {
        // Erased by a privacy request while it waited: nothing about the lead goes out any more.
        if (item.leadRef && (await isLeadErased(deps.db, deps.tables.deliveries, item.leadRef))) continue;
        if (await requeue(deps, item.id, "replay")) replayed += 1;
      }
      await audited(request, "team.integration.replay", endpoint.id, { count: String(replayed) });
      return jsonResponse(202, { replayed });
    }),
    route("POST /api/integrations/deliveries/{id}/replay", async (request) => {
      const deps = deliveryDeps();
      const id = pathId(request);
      const item = await findDelivery(deps, id);
      // An erased person's delivery is refused with the reason (docs/decisions/0119): its mark
      // once the erasure deleted it, the lead's mark if the erasure is still running.
      const erased = item
        ? item.leadRef !== undefined && (await isLeadErased(deps.db, deps.tables.deliveries, item.leadRef))
        : await isDeliveryErased(deps.db, deps.tables.deliveries, id);
      if (erased) throw new HttpError(410, { error: INTEGRATIONS_MESSAGES.deliveryErased }, {}, "erased");
      if (!item) throw new HttpError(404, { error: INTEGRATIONS_MESSAGES.noSuchDelivery }, {}, "not_found");
      const replayed = await requeue(deps, item.id, "replay");
      await audited(request, "team.integration.replay", item.endpointId, { count: replayed ? "1" : "0" });
      return jsonResponse(202, { replayed: replayed ? 1 : 0 });
    }),
  ]),
);
