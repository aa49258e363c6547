import { type DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { ContactRequest } from "../../events/contact";
import type { LeadKindName } from "../../events/desk";
import type { DomainEvent } from "../../events/envelopes";
import { formValues } from "../../events/lead-fields";
import type { LeadRequest, NewLead } from "../../events/lead-records";
import type { StoredSpamCheck } from "../../events/quarantine";
import type { SignupRequest } from "../../events/signup";
import type { SpamVerdict } from "../../events/spam";
import type { Clock, IdGenerator } from "../lib/clock";
import {
  isConditionRefused,
  isFirstConditionRefused,
  isTransactionConflict,
  retryTransaction,
  type Sleep,
} from "../lib/transact";
import { stageCalendar } from "../model/calendar";
import { leadSourceOf } from "../model/lead-channel";
import { indexedWrite } from "../model/lead-index";
import { CONTACT_KIND, type LeadKind, SIGNUP_KIND } from "../model/lead-kinds";
import { outboxItemFor } from "../model/outbox";
import { personLeadPut } from "../model/person-leads";
import { claimOpenLead, type OpenLeadRef, readProspect, stillOpenLead } from "../model/prospects";
import { HELD, isHeld, KEPT_UNTIL, quarantineExpiry, UNCOUNTED } from "../model/quarantine";
import { type BusinessCalendar, replyDueAt } from "../model/response-clock";
import { figuresChange } from "../model/response-figures";
import { leadExpiry } from "../model/retention";
import { timelinePut } from "../model/timeline";
import { type DoubleSubmit, doubleSubmitOf, doubleSubmitPut, firstAnswerOf } from "./double-submit";

/**
 * Accepting a form submission: the record and its event are written in ONE transaction (record
 * conditional on its id being new, plus the outbox item), so a record never exists without its
 * event and nothing accepted is lost even when the queues are down.
 *
 * The record's id is the server's (docs/decisions/0120-server-issued-lead-ids.md): the browser's
 * `submissionId` only makes a double submit of the same content within DOUBLE_SUBMIT_SECONDS one
 * record (./double-submit.ts): the second transaction is cancelled on the double-submit item's
 * condition and the caller gets the first answer's id back, with nothing new published. Another
 * person's submission with the same submissionId is another record under another id.
 *
 * Every record also leaves a person pointer (functions/model/person-leads.ts) that outlives it, so
 * a privacy request finds what was derived from a lead deleted before it (decision 0119).
 *
 * A submission from the address of an open lead is linked to it instead of opening a second one
 * (docs/decisions/0075-returning-prospects.md): status "linked", no reply-due time, and a
 * "linked" entry on the lead's timeline, in the same transaction. The lead keeps its own source
 * (where it first came from); the entry records the later submission's
 * (docs/decisions/0141-lead-source-capture.md).
 */
export interface SubmissionDeps {
  readonly db: DynamoDBDocumentClient;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  /**
   * audit: the lead timelines, the open-lead lookup per address (functions/model/prospects.ts) and
   * the person pointers (functions/model/person-leads.ts); ephemeral: the double-submit items
   * (./double-submit.ts), absent: a submissionId de-duplicates nothing.
   */
  readonly tables: {
    readonly records: string;
    readonly outbox: string;
    readonly audit: string;
    readonly ephemeral?: string;
  };
  /**
   * Days after which the stage deletes signups and contact messages (DynamoDB TTL on
   * `expiresAt`); 0 or absent keeps them.
   */
  readonly retentionDays?: number;
  /** The response clock's calendar (reply-due times); default: the stage's (RESPONSE_HOLIDAYS). */
  readonly calendar?: BusinessCalendar;
  /** Waits between retries of a conflicting transaction; tests pass a no-op. */
  readonly sleep?: Sleep;
}

export interface SubmissionMeta {
  /** The visitor's address, stored on the record. */
  readonly ipAddress?: string;
  /**
   * The spam judge's verdict (functions/pipeline/spam/judge.ts), stored with the lead; a spam one
   * holds it in quarantine (docs/decisions/0150-quarantine-as-spam-status.md). Absent: not judged.
   */
  readonly verdict?: SpamVerdict;
}

export interface AcceptedSubmission {
  readonly id: string;
  /** True when this was a double submit of a stored submission: nothing was written this time. */
  readonly duplicate: boolean;
  /** The open lead this submission was linked to (same address), if any. */
  readonly linkedTo?: OpenLeadRef;
}

/** The submission as part of an open lead: no clock of its own (its lead's clock runs). */
function linkedRecord(record: NewLead, lead: OpenLeadRef): NewLead {
  const { dueAt: _noClock, ...rest } = record;
  return { ...rest, status: "linked", linkedTo: lead.id, linkedKind: lead.kind };
}

async function storeWithEvent(
  deps: SubmissionDeps,
  lead: LeadKind,
  draft: NewLead,
  eventOf: (record: NewLead) => DomainEvent,
  double: DoubleSubmit | undefined,
): Promise<{ id: string; duplicate: boolean; linkedTo?: OpenLeadRef }> {
  // The address's open lead changed since it was read (another submission opened one, or it
  // closed), or DynamoDB reported a conflict: read it again.
  const retryable = (error: unknown) => isConditionRefused(error) || isTransactionConflict(error);
  // A held submission is nobody's lead yet: it neither links to the address's open lead nor claims
  // the lookup (a bot using a prospect's address must not touch their lead), and publishes nothing.
  const held = isHeld(draft);
  return retryTransaction({ attempts: TRANSACTION_ATTEMPTS, retryable, sleep: deps.sleep }, async () => {
    const prospect = held
      ? ({ state: "none" } as const)
      : await readProspect(deps.db, deps.tables.audit, draft.email, deps.clock());
    const linkTo = prospect.state === "open" ? prospect.lead : undefined;
    const record = linkTo ? linkedRecord(draft, linkTo) : draft;
    // A held one's item is out of the counters' totals from the start: a marker of the item, not a
    // field of the record (functions/model/lead-index.ts).
    const retained = held
      ? { ...heldExpiry(record, deps.retentionDays), [UNCOUNTED]: true }
      : withExpiry(record, deps.retentionDays);
    // Search attributes and counters of the Command Center (functions/model/lead-index.ts); the
    // counters take the record's expiry so that they expire with it.
    const indexed = indexedWrite(deps.tables.records, lead, retained);
    // Counted in its day's response figures from the start (functions/model/response-figures.ts).
    const figures = figuresChange(
      deps.tables.records,
      lead,
      retained,
      { ...retained, ...indexed.attributes },
      deps.calendar ?? stageCalendar(),
    );
    const self: OpenLeadRef = { kind: lead.kind, id: draft.id };
    const prospectActions = held
      ? []
      : linkTo
        ? [
            stillOpenLead(deps.tables.audit, draft.email, linkTo),
            // Expires with the submission it records, which the entry describes.
            timelinePut(
              deps.tables.audit,
              { ...linkTo, expiresAt: retained.expiresAt },
              {
                type: "linked",
                at: new Date(draft.createdAt),
                actor: "system",
                otherKind: lead.kind,
                otherId: draft.id,
                ...(draft.source ? { source: draft.source } : {}),
              },
            ),
          ]
        : [
            claimOpenLead(
              deps.tables.audit,
              draft.email,
              { ...self, createdAt: draft.createdAt, expiresAt: retained.expiresAt },
              prospect.state === "stale" ? prospect.lead : undefined,
            ),
          ];
    const write = new TransactWriteCommand({
      TransactItems: [
        // First: its condition failing is how a double submit is told apart (isFirstConditionRefused).
        ...(double && deps.tables.ephemeral
          ? [doubleSubmitPut(deps.tables.ephemeral, double, draft.id, deps.clock())]
          : []),
        {
          Put: {
            TableName: deps.tables.records,
            // The record's item: the record and its kind (the byCreatedAt index's key).
            Item: { ...retained, kind: lead.kind, ...indexed.attributes, ...figures.set },
            ConditionExpression: "attribute_not_exists(id)",
          },
        },
        ...(held
          ? []
          : [
              {
                Put: {
                  TableName: deps.tables.outbox,
                  Item: outboxItemFor(eventOf(record)),
                  ConditionExpression: "attribute_not_exists(id)",
                },
              },
            ]),
        ...indexed.actions,
        ...figures.actions,
        ...prospectActions,
        personLeadPut(deps.tables.audit, draft.email, { kind: lead.kind, id: draft.id }, retained),
      ],
    });
    try {
      await deps.db.send(write);
      return { id: draft.id, duplicate: false, ...(linkTo ? { linkedTo: linkTo } : {}) };
    } catch (error) {
      // A double submit, or a retry after an ambiguous failure that had in fact succeeded: the
      // first answer's id (the record's own condition cannot fail: its id is new).
      if (double && deps.tables.ephemeral && isFirstConditionRefused(error)) {
        const first = await firstAnswerOf(deps.db, deps.tables.ephemeral, double);
        if (first) return { id: first, duplicate: true };
      }
      throw error;
    }
  });
}

/** The record with `expiresAt` (epoch seconds) when the stage has a retention period. */
export function withExpiry<R extends { createdAt: string }>(
  record: R,
  retentionDays: number | undefined,
): R & { expiresAt?: number } {
  const expiresAt = leadExpiry(record.createdAt, retentionDays);
  return expiresAt === undefined ? record : { ...record, expiresAt };
}

/**
 * A held record's expiries: its own after QUARANTINE_DAYS, and the stage's kept beside it for its
 * counters and for a release (functions/model/quarantine.ts).
 */
function heldExpiry<R extends { createdAt: string }>(
  record: R,
  retentionDays: number | undefined,
): R & { expiresAt: number } {
  const kept = leadExpiry(record.createdAt, retentionDays);
  return {
    ...record,
    expiresAt: quarantineExpiry(record.createdAt),
    ...(kept === undefined ? {} : { [KEPT_UNTIL]: kept }),
  };
}

/**
 * Transactions that touch the same item at the same moment (two submissions updating the same
 * Command Center counter) cancel each other with TransactionConflict, which the SDK does not retry.
 * Retrying a few times with jitter is safe: the record's condition makes the write idempotent.
 */
export const TRANSACTION_ATTEMPTS = 5;

/** The verdict as the lead stores it (events/quarantine.ts). */
function spamCheckOf(verdict: SpamVerdict, at: string): StoredSpamCheck {
  return {
    score: verdict.score,
    reasons: verdict.reasons.map((reason) => ({ ...reason })),
    judgedAt: at,
  };
}

/** Where a new lead's desk starts: New with its clock running, or held as spam (no clock). */
type DeskStart = Pick<NewLead, "status" | "dueAt" | "spamCheck" | "quarantine">;

function common(deps: SubmissionDeps, verdict: SpamVerdict | undefined) {
  const clock = deps.clock();
  const now = clock.toISOString();
  const check = verdict ? { spamCheck: spamCheckOf(verdict, now) } : {};
  // Every new lead starts New, with its response clock running (functions/model/response-clock.ts);
  // a spam one is held: Spam, no clock, out of the totals (docs/decisions/0150).
  const desk: DeskStart = verdict?.spam
    ? { status: "spam", quarantine: HELD, ...check }
    : {
        status: "new",
        dueAt: new Date(replyDueAt(deps.calendar ?? stageCalendar(), clock.getTime())).toISOString(),
        ...check,
      };
  // The server's id, never the browser's (docs/decisions/0120-server-issued-lead-ids.md).
  return { id: deps.newId(), createdAt: now, eventId: deps.newId(), desk };
}

interface SubmissionKind {
  /** The lead kind, and with it the fields (events/lead-fields.ts). */
  readonly lead: LeadKind;
  readonly event: "signup.created" | "contact.received";
}

const SUBMISSIONS: Readonly<Record<LeadKindName, SubmissionKind>> = {
  signup: { lead: SIGNUP_KIND, event: "signup.created" },
  contact: { lead: CONTACT_KIND, event: "contact.received" },
};

/**
 * The new record of a validated request (events/lead-records.ts `NewLead`). Not parsed again: the
 * request was parsed at the API (the trust boundary) by rules made from the same description as
 * the stored schema (events/lead-rules.ts), and functions/pipeline/submissions.test.ts holds every
 * record `accept` writes to the stored schema.
 */
export function newLead<K extends LeadKindName>(
  lead: LeadKind,
  input: LeadRequest<K>,
  start: { readonly id: string; readonly createdAt: string; readonly desk: DeskStart },
  meta: SubmissionMeta,
): NewLead<K> {
  return {
    id: start.id,
    ...formValues(lead.fields, input),
    createdAt: start.createdAt,
    ...(meta.ipAddress ? { ipAddress: meta.ipAddress } : {}),
    source: leadSourceOf(input.source),
    ...start.desk,
  } as NewLead<K>;
}

/**
 * Stores a validated signup or contact message and its event. The record is every form field of
 * the kind's description (events/lead-fields.ts) that holds a value, the id, arrival time and
 * address, where it came from with its channel (functions/model/lead-channel.ts), and the desk's
 * start.
 */
export async function accept<K extends LeadKindName>(
  deps: SubmissionDeps,
  kind: K,
  input: LeadRequest<K>,
  meta: SubmissionMeta = {},
): Promise<AcceptedSubmission> {
  const { lead, event } = SUBMISSIONS[kind];
  const { id, createdAt, eventId, desk } = common(deps, meta.verdict);
  const double = input.submissionId
    ? doubleSubmitOf(lead.kind, input.submissionId, formValues(lead.fields, input))
    : undefined;
  const draft: NewLead = newLead(lead, input, { id, createdAt, desk }, meta);
  // The event carries the record as written (linked or not), without its item's kind.
  const eventOf = (record: NewLead) =>
    ({ type: event, version: 1, id: eventId, occurredAt: createdAt, data: record }) as DomainEvent;
  return storeWithEvent(deps, lead, draft, eventOf, double);
}

export const acceptSignup = (deps: SubmissionDeps, input: SignupRequest, meta?: SubmissionMeta) =>
  accept(deps, "signup", input, meta);
export const acceptContact = (deps: SubmissionDeps, input: ContactRequest, meta?: SubmissionMeta) =>
  accept(deps, "contact", input, meta);

/** The honeypot field (events/fields.ts) holds something: a bot filled in a field people never see. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}
