/**
 * The sweeper (a scheduled function, every minute in AWS; docs/decisions/0092-webhook-retries.md):
 * - queues again every delivery whose next attempt is due — a retry's backoff has passed, or a
 *   job's lease ran out (its worker crashed, or the job waited in the queue beyond the lease);
 * - pauses every endpoint that has failed without a success for the give-up period (24 hours),
 *   with its entry on the team's audit log (by "system", like every change an admin makes there),
 *   and e-mails the team's active admins through the outbox (the staff inbox when there are none).
 * It reads the staff accounts only for the admins' addresses; the delivery worker reads none.
 */
import { randomUUID } from "node:crypto";
import { QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "../../events/envelopes";
import { isConditionRefused } from "../lib/transact";
import { auditPut } from "../model/audit";
import { outboxItemFor } from "../model/outbox";
import { roleOf, UsersRepository } from "../model/staff/users";
import { type DeliveryDeps, DUE, requeue } from "./deliveries";
import { listEndpoints, shownUrl } from "./endpoints";

export const SWEEP_LIMIT = 500;

export interface SweepDeps extends DeliveryDeps {
  readonly tables: DeliveryDeps["tables"] & {
    readonly integrations: string;
    readonly users: string;
    readonly audit: string;
  };
}

export async function queueDueDeliveries(deps: DeliveryDeps): Promise<number> {
  const now = deps.clock().toISOString();
  let queued = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.deliveries,
        IndexName: "byDue",
        KeyConditionExpression: "dueKey = :due AND nextAttemptAt <= :now",
        ExpressionAttributeValues: { ":due": DUE, ":now": now },
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const seen = { ticket: String(item.ticket), nextAttemptAt: String(item.nextAttemptAt) };
      if (await requeue(deps, String(item.id), seen)) queued += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start && queued < SWEEP_LIMIT);
  return queued;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

export async function pauseFailingEndpoints(deps: SweepDeps): Promise<number> {
  const now = deps.clock();
  const failing = (await listEndpoints(deps)).filter(
    (endpoint) =>
      endpoint.active &&
      endpoint.failingSince !== undefined &&
      now.getTime() - Date.parse(endpoint.failingSince) >= deps.schedule.giveUpMs,
  );
  if (failing.length === 0) return 0;
  const admins = (await new UsersRepository(deps.db, deps.tables.users).list())
    .filter((user) => roleOf(user) === "admin" && !user.deactivatedAt && user.email)
    .map((user) => String(user.email))
    .slice(0, 50);
  let paused = 0;
  for (const endpoint of failing) {
    const event: DomainEvent = {
      type: "webhook.endpoint-paused",
      version: 1,
      id: randomUUID(),
      occurredAt: now.toISOString(),
      data: {
        endpointId: endpoint.id,
        url: shownUrl(endpoint.kind, endpoint.url),
        description: endpoint.description,
        failingSince: endpoint.failingSince ?? now.toISOString(),
        recipients: admins,
      },
    };
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: deps.tables.integrations,
                Key: { id: endpoint.id },
                UpdateExpression: "SET active = :false, pausedReason = :failing, version = version + :one",
                ConditionExpression: "active = :true AND failingSince = :since",
                ExpressionAttributeValues: {
                  ":false": false,
                  ":true": true,
                  ":failing": "failing",
                  ":one": 1,
                  ":since": endpoint.failingSince,
                },
              },
            },
            { Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event) } },
            auditPut(deps.tables.audit, {
              action: "team.integration.pause",
              actor: "system",
              target: endpoint.id,
              at: now,
              details: { kind: endpoint.kind, host: hostOf(endpoint.url), reason: "failing" },
            }),
          ],
        }),
      );
      paused += 1;
    } catch (error) {
      if (!isConditionRefused(error)) throw error;
    }
  }
  return paused;
}

export async function sweepDeliveries(deps: SweepDeps): Promise<{ queued: number; paused: number }> {
  const paused = await pauseFailingEndpoints(deps);
  const queued = await queueDueDeliveries(deps);
  return { queued, paused };
}
