/** What the notify worker plans to send for an event, before it claims and sends each e-mail. */
import type { EmailMessage } from "../lib/mailer";

export interface NotificationConfig {
  /** The audit table: each e-mail about a lead is recorded on its timeline (docs/decisions/0069-system-emails-on-the-timeline.md). */
  readonly auditTable?: string;
  /** The stage's retention period: an e-mail's timeline entry expires with its lead (functions/model/retention.ts). */
  readonly retentionDays?: number;
  /** Public origin of the site (links in e-mails). */
  readonly siteUrl: string;
  readonly staffInbox: string;
  readonly senderAddress: string;
}

/** Stable names of the e-mails of one event: the idempotency claims are keyed by them. */
export type EmailKey =
  | "staff-alert"
  | "acknowledgement"
  | "account-locked"
  | "desk-reminder"
  | "desk-digest"
  | "endpoint-paused";

/**
 * Who an e-mail is for. Each audience has its queue and worker, so the team's mail never waits
 * behind the prospects' (docs/decisions/0098-mail-lanes.md).
 */
export type Audience = "staff" | "prospect";
export const EVERY_AUDIENCE: readonly Audience[] = ["staff", "prospect"];

export function audienceOf(key: EmailKey): Audience {
  return key === "acknowledgement" ? "prospect" : "staff";
}

export interface PlannedEmail {
  readonly key: EmailKey;
  readonly message: EmailMessage;
}
