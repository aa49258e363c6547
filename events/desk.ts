/**
 * The lead desk of the Command Center: each signup and contact message has a status, an owner
 * (a staff username, or nobody), a reply-due time from the response clock and a timeline.
 * docs/decisions/0066-lead-desk-model.md.
 */
import * as z from "zod";
import "./jitless";
import { isoDateTime, withThousands } from "./fields";
import { StoredLeadSource } from "./lead-source-rules";
import { StaffUserView } from "./staff";
import { hasControlCharacter } from "./text";

/**
 * "linked" is no status staff choose: it marks a submission from the address of an open lead, kept
 * in full on that lead's timeline without a clock of its own (docs/decisions/0075).
 */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "trial",
  "won",
  "lost",
  "spam",
  "linked",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The statuses staff can give a lead. */
export const SETTABLE_STATUSES = ["new", "contacted", "qualified", "trial", "won", "lost", "spam"] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/**
 * Open leads: not closed (Won, Lost and Spam are; so is a linked submission, which is part of its
 * lead). A new submission from the address of an open lead is linked to it (docs/decisions/0075).
 */
export const OPEN_STATUSES: readonly LeadStatus[] = ["new", "contacted", "qualified", "trial"];

export function isOpenStatus(status: LeadStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  trial: "Trial started",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
  linked: "Linked",
};

export const LEAD_KINDS = ["signup", "contact"] as const;
export type LeadKindName = (typeof LEAD_KINDS)[number];

/**
 * Each kind's plural, the one table between the two spellings: the Command Center's page
 * (/commandcenter/signups), the API's paths (/api/admin/signups/...), a list answer's property and
 * the CSV's file name. A request body names the kind ("signup"); kindOfPlural reads a plural back.
 */
export const LEAD_PLURALS = { signup: "signups", contact: "contacts" } as const satisfies Record<
  LeadKindName,
  string
>;
export type LeadPlural = (typeof LEAD_PLURALS)[LeadKindName];

export function kindOfPlural(plural: LeadPlural): LeadKindName {
  const kind = LEAD_KINDS.find((name) => LEAD_PLURALS[name] === plural);
  if (!kind) throw new Error(`not a lead kind's plural: ${plural}`);
  return kind;
}

/**
 * Statuses that say staff have answered the prospect: moving a lead to one stops its response
 * clock (as does the first reply sent from the Command Center, which also moves New to Contacted).
 */
export const ANSWERED_STATUSES: readonly LeadStatus[] = ["contacted", "qualified", "trial", "won"];

/**
 * An open lead: its response clock runs. New, not answered (no first reply) and not linked to
 * another open lead of the same address. Reminders and the morning digest are about these.
 */
export function isClockRunning(lead: { status?: string; respondedAt?: string; linkedTo?: string }): boolean {
  return (lead.status ?? "new") === "new" && !lead.respondedAt && !lead.linkedTo;
}

const HOUR_MS = 3_600_000;

/** A span as the desk shows it: whole hours, or minutes under an hour ("3 h", "25 min"). */
export function spanText(ms: number): string {
  const span = Math.abs(ms);
  return span < HOUR_MS ? `${Math.max(1, Math.floor(span / 60_000))} min` : `${Math.floor(span / HOUR_MS)} h`;
}

export const LIMITS_DESK = {
  lostReason: 200,
  note: 5_000,
  replySubject: 200,
  replyBody: 10_000,
  bulkIds: 100,
  /** Minutes during which the author of a note may edit it. */
  noteEditMinutes: 15,
} as const;

/** Desk fields stored on a signup or contact message (absent on records older than the desk). */
export const deskFields = {
  status: z.enum(LEAD_STATUSES).optional(),
  owner: z.string().optional(),
  lostReason: z.string().optional(),
  /** When the first reply is due (the response clock), ISO 8601. */
  dueAt: isoDateTime.optional(),
  /** When the response clock stopped: the first reply, or the first answered status. */
  respondedAt: isoDateTime.optional(),
  /** Id of the open lead with the same e-mail address this one was linked to (returning prospect). */
  linkedTo: z.string().optional(),
  /** When the desk backfill gave a record stored before the desk its status and due time. */
  deskBackfilledAt: isoDateTime.optional(),
  /** ... and its kind: a contact message can be linked to a signup and the other way round. */
  linkedKind: z.enum(LEAD_KINDS).optional(),
};

/** The attribute of deskFields.deskBackfilledAt (functions/leads/backfill.ts writes it). */
export const BACKFILLED_AT = "deskBackfilledAt";

const username = z.string().trim().min(1).max(64);
const leadId = z.string().min(1).max(200);

/**
 * A lead's desk state: what events/desk-decide.ts decides a change on, read from a stored record or
 * a listed lead (`deskStateOf`). No status: a record stored before the desk (New).
 */
export interface DeskState {
  readonly status?: LeadStatus;
  readonly owner?: string;
  readonly lostReason?: string;
  /** When the response clock stopped, ISO 8601. */
  readonly respondedAt?: string;
}

/** A reply e-mail sent from the desk: its timeline entry's fields (functions/leads/reply.ts). */
export interface DeskReply {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * One change of a lead's desk: the one shape the web's forms, the server's update and a reply use
 * (events/desk-decide.ts decides what it does). Absent fields leave the lead as it is.
 */
export interface DeskChange {
  readonly status?: SettableStatus | undefined;
  /** Lost's reason (with status "lost"). */
  readonly lostReason?: string | undefined;
  /** A staff username, null for nobody, undefined to leave as is. */
  readonly owner?: string | null | undefined;
  /** A reply was sent: its entry, the stopped response clock, and New becomes Contacted. */
  readonly reply?: DeskReply | undefined;
}

/** Body of POST /api/admin/desk/update: change status and/or owner of one or more leads. */
export const DeskUpdateRequest = z
  .object({
    kind: z.enum(LEAD_KINDS, { error: "kind must be signup or contact" }),
    ids: z
      .array(leadId, { error: "ids must be a list of lead ids" })
      .min(1, { error: "Choose at least one lead" })
      .max(LIMITS_DESK.bulkIds, { error: `At most ${LIMITS_DESK.bulkIds} leads at once` }),
    status: z.enum(SETTABLE_STATUSES, { error: "Unknown status" }).optional(),
    lostReason: z
      .string({ error: "lostReason must be text" })
      .trim()
      .max(LIMITS_DESK.lostReason, { error: `Reason must be ${LIMITS_DESK.lostReason} characters or fewer` })
      .optional(),
    /** A staff username, or null for nobody; absent leaves the owner as it is. */
    owner: username.nullable().optional(),
  })
  .superRefine((value, context) => {
    if (value.status === undefined && value.owner === undefined)
      context.addIssue({ code: "custom", path: ["status"], message: "Choose a status or an owner" });
    if (value.status === "lost" && !value.lostReason)
      context.addIssue({ code: "custom", path: ["lostReason"], message: "Please give a reason" });
  });
export type DeskUpdateRequest = z.infer<typeof DeskUpdateRequest>;

export const NoteRequest = z.object({
  text: z
    .string({ error: "Note is required" })
    .trim()
    .min(1, { error: "Note is required" })
    .max(LIMITS_DESK.note, { error: `Note must be ${withThousands(LIMITS_DESK.note)} characters or fewer` }),
  /** Edit this note (the author's own, within LIMITS_DESK.noteEditMinutes) instead of adding one. */
  noteId: z
    .string({ error: "noteId is not valid" })
    .min(1)
    .max(100, { error: "noteId is not valid" })
    .optional(),
});
export type NoteRequest = z.infer<typeof NoteRequest>;

export const TIMELINE_TYPES = [
  "submitted",
  "email",
  "status",
  "owner",
  "note",
  "note-edit",
  "reply",
  "linked",
  "deletion",
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** One entry of a lead's timeline. Written once; a note edit is a new entry pointing at the note. */
export const TimelineEntry = z.object({
  id: z.string(),
  type: z.enum(TIMELINE_TYPES),
  at: isoDateTime,
  /** Staff username, or "system". */
  actor: z.string(),
  status: z.enum(LEAD_STATUSES).optional(),
  lostReason: z.string().optional(),
  owner: z.string().nullable().optional(),
  text: z.string().optional(),
  /** note-edit: the note it replaces. */
  noteId: z.string().optional(),
  /** submitted: where the lead came from. */
  country: z.string().optional(),
  /** email/reply: to whom, and the subject. */
  to: z.string().optional(),
  subject: z.string().optional(),
  /** linked: the submission that came again from the lead's address (on the lead's timeline). */
  otherId: z.string().optional(),
  otherKind: z.enum(LEAD_KINDS).optional(),
  /** linked: where that submission came from (the lead keeps its own source). */
  source: StoredLeadSource.optional(),
  /** email: which e-mail the system sent ("acknowledgement", "staff-alert", ...). */
  email: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const DeskUpdateResponse = z.object({
  updated: z.array(z.string()),
  notFound: z.array(z.string()),
  /** Linked submissions are worked on their lead: nothing changed on these. */
  linked: z.array(z.string()),
  /**
   * Held by the spam quarantine: their status moves only by "Not spam" (POST /api/admin/desk/not-spam,
   * docs/decisions/0151-release-exactly-once.md); nothing changed on these.
   */
  held: z.array(z.string()),
  /**
   * The timeline entries the change wrote, by lead id, oldest first: the page adds them to the
   * timelines it shows instead of reading them again. A lead already as asked has none.
   */
  entries: z.record(z.string(), z.array(TimelineEntry)),
});
export type DeskUpdateResponse = z.infer<typeof DeskUpdateResponse>;

export const LeadTimelineResponse = z.object({
  timeline: z.array(TimelineEntry),
});
export type LeadTimelineResponse = z.infer<typeof LeadTimelineResponse>;

/** Answer of GET /api/admin/desk/owners: who a lead can be given to. */
export const DeskOwnersResponse = z.object({ owners: z.array(StaffUserView) });
export type DeskOwnersResponse = z.infer<typeof DeskOwnersResponse>;

export const NoteResponse = z.object({ entry: TimelineEntry });
export type NoteResponse = z.infer<typeof NoteResponse>;

/** Answer of GET /api/admin/desk/stats: the response promise on the dashboard. */
export const DeskStatsResponse = z.object({
  /** Leads whose response clock runs (New). */
  open: z.number().int(),
  /** Open leads past their reply-due time. */
  overdue: z.number().int(),
  /** Over the leads that arrived in the last `windowDays`: median clock time to the first reply. */
  medianFirstReplyMs: z.number().nullable(),
  /** ... and the share answered within the promise (0-1), of those answered or past due. */
  withinPromiseShare: z.number().nullable(),
  windowDays: z.number().int(),
});
export type DeskStatsResponse = z.infer<typeof DeskStatsResponse>;

/** The reply templates staff start from (functions/leads/reply-templates.ts renders them per lead). */
export const REPLY_TEMPLATE_IDS = ["first-reply", "book-demo", "follow-up"] as const;
export type ReplyTemplateId = (typeof REPLY_TEMPLATE_IDS)[number];

/**
 * One header line: no control character or line separator at all (./text.ts isControlCharacter: C0,
 * DEL, C1, U+2028/9) — CR, LF and NEL above all: no header injection.
 */
export const isOneLine = (value: string) => !hasControlCharacter(value);
/** Plain text: control characters only as line breaks (CR, LF) and tabs. */
const isPlainText = (value: string) => !hasControlCharacter(value, "\r\n\t");

/** Body of POST /api/admin/desk/reply: one e-mail from staff to the lead (docs/decisions/0068-replies.md). */
export const ReplyRequest = z.object({
  kind: z.enum(LEAD_KINDS, { error: "kind must be signup or contact" }),
  id: leadId,
  /** Generated by the page once per message: a retry or double click with it sends once. */
  idempotencyKey: z
    .string({ error: "idempotencyKey is required" })
    .regex(/^[A-Za-z0-9-]{16,64}$/, { error: "idempotencyKey must be 16-64 letters, digits or dashes" }),
  template: z.enum(REPLY_TEMPLATE_IDS, { error: "Unknown template" }).optional(),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, { error: "Subject is required" })
    .max(LIMITS_DESK.replySubject, {
      error: `Subject must be ${LIMITS_DESK.replySubject} characters or fewer`,
    })
    .refine(isOneLine, { error: "Subject must be one line" }),
  body: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(LIMITS_DESK.replyBody, {
      error: `Message must be ${withThousands(LIMITS_DESK.replyBody)} characters or fewer`,
    })
    .refine(isPlainText, { error: "Message must be plain text" }),
});
export type ReplyRequest = z.infer<typeof ReplyRequest>;

export const ReplyResponse = z.object({
  /** The timeline entry of the reply. */
  entry: TimelineEntry,
  /** True when this key had already sent the reply (nothing was sent again). */
  alreadySent: z.boolean(),
});
export type ReplyResponse = z.infer<typeof ReplyResponse>;

export const ReplyTemplate = z.object({
  id: z.enum(REPLY_TEMPLATE_IDS),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type ReplyTemplate = z.infer<typeof ReplyTemplate>;

/** Answer of GET /api/admin/desk/reply-templates?kind=&id=: the templates rendered for that lead. */
export const ReplyTemplatesResponse = z.object({
  templates: z.array(ReplyTemplate),
  /** Where the reply goes, and the staff member's address it is answered to (null: none on the account). */
  to: z.string().nullable(),
  replyTo: z.string().nullable(),
});
export type ReplyTemplatesResponse = z.infer<typeof ReplyTemplatesResponse>;
