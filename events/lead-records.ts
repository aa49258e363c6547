/**
 * A lead at each stage of its life, one type per stage, all derived from the kind's schemas
 * (signup.ts, contact.ts), which are derived from its description (./lead-fields.ts):
 *
 * 1. `LeadRequest` — the validated request (the API has parsed the body: the trust boundary);
 * 2. `NewLead` — the record the pipeline writes for it: the request's form fields that hold a
 *    value, the id, arrival time and address, and the desk's start (functions/pipeline/submissions.ts);
 * 3. `StoredLead` — the record as read back from its table and as the events and the API carry it
 *    (functions/leads, functions/integrations, the e-mails).
 *
 * Types only: no zod is loaded by importing this.
 */
import type { ContactMessage, ContactRequest } from "./contact";
import type { LeadKindName } from "./desk";
import type { Signup, SignupRequest } from "./signup";

/** 1. A validated request of a kind. */
export type LeadRequest<K extends LeadKindName = LeadKindName> = {
  signup: SignupRequest;
  contact: ContactRequest;
}[K];

/** 3. A stored lead of a kind, as read back (its stored schema's type). */
export type StoredLead<K extends LeadKindName = LeadKindName> = {
  signup: Signup;
  contact: ContactMessage;
}[K];

/** What only enrichment, the notify worker, the desk and a release add later: never on a new record. */
type Later =
  | "notifiedAt"
  | "respondedAt"
  | "owner"
  | "lostReason"
  | "deskBackfilledAt"
  | "country"
  | "countryCode"
  | "releasedAt"
  | "releasedBy";

/**
 * 2. A new lead of a kind, as the pipeline writes it: a stored lead without what comes later, its
 * status New (or "linked" to the open lead of its address, without a clock of its own).
 */
export type NewLead<K extends LeadKindName = LeadKindName> = Omit<StoredLead<K>, Later>;

/** What every kind's record has, whatever its stage: the id, the person, the arrival. */
export type LeadCore = Pick<StoredLead, "id" | "firstName" | "lastName" | "email" | "createdAt">;

/** A stored lead read by a description's places: its fields by name, the core among them. */
export type DescribedRecord = Readonly<Record<string, unknown>> &
  Readonly<Pick<LeadCore, "firstName" | "lastName">>;
