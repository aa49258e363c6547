/**
 * The lead desk in the Command Center (docs/decisions/0066-lead-desk-model.md): what a lead carries
 * for it, its filters, and the change a status / owner form asks for (the API's own request shape).
 */
import {
  type DeskUpdateRequest,
  LEAD_STATUS_LABELS,
  type LeadKindName,
  type LeadStatus,
} from "../../../../events";

export interface DeskLead {
  readonly id: string;
  readonly status?: LeadStatus;
  readonly owner?: string;
  readonly lostReason?: string;
  readonly dueAt?: string;
  readonly respondedAt?: string;
  /** A returning prospect's submission: its open lead (docs/decisions/0075). */
  readonly linkedTo?: string;
  readonly linkedKind?: LeadKindName;
}

/** The change a status / owner form asks for: the desk update request without its leads. */
export type DeskChange = Omit<DeskUpdateRequest, "kind" | "ids">;

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
