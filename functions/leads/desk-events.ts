/**
 * The lead.* events of a desk decision (./desk-rules.ts) for the outbound integrations
 * (docs/decisions/0091): written by ./lead-desk.ts in the change's own transaction.
 */
import { randomUUID } from "node:crypto";
import type { LeadStatus } from "../../events/desk";
import type { DomainEvent } from "../../events/envelopes";
import type { LeadKind } from "../model/lead-kinds";
import { type DeskDecision, statusOf } from "./desk-rules";

/** The lead.* events of a decision: a status that moved, an owner that changed. */
export function deskEvents(
  lead: LeadKind,
  item: Record<string, unknown>,
  decision: DeskDecision,
  firstEntry: Record<string, unknown> | undefined,
): DomainEvent[] {
  // The decision's timeline entry carries the change's time and actor.
  const at = typeof firstEntry?.at === "string" ? firstEntry.at : String(item.createdAt);
  const actor = typeof firstEntry?.actor === "string" ? firstEntry.actor : "system";
  const ref = { kind: lead.kind, id: String(item.id) };
  const head = { version: 1, id: randomUUID(), occurredAt: at } as const;
  const events: DomainEvent[] = [];
  const from = statusOf(item);
  const to = decision.set.status as LeadStatus | undefined;
  if (to && to !== from)
    events.push({ ...head, type: "lead.status_changed", data: { lead: ref, from, to, actor, at } });
  const fromOwner = typeof item.owner === "string" ? item.owner : null;
  const toOwner =
    typeof decision.set.owner === "string"
      ? decision.set.owner
      : decision.remove.includes("owner")
        ? null
        : fromOwner;
  if (toOwner !== fromOwner)
    events.push({
      ...head,
      id: randomUUID(),
      type: "lead.owner_changed",
      data: { lead: ref, from: fromOwner, to: toOwner, actor, at },
    });
  return events;
}
