/**
 * The one check every new password passes (invitation, reset, change): the policy of
 * functions/staff/password-policy.ts (length, and not easy to guess — docs/decisions/0053).
 */
import { type PasswordContext, passwordProblem } from "./password-policy";

export async function newPasswordProblem(
  password: string,
  context: PasswordContext = {},
): Promise<string | undefined> {
  return passwordProblem(password, context);
}
