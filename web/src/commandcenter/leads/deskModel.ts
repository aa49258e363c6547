/**
 * The lead desk in the Command Center (docs/decisions/0066-lead-desk-model.md): what a lead carries
 * for it and its filters. The change a status / owner form asks for is the desk's one DeskChange
 * (events/desk.ts), decided by events/desk-decide.ts.
 */
import { type DeskState, LEAD_STATUS_LABELS, type LeadKindName } from "../../../../events";

/** A listed lead's desk: its state (DeskState) and what the desk shows beside it. */
export interface DeskLead extends DeskState {
  readonly id: string;
  readonly dueAt?: string;
  /** A returning prospect's submission: its open lead (docs/decisions/0075). */
  readonly linkedTo?: string;
  readonly linkedKind?: LeadKindName;
}

/** Filter bar selects of the desk: status, owner (Mine, Unassigned) and the order. */
export const DESK_FILTERS = [
  { param: "status", label: "Status", options: LEAD_STATUS_LABELS },
  { param: "owner", label: "Owner", options: { me: "Mine", none: "Unassigned" } },
  { param: "sort", label: "Sort", allLabel: "Newest first", options: { urgency: "Most urgent first" } },
] as const;

export function statusText(lead: DeskLead): string {
  const label = LEAD_STATUS_LABELS[lead.status ?? "new"];
  return lead.status === "lost" && lead.lostReason ? `${label}: ${lead.lostReason}` : label;
}

export const KIND_LABELS: Record<LeadKindName, string> = { signup: "Signup", contact: "Contact message" };
