/**
 * The Privacy page (Admin only): everything held about one e-mail address, found, exported as one
 * JSON file, or erased (docs/decisions/0095-privacy-requests.md). Used by
 * functions/privacy/routes/privacy.ts, the Command Center and the tests. Texts from
 * docs/product/command-center.md.
 */
import * as z from "zod";
import "./jitless";
import { emailField } from "./fields";

/** The erase form's field errors (docs/product/command-center.md), never zod's own wording. */
export const PRIVACY_FIELD_TEXTS = {
  confirmRequired: "Type the address again to confirm",
  confirmTooLong: "The confirmation must be 320 characters or fewer",
  passwordRequired: "Enter your password",
  passwordTooLong: "The password must be 1024 characters or fewer",
} as const;

/** Body of POST /api/privacy/find and POST /api/privacy/export: the address asked about. */
export const PrivacyLookupRequest = z.object({ email: emailField });
export type PrivacyLookupRequest = z.infer<typeof PrivacyLookupRequest>;

/**
 * Body of POST /api/privacy/erase: the address, typed again as the confirmation (the same person
 * by the identity rule), and the admin's current password (a fresh re-authentication,
 * docs/decisions/0082-reauthentication-and-change-notices.md).
 */
export const PrivacyEraseRequest = z.object({
  email: emailField,
  confirmEmail: z
    .string({ error: PRIVACY_FIELD_TEXTS.confirmRequired })
    .min(1, { error: PRIVACY_FIELD_TEXTS.confirmRequired })
    .max(320, { error: PRIVACY_FIELD_TEXTS.confirmTooLong }),
  password: z
    .string({ error: PRIVACY_FIELD_TEXTS.passwordRequired })
    .min(1, { error: PRIVACY_FIELD_TEXTS.passwordRequired })
    .max(1024, { error: PRIVACY_FIELD_TEXTS.passwordTooLong }),
});
export type PrivacyEraseRequest = z.infer<typeof PrivacyEraseRequest>;

/** What the summary counts, in the order the page lists them. */
export const PRIVACY_CATEGORIES = [
  "signupRecords",
  "contactMessages",
  "deletedLeads",
  "timelineEntries",
  "emailsSent",
  "prospectLookups",
  "acknowledgementQuotas",
  "pendingEvents",
  "webhookDeliveries",
  "staffInvitations",
  "staffAccounts",
  "staffSessions",
  "staffPasskeys",
  "auditEntries",
] as const;
export type PrivacyCategory = (typeof PRIVACY_CATEGORIES)[number];

export const PRIVACY_CATEGORY_LABELS: Readonly<Record<PrivacyCategory, string>> = {
  signupRecords: "Signups",
  contactMessages: "Contact messages",
  deletedLeads: "Deleted leads (their timelines and deliveries)",
  timelineEntries: "Timeline entries and notes",
  emailsSent: "E-mails sent (replies and system e-mails)",
  prospectLookups: "Returning-prospect lookups",
  acknowledgementQuotas: "Acknowledgement quotas",
  pendingEvents: "Pending events",
  webhookDeliveries: "Webhook and Slack deliveries",
  staffInvitations: "Invitations to the team",
  staffAccounts: "Staff account",
  staffSessions: "Staff sessions",
  staffPasskeys: "Passkeys and second factors",
  auditEntries: "Audit entries",
};

/** Answer of POST /api/privacy/find. */
export const PrivacySummary = z.object({
  /** Per category, how many items are held (0 included). */
  counts: z.record(z.enum(PRIVACY_CATEGORIES), z.number().int().nonnegative()),
  /** Categories whose reading stopped at its bound: more may exist (the page says so). */
  partial: z.array(z.enum(PRIVACY_CATEGORIES)),
  /** An earlier erasure of this address, if any (its time). */
  erasedAt: z.string().optional(),
  /** The stage's retention period in days; 0: kept until deleted or erased. */
  retentionDays: z.number().int().nonnegative(),
});
export type PrivacySummary = z.infer<typeof PrivacySummary>;

/** Answer of GET /api/privacy/settings: what the page shows before any search. */
export const PrivacySettings = z.object({ retentionDays: z.number().int().nonnegative() });
export type PrivacySettings = z.infer<typeof PrivacySettings>;

const Item = z.record(z.string(), z.unknown());

/**
 * The export (POST /api/privacy/export): one JSON file. Every item as stored, without the
 * attributes that are keys, indexes or counters only, and never a secret (no password hash, TOTP
 * secret or passkey public key).
 */
export const PrivacyExport = z.object({
  format: z.literal("repdesk-privacy-export"),
  version: z.literal(1),
  exportedAt: z.string(),
  /** The address as the admin typed it. */
  email: z.string(),
  signups: z.array(Item),
  contacts: z.array(Item),
  /**
   * The address's leads that no longer exist (deleted, or past the retention period) whose
   * timelines or deliveries are still held: kind, id and when it arrived.
   */
  deletedLeads: z.array(Item),
  /** Each lead's timeline, a deleted lead's too: status changes, notes, replies, e-mails sent, links. */
  timelines: z.array(
    z.object({
      kind: z.enum(["signup", "contact"]),
      leadId: z.string(),
      /** The lead no longer exists; its timeline does. */
      deleted: z.boolean().optional(),
      entries: z.array(Item),
    }),
  ),
  /** Which lead the address's next submission is linked to (the lookup holds only a hash). */
  prospectLookups: z.array(Item),
  acknowledgementQuotas: z.array(Item),
  /** Events not yet delivered that carry the address. */
  pendingEvents: z.array(Item),
  /** Webhook and Slack deliveries about the address's leads: what was sent, and the answer. */
  webhookDeliveries: z.array(Item),
  /** Invitations to the staff team sent to the address (without their secret's hash). */
  invitations: z.array(Item),
  staff: z
    .object({
      account: Item,
      sessions: z.array(Item),
      passkeys: z.array(Item),
      secondFactor: z.boolean(),
    })
    .optional(),
  auditEntries: z.array(Item),
  partial: z.array(z.enum(PRIVACY_CATEGORIES)),
});
export type PrivacyExport = z.infer<typeof PrivacyExport>;

/** Answer of POST /api/privacy/erase. */
export const PrivacyErasure = z.object({
  /** How many items of each category were removed. */
  erased: z.record(z.enum(PRIVACY_CATEGORIES), z.number().int().nonnegative()),
  /** The keyed hash that the audit entry and the erasure marker keep. */
  reference: z.string(),
  erasedAt: z.string(),
});
export type PrivacyErasure = z.infer<typeof PrivacyErasure>;

export const PRIVACY_TEXTS = {
  title: "Privacy",
  intro:
    "Find everything RepDesk holds about one e-mail address, download it as one file, or erase it. Every search is recorded in the audit log.",
  searchLabel: "E-mail address",
  search: "Find",
  summaryTitle: "What we hold",
  nothingFound: "Nothing is held about this address.",
  partial: "More may exist: this category was read up to its limit.",
  previouslyErased: "This address was erased on",
  export: "Export (JSON)",
  erase: "Erase…",
  eraseTitle: "Erase everything about this address",
  eraseWarning:
    "This deletes the records, their timelines, notes, e-mails sent and lookups for good. Only an audit entry with a keyed reference remains.",
  confirmLabel: "Type the address again to confirm",
  passwordLabel: "Your password",
  eraseConfirm: "Erase for good",
  cancel: "Cancel",
  erased: "Erased. Reference:",
  retentionTitle: "Retention",
  retentionKept: "Signups and contact messages are kept until they are deleted or erased.",
  retentionDays: (days: number) =>
    `Signups and contact messages, with their timelines and lookups, are deleted ${days} days after they arrive.`,
  confirmMismatch: "Type the same address to confirm",
  staffActive:
    "This address belongs to an active staff member. Deactivate the account on the Team page first.",
} as const;
