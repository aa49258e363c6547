/** What the identity check (functions/staff/identity-check.ts) reports, and how it is printed. */

export interface IdentityIssue {
  readonly record: "account" | "invitation" | "claim";
  /** The stored key: a username, an invitation id or a claim. */
  readonly key: string;
  readonly field: "username" | "email";
  /** The value as stored. */
  readonly stored: string;
  readonly problem: string;
  /** What the check did, or what an operator should do. */
  readonly action: string;
  /** True when the check changed the record. */
  readonly fixed: boolean;
}

export interface IdentityCheckResult {
  readonly accounts: number;
  readonly invitations: number;
  /** Addresses that got their claim now (records from before claims). */
  readonly claimed: number;
  readonly issues: readonly IdentityIssue[];
}

export interface IdentityCheckOptions {
  /** false: list only, change nothing. */
  readonly migrate: boolean;
}

/** One line per issue, for the admin command and the local runtime's log. */
export function describeIdentityIssue(issue: IdentityIssue): string {
  return `${issue.record} ${JSON.stringify(issue.key)} ${issue.field} ${JSON.stringify(issue.stored)}: ${issue.problem} — ${issue.action}`;
}
