/**
 * The endpoints an admin registers (docs/product/webhooks.md): add, edit, pause and resume, delete,
 * rotate the secret. Each change is one transaction with its entry on the team's audit log. The
 * signing secret (`whsec_…`) is made here, answered once, and stored only sealed (../lib/secret-box.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  type DynamoDBDocumentClient,
  GetCommand,
  ScanCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";
import type { TeamAuditAction } from "../../events/team";
import {
  type EndpointCreateRequest,
  type EndpointKind,
  type EndpointUpdateRequest,
  type EndpointView,
  LIMITS_INTEGRATIONS,
  type WebhookEventType,
} from "../../events/webhooks";
import type { Clock } from "../lib/clock";
import type { SealedSecret, SecretBox } from "../lib/secret-box";
import { isFirstConditionRefused, type TransactItem } from "../lib/transact";
import { updateExpression } from "../lib/update-expression";
import { auditPut } from "../model/audit";
import { type GuardOptions, resolveEndpoint, type UrlRefusal } from "./url-guard";

/** How long the previous secret's signature is still sent after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60_000;

export interface EndpointItem {
  readonly id: string;
  readonly kind: EndpointKind;
  /** A webhook's address; for Slack only its shown form (shownUrl): the address is `sealedUrl`. */
  readonly url: string;
  /** A Slack incoming webhook's address, sealed like a signing secret: it is a credential. */
  readonly sealedUrl?: SealedSecret;
  readonly events: WebhookEventType[];
  readonly description: string;
  readonly active: boolean;
  readonly pausedReason?: "admin" | "failing";
  readonly createdAt: string;
  readonly createdBy: string;
  readonly failingSince?: string;
  readonly secret: SealedSecret;
  readonly previousSecret?: SealedSecret;
  readonly previousSecretUntil?: string;
  readonly version: number;
}

export interface EndpointDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly integrations: string; readonly audit: string };
  readonly clock: Clock;
  readonly box: SecretBox;
  readonly guard: GuardOptions;
}

/** A Slack URL is itself a credential: the list shows its host and the start of its path only. */
export function shownUrl(kind: EndpointKind, url: string): string {
  if (kind !== "slack") return url;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.split("/").slice(0, 3).join("/")}/…`;
  } catch {
    return "…";
  }
}

/**
 * What an endpoint's address is stored as: a webhook's in clear (it is shown and audited), a Slack
 * URL sealed, with only its shown form in clear (docs/product/webhooks.md).
 */
export async function storedUrl(
  box: SecretBox,
  kind: EndpointKind,
  href: string,
): Promise<Pick<EndpointItem, "url" | "sealedUrl">> {
  if (kind !== "slack") return { url: href };
  return { url: shownUrl(kind, href), sealedUrl: await box.seal(href) };
}

/** The address a delivery posts to: a Slack URL opened from its sealed form. */
export async function deliveryUrl(box: SecretBox, item: Pick<EndpointItem, "url" | "sealedUrl">) {
  return item.sealedUrl ? box.open(item.sealedUrl) : item.url;
}

export function endpointView(item: EndpointItem): EndpointView {
  return {
    id: item.id,
    kind: item.kind,
    url: shownUrl(item.kind, item.url),
    events: item.events,
    description: item.description,
    active: item.active,
    ...(item.pausedReason ? { pausedReason: item.pausedReason } : {}),
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    ...(item.failingSince ? { failingSince: item.failingSince } : {}),
    ...(item.previousSecretUntil ? { previousSecretUntil: item.previousSecretUntil } : {}),
  };
}

/** A new signing secret: `whsec_` and 192 random bits, base64 (the Standard Webhooks form). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export async function listEndpoints(deps: {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly integrations: string };
}): Promise<EndpointItem[]> {
  const items: EndpointItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({
        TableName: deps.tables.integrations,
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...((page.Items ?? []) as EndpointItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function findEndpoint(
  deps: { readonly db: DynamoDBDocumentClient; readonly tables: { readonly integrations: string } },
  id: string,
): Promise<EndpointItem | undefined> {
  const found = await deps.db.send(
    new GetCommand({ TableName: deps.tables.integrations, Key: { id }, ConsistentRead: true }),
  );
  return found.Item as EndpointItem | undefined;
}

interface Actor {
  readonly actor: string;
  readonly ip?: string;
}

function audit(
  deps: EndpointDeps,
  action: TeamAuditAction,
  who: Actor,
  item: Pick<EndpointItem, "id" | "kind" | "url">,
) {
  let host = "";
  try {
    host = new URL(item.url).host;
  } catch {
    host = "";
  }
  return auditPut(deps.tables.audit, {
    action,
    actor: who.actor,
    ip: who.ip,
    target: item.id,
    at: deps.clock(),
    details: { kind: item.kind, host },
  });
}

export type EndpointOutcome =
  | { readonly kind: "done"; readonly endpoint: EndpointView; readonly secret?: string }
  | { readonly kind: "notFound" }
  | { readonly kind: "tooMany" }
  | { readonly kind: "badUrl"; readonly reason: UrlRefusal };

export async function createEndpoint(
  deps: EndpointDeps,
  input: EndpointCreateRequest & Actor,
): Promise<EndpointOutcome> {
  const checked = await resolveEndpoint(input.url, input.kind, deps.guard);
  if (!checked.ok) return { kind: "badUrl", reason: checked.reason };
  if ((await listEndpoints(deps)).length >= LIMITS_INTEGRATIONS.endpoints) return { kind: "tooMany" };
  const secret = newSigningSecret();
  const item: EndpointItem = {
    id: `ep_${randomUUID().replace(/-/g, "")}`,
    kind: input.kind,
    ...(await storedUrl(deps.box, input.kind, checked.url.href)),
    events: input.events,
    description: input.description ?? "",
    active: true,
    createdAt: deps.clock().toISOString(),
    createdBy: input.actor,
    secret: await deps.box.seal(secret),
    version: 1,
  };
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.tables.integrations,
            Item: item,
            ConditionExpression: "attribute_not_exists(id)",
          },
        },
        audit(deps, "team.integration.add", input, item),
      ],
    }),
  );
  return { kind: "done", endpoint: endpointView(item), secret };
}

/** The item's update under its version, with the audit entry; false when it changed meanwhile. */
async function writeChange(
  deps: EndpointDeps,
  item: EndpointItem,
  changes: { set: Record<string, unknown>; remove?: string[] },
  auditEntry: TransactItem,
): Promise<boolean> {
  const update = updateExpression({
    set: { ...changes.set, version: item.version + 1 },
    remove: changes.remove,
  });
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.tables.integrations,
              Key: { id: item.id },
              UpdateExpression: update.UpdateExpression,
              ConditionExpression: "#version = :version",
              ExpressionAttributeNames: { ...update.ExpressionAttributeNames, "#version": "version" },
              ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ":version": item.version },
            },
          },
          auditEntry,
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isFirstConditionRefused(error)) return false;
    throw error;
  }
}

export async function updateEndpoint(
  deps: EndpointDeps,
  input: { id: string; change: EndpointUpdateRequest } & Actor,
): Promise<EndpointOutcome> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const item = await findEndpoint(deps, input.id);
    if (!item) return { kind: "notFound" };
    const { url, events, description, active } = input.change;
    const set: Record<string, unknown> = {};
    const remove: string[] = [];
    if (url !== undefined) {
      const checked = await resolveEndpoint(url, item.kind, deps.guard);
      if (!checked.ok) return { kind: "badUrl", reason: checked.reason };
      Object.assign(set, await storedUrl(deps.box, item.kind, checked.url.href));
    }
    if (events !== undefined) set.events = events;
    if (description !== undefined) set.description = description;
    let action: TeamAuditAction = "team.integration.edit";
    if (active === false && item.active) {
      Object.assign(set, { active: false, pausedReason: "admin" });
      action = "team.integration.pause";
    } else if (active === true && !item.active) {
      set.active = true;
      remove.push("pausedReason", "failingSince");
      action = "team.integration.resume";
    }
    const next = { ...item, ...set } as EndpointItem;
    if (await writeChange(deps, item, { set, remove }, audit(deps, action, input, next))) {
      const view = endpointView(next);
      return {
        kind: "done",
        endpoint: remove.length ? { ...view, pausedReason: undefined, failingSince: undefined } : view,
      };
    }
  }
  throw new Error("The endpoint kept changing; try again");
}

export async function rotateSecret(
  deps: EndpointDeps,
  input: { id: string } & Actor,
): Promise<EndpointOutcome> {
  const item = await findEndpoint(deps, input.id);
  if (!item) return { kind: "notFound" };
  const secret = newSigningSecret();
  const until = new Date(deps.clock().getTime() + ROTATION_GRACE_MS).toISOString();
  const set = {
    secret: await deps.box.seal(secret),
    previousSecret: item.secret,
    previousSecretUntil: until,
  };
  if (!(await writeChange(deps, item, { set }, audit(deps, "team.integration.rotate", input, item))))
    return rotateSecret(deps, input);
  return { kind: "done", endpoint: endpointView({ ...item, ...set }), secret };
}

export async function deleteEndpoint(
  deps: EndpointDeps,
  input: { id: string } & Actor,
): Promise<EndpointOutcome> {
  const item = await findEndpoint(deps, input.id);
  if (!item) return { kind: "notFound" };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: deps.tables.integrations,
              Key: { id: item.id },
              ConditionExpression: "attribute_exists(id)",
            },
          },
          audit(deps, "team.integration.delete", input, item),
        ],
      }),
    );
  } catch (error) {
    if (isFirstConditionRefused(error)) return { kind: "notFound" };
    throw error;
  }
  return { kind: "done", endpoint: endpointView(item) };
}
