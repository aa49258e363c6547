/**
 * "Lead became overdue" for the outbound integrations (docs/product/webhooks.md): each run of the
 * desk's schedule finds the New leads whose reply-due time has passed without a reply and queues one
 * `lead.overdue` event per lead — a conditional marker on the record and the event's outbox item in
 * one transaction, so overlapping or retried runs announce a lead once, and a reply, status change
 * or deletion in between wins. A lead that fell overdue more than a day before the run (the job was
 * down) is not announced late: the morning digest lists it.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { DomainEvent } from "../../events/envelopes";
import type { Clock, IdGenerator } from "../lib/clock";
import { isFirstConditionRefused } from "../lib/transact";
import { outboxItemFor } from "../model/outbox";
import { RESPONSE_BUDGET_MS } from "../model/response-clock";
import { DAY_MS, type OpenLeadDeps, openLeads, PROMISE_REACH_DAYS } from "./open-leads";

/** The record attribute that says the lead's overdue event was queued (its time). */
export const OVERDUE_MARKER = "announcedOverdueAt";
/** How long after its due time a lead is still announced. */
const LATE_ANNOUNCEMENT_MS = DAY_MS;

export interface OverdueDeps extends OpenLeadDeps {
  readonly tables: { readonly outbox: string };
  readonly newId: IdGenerator;
  readonly clock: Clock;
}

/** Queues `lead.overdue` for every open lead that fell overdue by `now`; returns how many this run did. */
export async function announceOverdueLeads(deps: OverdueDeps, now: Date): Promise<number> {
  const at = now.getTime();
  // The due time is at least 24 h of clock time, so at least 24 h of real time, after arrival.
  const leads = await openLeads(
    deps,
    { from: new Date(at - PROMISE_REACH_DAYS * DAY_MS), to: new Date(at - RESPONSE_BUDGET_MS) },
    {
      filter: "attribute_not_exists(#overdue) AND dueAt <= :now AND dueAt > :late",
      names: { "#overdue": OVERDUE_MARKER },
      values: { ":now": now.toISOString(), ":late": new Date(at - LATE_ANNOUNCEMENT_MS).toISOString() },
    },
  );
  let queued = 0;
  for (const lead of leads) {
    const event: DomainEvent = {
      type: "lead.overdue",
      version: 1,
      id: deps.newId(),
      occurredAt: now.toISOString(),
      data: {
        lead: { kind: lead.kind, id: lead.id },
        name: lead.name,
        ...(lead.company ? { company: lead.company } : {}),
        owner: lead.owner ?? null,
        dueAt: lead.dueAt,
      },
    };
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: lead.table,
                Key: { id: lead.id },
                UpdateExpression: "SET #overdue = :now",
                // Still open, still due then, not announced: anything that happened in between wins.
                ConditionExpression:
                  "attribute_exists(id) AND attribute_not_exists(#overdue) AND deskKey = :key AND dueAt = :due AND attribute_not_exists(respondedAt) AND attribute_not_exists(linkedTo)",
                ExpressionAttributeNames: { "#overdue": OVERDUE_MARKER },
                ExpressionAttributeValues: {
                  ":now": now.toISOString(),
                  ":key": `${lead.kind}#new`,
                  ":due": lead.dueAt,
                },
              },
            },
            {
              Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event, deps.clock().toISOString()) },
            },
          ],
        }),
      );
      queued += 1;
    } catch (error) {
      if (!isFirstConditionRefused(error)) throw error;
    }
  }
  return queued;
}
