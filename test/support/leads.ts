/**
 * Leads stored the way the public forms store them (functions/domain/submissions.ts: record,
 * counters, outbox event), arriving at a given instant, so that a test pins their reply-due times.
 */
import { type ContactFormInput, ContactRequest, type SignupFormInput, SignupRequest } from "../../events";
import { businessCalendar } from "../../functions/desk/response-clock";
import { acceptContact, acceptSignup, type SubmissionDeps } from "../../functions/domain/submissions";
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

/** A signup arriving at `at` (ISO); its id. */
export async function seedSignup(
  runtime: RuntimeProcess,
  at: string,
  input: SignupFormInput,
): Promise<string> {
  return (await acceptSignup(arrivingAt(runtime, "signups", at), SignupRequest.parse(input))).id;
}

/** A contact message arriving at `at` (ISO); its id. */
export async function seedContact(
  runtime: RuntimeProcess,
  at: string,
  input: ContactFormInput,
): Promise<string> {
  return (await acceptContact(arrivingAt(runtime, "contacts", at), ContactRequest.parse(input))).id;
}
