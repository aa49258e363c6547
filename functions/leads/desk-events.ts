/**
 * The lead.* events of a desk decision (events/desk-decide.ts decides which) as the outbound
 * integrations take them (docs/decisions/0091): each with its envelope and the lead it is about,
 * written by ./lead-desk.ts and ./reply.ts in the change's own transaction.
 */
import { randomUUID } from "node:crypto";
import type { DeskDecision, DeskEvent } from "../../events/desk-decide";
import type { DomainEvent } from "../../events/envelopes";
import type { LeadKind } from "../model/lead-kinds";

export function deskEvents(
  lead: LeadKind,
  id: string,
  decision: Pick<DeskDecision, "events">,
): DomainEvent[] {
  const ref = { kind: lead.kind, id };
  return decision.events.map((event) => envelope(event, ref));
}

function envelope(event: DeskEvent, lead: { kind: LeadKind["kind"]; id: string }): DomainEvent {
  const head = { version: 1, id: randomUUID(), occurredAt: event.data.at } as const;
  switch (event.type) {
    case "lead.status_changed":
      return { ...head, type: event.type, data: { lead, ...event.data } };
    case "lead.owner_changed":
      return { ...head, type: event.type, data: { lead, ...event.data } };
    case "lead.replied":
      return { ...head, type: event.type, data: { lead, ...event.data } };
  }
}
