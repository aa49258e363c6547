/** What a question's answer comes to: one line of the report. */
export type Outcome = "ok" | "warning" | "FAIL";

export interface Check {
  /** What was asked, e.g. "secret repdesk-dev/origin-verify version …". */
  readonly subject: string;
  readonly outcome: Outcome;
  /** For ok: what AWS answered; for warning and FAIL: one sentence naming the fix. */
  readonly detail: string;
}

export const ok = (subject: string, detail: string): Check => ({ subject, outcome: "ok", detail });
export const warning = (subject: string, detail: string): Check => ({ subject, outcome: "warning", detail });
export const fail = (subject: string, detail: string): Check => ({ subject, outcome: "FAIL", detail });

/** The name of an SDK error (ResourceNotFoundException, ParameterNotFound, …), if it is one. */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

const ACCESS_DENIED = new Set([
  "AccessDeniedException",
  "AccessDenied",
  "UnauthorizedOperation",
  "ForbiddenException",
]);

/** A call that failed for another reason than the answer the question expects. */
export function unexpected(subject: string, action: string, error: unknown): Check {
  const name = errorName(error) ?? "Error";
  const message = error instanceof Error ? error.message : String(error);
  if (ACCESS_DENIED.has(name)) {
    return fail(
      subject,
      `The credentials may not call ${action} (${name}): give the role that runs the preflight the actions of infra/preflight/permissions.ts (docs/DEPLOY.md, "Preflight").`,
    );
  }
  return fail(subject, `${action} failed with ${name}: ${message} (docs/DEPLOY.md, "Preflight").`);
}

export function formatCheck(check: Check): string {
  return `${check.outcome.padEnd(7)} ${check.subject}: ${check.detail}`;
}

export function failed(checks: readonly Check[]): boolean {
  return checks.some((check) => check.outcome === "FAIL");
}
