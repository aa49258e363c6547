/**
 * Leads stored the way the public forms store them (functions/pipeline/submissions.ts: record,
 * counters, outbox event), arriving at a given instant, so that a test pins their reply-due times.
 */
import { type ContactFormInput, ContactRequest, type SignupFormInput, SignupRequest } from "../../events";
import { businessCalendar } from "../../functions/model/response-clock";
import {
  type AcceptedSubmission,
  acceptContact,
  acceptSignup,
  type SubmissionDeps,
} from "../../functions/pipeline/submissions";
import type { RuntimeProcess } from "./runtime";

function arrivingAt(runtime: RuntimeProcess, table: "signups" | "contacts", at: string): SubmissionDeps {
  return {
    db: runtime.db,
    clock: () => new Date(at),
    newId: () => crypto.randomUUID(),
    tables: { records: runtime.table(table), outbox: runtime.table("outbox"), audit: runtime.table("audit") },
    calendar: businessCalendar(),
  };
}

/** A signup arriving at `at` (ISO): its id, and the open lead it was linked to, if any. */
export function seedSignup(
  runtime: RuntimeProcess,
  at: string,
  input: SignupFormInput,
): Promise<AcceptedSubmission> {
  return acceptSignup(arrivingAt(runtime, "signups", at), SignupRequest.parse(input));
}

/** A contact message arriving at `at` (ISO): its id, and the open lead it was linked to, if any. */
export function seedContact(
  runtime: RuntimeProcess,
  at: string,
  input: ContactFormInput,
): Promise<AcceptedSubmission> {
  return acceptContact(arrivingAt(runtime, "contacts", at), ContactRequest.parse(input));
}
