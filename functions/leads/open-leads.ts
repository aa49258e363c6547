/**
 * The open leads the desk's schedule looks at (./reminders.ts, ./overdue.ts): New, not answered,
 * not a linked submission, with a reply-due time, read from the byDesk index's New partition over a
 * bounded range of arrivals — never the table.
 */
import { type DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { isClockRunning } from "../../events/desk";
import type { DeskLeadRef, DomainEvent } from "../../events/envelopes";
import type { Clock } from "../lib/clock";
import { queryAll } from "../lib/query-all";
import { isFirstConditionRefused } from "../lib/transact";
import { deskKey } from "../model/lead-index";
import type { LeadKind } from "../model/lead-kinds";
import { outboxItemFor } from "../model/outbox";
import { DESK_INDEX } from "../model/tables";

export const DAY_MS = 86_400_000;
/** A New lead older than this is past its promise whatever the holidays (as in desk-stats.ts). */
export const PROMISE_REACH_DAYS = 14;

export interface OpenLeadDeps {
  readonly db: DynamoDBDocumentClient;
  readonly kinds: readonly { readonly lead: LeadKind; readonly table: string }[];
}

export interface OpenLead extends DeskLeadRef {
  readonly createdAt: string;
  readonly owner?: string;
  readonly table: string;
}

const PROJECTION =
  "id, createdAt, dueAt, respondedAt, linkedTo, #status, #owner, firstName, lastName, company, expiresAt";

interface ExtraFilter {
  readonly filter: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

/**
 * The open leads of every kind that arrived in [from, to] (from absent: up to `to`), read from the
 * byDesk index's New partition; `extra` narrows them further in DynamoDB.
 */
export async function openLeads(
  deps: OpenLeadDeps,
  range: { from?: Date; to: Date },
  extra: ExtraFilter,
): Promise<OpenLead[]> {
  const found = await Promise.all(
    deps.kinds.map(async ({ lead, table }) => {
      const items = await queryAll(deps.db, {
        TableName: table,
        IndexName: DESK_INDEX,
        KeyConditionExpression: range.from
          ? "deskKey = :key AND createdAt BETWEEN :from AND :to"
          : "deskKey = :key AND createdAt <= :to",
        FilterExpression: `attribute_not_exists(respondedAt) AND attribute_not_exists(linkedTo) AND attribute_exists(dueAt) AND ${extra.filter}`,
        ProjectionExpression: PROJECTION,
        ExpressionAttributeNames: { "#status": "status", "#owner": "owner", ...extra.names },
        ExpressionAttributeValues: {
          ":key": deskKey(lead, "new"),
          ":to": range.to.toISOString(),
          ...(range.from ? { ":from": range.from.toISOString() } : {}),
          ...extra.values,
        },
      });
      return items.filter((item) => isClockRunning(item)).map((item) => openLeadOf(lead, table, item));
    }),
  );
  return found.flat();
}

function openLeadOf(lead: LeadKind, table: string, item: Record<string, unknown>): OpenLead {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const company = text(item.company).trim();
  return {
    kind: lead.kind as DeskLeadRef["kind"],
    id: text(item.id),
    name: `${text(item.firstName)} ${text(item.lastName)}`.trim().slice(0, 300),
    ...(company ? { company: company.slice(0, 300) } : {}),
    dueAt: text(item.dueAt),
    createdAt: text(item.createdAt),
    ...(typeof item.expiresAt === "number" ? { expiresAt: item.expiresAt } : {}),
    ...(typeof item.owner === "string" && item.owner ? { owner: item.owner } : {}),
    table,
  };
}

/** Ref of a lead as the e-mails carry it. */
export const refOf = ({ kind, id, name, company, dueAt, expiresAt }: OpenLead): DeskLeadRef => ({
  kind,
  id,
  name,
  ...(company ? { company } : {}),
  dueAt,
  ...(expiresAt === undefined ? {} : { expiresAt }),
});

/**
 * Sets `marker` (the run's time) on an open lead and queues `event` in one transaction, only while
 * the lead is still open, unmarked and due as it was read: a reply, status change, deletion or
 * another run in between wins. False when it did.
 */
export async function markAndQueue(
  deps: OpenLeadDeps & { readonly tables: { readonly outbox: string }; readonly clock: Clock },
  lead: OpenLead,
  marker: string,
  now: Date,
  event: DomainEvent,
): Promise<boolean> {
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: lead.table,
              Key: { id: lead.id },
              UpdateExpression: "SET #marker = :now",
              ConditionExpression:
                "attribute_exists(id) AND attribute_not_exists(#marker) AND deskKey = :key AND dueAt = :due AND attribute_not_exists(respondedAt) AND attribute_not_exists(linkedTo)",
              ExpressionAttributeNames: { "#marker": marker },
              ExpressionAttributeValues: {
                ":now": now.toISOString(),
                ":key": `${lead.kind}#new`,
                ":due": lead.dueAt,
              },
            },
          },
          { Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event, deps.clock().toISOString()) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isFirstConditionRefused(error)) return false;
    throw error;
  }
}
