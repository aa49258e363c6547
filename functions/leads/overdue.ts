import type { DomainEvent } from "../../events/envelopes";
import type { Clock, IdGenerator } from "../lib/clock";
import { RESPONSE_BUDGET_MS } from "../model/response-clock";
import { DAY_MS, markAndQueue, type OpenLeadDeps, openLeads, PROMISE_REACH_DAYS } from "./open-leads";

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
    if (await markAndQueue(deps, lead, OVERDUE_MARKER, now, event)) queued += 1;
  }
  return queued;
}
