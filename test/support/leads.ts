/**
 * Leads stored the way the public forms store them (functions/pipeline/submissions.ts: record,
 * counters, outbox event), arriving at a given instant, so that a test pins their reply-due times.
 */
import { BatchWriteCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { type ContactFormInput, ContactRequest, type SignupFormInput, SignupRequest } from "../../events";
import type { Signup } from "../../events/signup";
import {
  counterItemsFor,
  deskAttributes,
  indexedWrite,
  searchAttributes,
} from "../../functions/model/lead-index";
import { SIGNUP_KIND } from "../../functions/model/lead-kinds";
import { businessCalendar } from "../../functions/model/response-clock";
import { signupItems } from "../../functions/pipeline/signup-repository";
import {
  type AcceptedSubmission,
  acceptContact,
  acceptSignup,
  type SubmissionDeps,
} from "../../functions/pipeline/submissions";
import type { RuntimeProcess } from "./runtime";

/** `retentionDays`: stored with `expiresAt`, as a stage with a retention period stores them. */
export interface SeedOptions {
  readonly retentionDays?: number;
}

function arrivingAt(
  runtime: RuntimeProcess,
  table: "signups" | "contacts",
  at: string,
  options: SeedOptions = {},
): SubmissionDeps {
  return {
    db: runtime.db,
    clock: () => new Date(at),
    newId: () => crypto.randomUUID(),
    tables: { records: runtime.table(table), outbox: runtime.table("outbox"), audit: runtime.table("audit") },
    calendar: businessCalendar(),
    retentionDays: options.retentionDays,
  };
}

/** A signup arriving at `at` (ISO): its id, and the open lead it was linked to, if any. */
export function seedSignup(
  runtime: RuntimeProcess,
  at: string,
  input: SignupFormInput,
  options: SeedOptions = {},
): Promise<AcceptedSubmission> {
  return acceptSignup(arrivingAt(runtime, "signups", at, options), SignupRequest.parse(input));
}

/** A contact message arriving at `at` (ISO): its id, and the open lead it was linked to, if any. */
export function seedContact(
  runtime: RuntimeProcess,
  at: string,
  input: ContactFormInput,
  options: SeedOptions = {},
): Promise<AcceptedSubmission> {
  return acceptContact(arrivingAt(runtime, "contacts", at, options), ContactRequest.parse(input));
}

/**
 * Many signups at once, stored as the public form stores them (record, search and desk attributes,
 * their counters) but in batches of 25, four at a time: for tests that need thousands of leads.
 */
export async function storeSignupsInBulk(runtime: RuntimeProcess, signups: readonly Signup[]): Promise<void> {
  const table = runtime.table("signups");
  const items = signups.map((signup) => ({
    ...signupItems.toItem(signup),
    ...searchAttributes(signup),
    ...deskAttributes(SIGNUP_KIND, signup),
  }));
  const all = [...items, ...counterItemsFor(SIGNUP_KIND, items)];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < all.length) {
        let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = all
          .slice(next, next + 25)
          .map((Item) => ({ PutRequest: { Item } }));
        next += 25;
        while (requests && requests.length > 0) {
          const answer = await runtime.db.send(
            new BatchWriteCommand({ RequestItems: { [table]: requests } }),
          );
          requests = answer.UnprocessedItems?.[table] as typeof requests;
        }
      }
    }),
  );
}

/**
 * A signup record written as a release before the maintained figures wrote it: with its index
 * attributes and counters (functions/model/lead-index.ts `indexedWrite`) and no figures' claims, so
 * that only a recount or the next change counts it.
 */
export async function storeSignupWithoutFigures(
  runtime: Pick<RuntimeProcess, "db" | "table">,
  record: Parameters<typeof indexedWrite>[2],
): Promise<void> {
  const table = runtime.table("signups");
  const indexed = indexedWrite(table, SIGNUP_KIND, record);
  await runtime.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table, Item: { ...record, ...indexed.attributes } } },
        ...indexed.actions,
      ],
    }),
  );
}
