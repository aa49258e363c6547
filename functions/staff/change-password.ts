/**
 * A member changes their own password: the current one is required, the new one passes the policy,
 * the change is announced to the account's address with a "This wasn't me" link before it is
 * written (docs/decisions/0082; no change when the notice cannot be sent), every other session ends
 * (revoked, and refused anyway by the password date), the reset links sent so far die, it is
 * audited, and the caller gets a fresh session so they stay signed in on this device.
 *
 * A wrong current password counts as a failed sign-in for the account from that address
 * (functions/model/staff/current-password.ts, reserved before the check): a stolen session cannot be used to guess
 * the password faster than the login screen allows.
 */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { auditItem } from "../model/audit";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type CurrentPasswordCheck, checkCurrentPassword } from "../model/staff/current-password";
import { hashPassword } from "../model/staff/password";
import type { IssuedToken } from "../model/staff/session-token";
import { endSession, endSessions } from "../model/staff/sessions";
import { UsersRepository } from "../model/staff/users";
import type { Announce } from "./account-changes";
import { newPasswordProblem } from "./new-password";
import { startSession } from "./start-session";

export type ChangePasswordOutcome =
  | { readonly kind: "changed"; readonly issued: IssuedToken; readonly endedSessions: number }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>
  | { readonly kind: "weak"; readonly problem: string };

export async function changePassword(
  deps: Pick<LoginDependencies, "db" | "tables" | "key" | "clock" | "log">,
  input: {
    username: string;
    /** The caller's session: ended too (a fresh one replaces it), but not counted as "other". */
    sessionId?: string;
    currentPassword: string;
    newPassword: string;
    ip?: string;
    userAgent?: string;
    /** Tells the owner before the change is written (throws AnnouncementFailed when it cannot). */
    announce: Announce;
  },
): Promise<ChangePasswordOutcome> {
  const users = new UsersRepository(deps.db, deps.tables.users);
  const checked = await checkCurrentPassword(deps, input.username, input.currentPassword, input.ip);
  if (checked.kind !== "ok") return checked;
  const { user, reservation } = checked;
  const problem = await newPasswordProblem(input.newPassword, {
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
  });
  if (problem) {
    await reservation.release();
    return { kind: "weak", problem };
  }
  await reservation.succeeded();
  await input.announce({ kind: "password" });
  await users.setPassword(user.username, await hashPassword(input.newPassword), deps.clock());
  const endedSessions = await endSessions(deps, user.username, input.sessionId);
  if (input.sessionId) await endSession(deps, user.username, input.sessionId);
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({ action: "account.password", actor: user.username, ip: input.ip, at: deps.clock() }),
    }),
  );
  const issued = await startSession(deps, {
    username: user.username,
    ip: input.ip,
    userAgent: input.userAgent,
    method: "password-change",
  });
  return { kind: "changed", issued, endedSessions };
}
