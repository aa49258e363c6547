/**
 * The two kinds of lead the Command Center manages — signups and contact messages — described once,
 * so that listing, search, counting, export and delete are one piece of code serving both.
 */
import type * as z from "zod";
import { ContactMessage } from "../../events/contact";
import { CONTACT_LEAD, type LeadFields, SIGNUP_LEAD } from "../../events/lead-fields";
import { Signup } from "../../events/signup";
import type { AuditAction } from "./audit";
import type { TableKey } from "./tables";

export interface LeadKind<S extends z.ZodObject = z.ZodObject> {
  /** The `kind` attribute of the records (partition key of the byCreatedAt index). */
  readonly kind: "signup" | "contact";
  readonly table: TableKey;
  readonly schema: S;
  /** Its fields: labels, how they read, where staff see them (events/lead-fields.ts). */
  readonly fields: LeadFields;
  /** Fields staff can filter on with exact values; their combination is counted per day. */
  readonly facets: readonly string[];
  readonly deleteAction: AuditAction;
}

export const SIGNUP_KIND: LeadKind<typeof Signup> = {
  kind: "signup",
  table: "signups",
  schema: Signup,
  fields: SIGNUP_LEAD,
  facets: ["teamSize", "productLines"],
  deleteAction: "signup.delete",
};

export const CONTACT_KIND: LeadKind<typeof ContactMessage> = {
  kind: "contact",
  table: "contacts",
  schema: ContactMessage,
  fields: CONTACT_LEAD,
  facets: [],
  deleteAction: "contact.delete",
};

/** The facet values of a record, e.g. { teamSize: "solo", productLines: "single" }. */
export type FacetValues = Record<string, string>;

export function facetsOf(lead: LeadKind, record: Record<string, unknown>): FacetValues {
  const values: FacetValues = {};
  for (const facet of lead.facets) values[facet] = String(record[facet] ?? "");
  return values;
}

/** The counter attribute of one facet combination, e.g. "f_solo_single" ("n" without facets). */
export function facetAttribute(lead: LeadKind, values: FacetValues): string {
  if (lead.facets.length === 0) return "n";
  return `f_${lead.facets.map((facet) => (values[facet] ?? "").replace(/[^a-z0-9]/gi, "")).join("_")}`;
}
