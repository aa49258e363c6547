/**
 * The CSV export's columns of a kind of lead: its own fields as its description places them
 * (events/lead-fields.ts), then the lead desk's, the same for both kinds.
 */

import { LEAD_STATUS_LABELS, type LeadStatus } from "../../events/desk";
import { csvFieldColumns, type LeadColumn } from "../../events/lead-places";
import type { LeadKind } from "../model/lead-kinds";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** The lead desk's columns; `key` names the stored field each shows. */
export const DESK_COLUMNS: readonly LeadColumn[] = [
  { key: "status", header: "Status", value: (r) => LEAD_STATUS_LABELS[(r.status as LeadStatus) ?? "new"] },
  { key: "lostReason", header: "Lost reason", value: (r) => text(r.lostReason) },
  { key: "owner", header: "Owner", value: (r) => text(r.owner) },
  { key: "dueAt", header: "Reply due", value: (r) => text(r.dueAt) },
  { key: "respondedAt", header: "First reply", value: (r) => text(r.respondedAt) },
  // A returning prospect's submission: the open lead it belongs to (docs/decisions/0075).
  {
    key: "linkedTo",
    header: "Linked to",
    value: (r) => (r.linkedTo ? `${text(r.linkedKind) ?? ""} ${String(r.linkedTo)}`.trim() : undefined),
  },
];

export function leadCsvColumns(lead: LeadKind): readonly LeadColumn[] {
  return [...csvFieldColumns(lead.fields), ...DESK_COLUMNS];
}
