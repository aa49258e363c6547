/**
 * One attempt of one delivery (the delivery worker; docs/decisions/0092-webhook-retries.md):
 * claim it with the job's ticket, check the endpoint's address again after DNS (./url-guard.ts),
 * sign (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`), POST
 * (./http-post.ts), and record the answer. Resolving the name and the whole answer share one
 * 10-second limit, resolving taking at most 5 of them (docs/decisions/0110-dns-time-limit.md). A
 * complete 2xx answer is a success; anything else is tried again after the backoff
 * (./schedule.ts) until the 24 hours are up, then failed.
 */
import { randomUUID } from "node:crypto";
import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Webhook } from "standardwebhooks";
import type { WebhookDeliveryData } from "../../events/envelopes";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import type { SecretBox } from "../lib/secret-box";
import { updateExpression } from "../lib/update-expression";
import { isLeadErased } from "../model/delivery-lead";
import type { DeliveryDeps, DeliveryItem } from "./deliveries";
import { deliveryUrl, type EndpointItem, findEndpoint } from "./endpoints";
import type { Poster } from "./http-post";
import { retryDelayMs } from "./schedule";
import { DNS_TIMEOUT_MS, type GuardOptions, resolveEndpoint } from "./url-guard";

/** Resolving the endpoint's name and its whole answer, together. */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_BODY_BYTES = 2048;

export interface AttemptDeps extends DeliveryDeps {
  readonly tables: DeliveryDeps["tables"] & { readonly integrations: string };
  readonly box: SecretBox;
  readonly guard: GuardOptions;
  readonly post: Poster;
  readonly random?: () => number;
}

export type AttemptOutcome = "delivered" | "retrying" | "failed" | "stale";

/** The signature header: the current secret's, and the previous one's during its grace period. */
export async function signatureHeader(
  deps: Pick<AttemptDeps, "box" | "clock">,
  endpoint: EndpointItem,
  id: string,
  at: Date,
  body: string,
): Promise<string> {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretUntil &&
    Date.parse(endpoint.previousSecretUntil) > deps.clock().getTime()
  )
    secrets.push(endpoint.previousSecret);
  const signatures: string[] = [];
  for (const sealed of secrets) signatures.push(new Webhook(await deps.box.open(sealed)).sign(id, at, body));
  return signatures.join(" ");
}

/** Claims the delivery for this attempt: only the job holding its current ticket may. */
async function claim(deps: AttemptDeps, job: WebhookDeliveryData): Promise<DeliveryItem | undefined> {
  const now = deps.clock();
  try {
    const claimed = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.deliveries,
        Key: { id: job.deliveryId },
        UpdateExpression: "SET ticket = :claimed, nextAttemptAt = :lease",
        ConditionExpression: "#state = :pending AND ticket = :ticket",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: {
          ":claimed": `attempt-${randomUUID()}`,
          ":lease": new Date(now.getTime() + deps.schedule.leaseMs).toISOString(),
          ":pending": "pending",
          ":ticket": job.ticket,
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return claimed.Attributes as DeliveryItem;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

interface Result {
  readonly ok: boolean;
  readonly status?: number;
  readonly latencyMs?: number;
  readonly body?: string;
  readonly error?: string;
  /** No further attempt: the endpoint is gone or paused. */
  readonly final?: boolean;
}

async function attempt(
  deps: AttemptDeps,
  item: DeliveryItem,
  endpoint: EndpointItem | undefined,
): Promise<Result> {
  if (!endpoint) return { ok: false, error: "The endpoint was deleted", final: true };
  if (!endpoint.active) return { ok: false, error: "The endpoint is paused", final: true };
  const url = await deliveryUrl(deps.box, endpoint);
  const resolving = deps.clock().getTime();
  const resolved = await resolveEndpoint(url, endpoint.kind, {
    ...deps.guard,
    resolveTimeoutMs: Math.min(deps.guard.resolveTimeoutMs ?? DNS_TIMEOUT_MS, DELIVERY_TIMEOUT_MS),
  });
  if (!resolved.ok)
    return { ok: false, error: `${resolved.reason}${resolved.detail ? ` (${resolved.detail})` : ""}` };
  // What resolving took comes off the answer's time (a clock set back counts as nothing taken).
  const resolvedInMs = Math.min(Math.max(deps.clock().getTime() - resolving, 0), DELIVERY_TIMEOUT_MS);
  const at = deps.clock();
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "RepDesk-Webhooks/1",
  };
  if (endpoint.kind === "webhook") {
    headers["webhook-id"] = item.id;
    headers["webhook-timestamp"] = String(Math.floor(at.getTime() / 1000));
    headers["webhook-signature"] = await signatureHeader(deps, endpoint, item.id, at, item.body);
  }
  const answer = await deps.post({
    url: resolved.url,
    target: resolved.target,
    headers,
    body: item.body,
    timeoutMs: DELIVERY_TIMEOUT_MS - resolvedInMs,
    maxBodyBytes: RESPONSE_BODY_BYTES,
  });
  const ok = !answer.error && answer.status !== undefined && answer.status >= 200 && answer.status < 300;
  return { ok, status: answer.status, latencyMs: answer.latencyMs, body: answer.body, error: answer.error };
}

/** Records the attempt's result on the delivery (still claimed by this attempt). */
async function record(deps: AttemptDeps, item: DeliveryItem, result: Result): Promise<AttemptOutcome> {
  const now = deps.clock();
  // A final result (the endpoint deleted or paused) made no request: it is not an attempt, and the
  // receiver's last answer stays on the delivery beside the reason it stopped.
  const attempts = item.attempts + (result.final ? 0 : 1);
  const delay = retryDelayMs(deps.schedule, attempts, deps.random);
  const windowEnd = Date.parse(item.windowStart) + deps.schedule.giveUpMs;
  const outcome: AttemptOutcome = result.ok
    ? "delivered"
    : result.final || now.getTime() + delay > windowEnd
      ? "failed"
      : "retrying";
  const answer = {
    ...(result.status !== undefined ? { responseStatus: result.status } : {}),
    ...(result.latencyMs !== undefined ? { latencyMs: result.latencyMs } : {}),
    ...(result.body !== undefined ? { responseBody: result.body } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
  const gone = result.final
    ? []
    : ["responseStatus", "latencyMs", "responseBody", "error"].filter((key) => !(key in answer));
  const update = updateExpression({
    set: {
      attempts,
      ...(result.final ? {} : { lastAttemptAt: now.toISOString() }),
      ...answer,
      ...(outcome === "retrying"
        ? { nextAttemptAt: new Date(now.getTime() + delay).toISOString() }
        : { state: outcome }),
    },
    remove: [...gone, ...(outcome === "retrying" ? [] : ["dueKey", "nextAttemptAt"])],
  });
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.deliveries,
        Key: { id: item.id },
        ...update,
        ConditionExpression: "#ticket = :ticket",
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, "#ticket": "ticket" },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ":ticket": item.ticket },
      }),
    );
  } catch (error) {
    // The lease ran out and the sweeper queued it again: that attempt records its own result.
    if (isConditionalCheckFailed(error)) return "stale";
    throw error;
  }
  return outcome;
}

/** Notes on the endpoint since when it fails (kept while it fails), or that it works again. */
async function noteEndpointHealth(deps: AttemptDeps, endpointId: string, ok: boolean): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.integrations,
        Key: { id: endpointId },
        UpdateExpression: ok ? "REMOVE failingSince" : "SET failingSince = :now",
        ConditionExpression: ok
          ? "attribute_exists(failingSince)"
          : "attribute_exists(id) AND attribute_not_exists(failingSince)",
        ...(ok ? {} : { ExpressionAttributeValues: { ":now": deps.clock().toISOString() } }),
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export async function attemptDelivery(deps: AttemptDeps, job: WebhookDeliveryData): Promise<AttemptOutcome> {
  const item = await claim(deps, job);
  if (!item) return "stale";
  // Made while a privacy request erased its lead (the erasure deletes the deliveries it finds).
  if (item.leadRef && (await isLeadErased(deps.db, deps.tables.deliveries, item.leadRef))) {
    await deps.db.send(new DeleteCommand({ TableName: deps.tables.deliveries, Key: { id: item.id } }));
    return "stale";
  }
  const endpoint = await findEndpoint(deps, item.endpointId);
  const result = await attempt(deps, item, endpoint);
  const outcome = await record(deps, item, result);
  if (endpoint && !result.final) await noteEndpointHealth(deps, endpoint.id, result.ok);
  return outcome;
}
