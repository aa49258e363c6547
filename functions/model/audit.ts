/**
 * The audit log of the Command Center (AUDIT_TABLE): who did what to which record, and when.
 * pk groups entries by month ("audit#2025-03"), sk orders them by time and keeps them unique.
 */
import { randomUUID } from "node:crypto";
import type { TeamAuditAction } from "../../events/team";
import type { TransactItem } from "../lib/transact";

export type AuditAction =
  | "signup.delete"
  | "contact.delete"
  | "login.success"
  | "logout"
  | "account.password"
  | "account.password-reset"
  | "account.email"
  /** A new address was asked for, or that change cancelled (docs/decisions/0122). */
  | "account.email.request"
  | "account.email.cancel"
  | "account.totp.enrol"
  | "account.totp.remove"
  | "account.passkey.add"
  | "account.passkey.remove"
  | "account.session.end"
  /** A "This wasn't me" link was used (docs/decisions/0082); details.change: what it undid. */
  | "account.not-me"
  /** The Privacy page (docs/decisions/0095); details.reference: the address's keyed hash only. */
  | "privacy.find"
  | "privacy.export"
  | "privacy.erase"
  | TeamAuditAction;

export interface AuditEntry {
  readonly action: AuditAction;
  /** Username of the staff member. */
  readonly actor: string;
  /** Id of the record acted on, if any. */
  readonly target?: string;
  readonly ip?: string;
  readonly at: Date;
  /** A few fields that identify the record after it is gone (never free text). */
  readonly details?: Record<string, string>;
}

export function auditItem(entry: AuditEntry): Record<string, unknown> {
  const at = entry.at.toISOString();
  return {
    pk: `audit#${at.slice(0, 7)}`,
    sk: `${at}#${randomUUID()}`,
    action: entry.action,
    actor: entry.actor,
    at,
    ...(entry.target ? { target: entry.target } : {}),
    ...(entry.ip ? { ip: entry.ip } : {}),
    ...(entry.details ? { details: entry.details } : {}),
  };
}

/** The audit entry as one action of a transaction, so it is written with the change it records. */
export function auditPut(auditTable: string, entry: AuditEntry): TransactItem {
  return { Put: { TableName: auditTable, Item: auditItem(entry) } };
}
