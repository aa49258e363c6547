/**
 * Starting a session once someone has proved who they are (password and second factor, an accepted
 * invitation, a passkey, a password change): a new token, the session in the member's list, the
 * audit entry. One place, so every way in behaves the same.
 */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { auditItem } from "../model/audit";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type IssuedToken, issueSessionToken } from "../model/staff/session-token";
import { deviceOf, pruneSessions, recordSession } from "../model/staff/sessions";

export interface SessionStart {
  readonly username: string;
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
  /** How the person proved who they are, for the audit log. */
  readonly method: "password" | "invitation" | "passkey" | "password-change" | "password-reset";
}

export async function startSession(
  deps: Pick<LoginDependencies, "db" | "tables" | "key" | "clock" | "log">,
  start: SessionStart,
): Promise<IssuedToken> {
  const now = deps.clock();
  const issued = await issueSessionToken(deps.key, { username: start.username, now });
  await pruneSessions(deps, start.username, now);
  await recordSession(deps, issued.session, { device: await deviceOf(start.userAgent), ip: start.ip, now });
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({
        action: "login.success",
        actor: start.username,
        ip: start.ip,
        at: now,
        details: { method: start.method },
      }),
    }),
  );
  deps.log.info("auth success", {
    event: "login",
    username: start.username,
    ip: start.ip,
    method: start.method,
  });
  return issued;
}
