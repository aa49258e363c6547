/**
 * The one check every new password passes (invitation, reset, change). Today: the length rules of
 * functions/auth/password.ts; the place to point at a common/breached-password policy.
 */
import { passwordProblem } from "./password";

export async function newPasswordProblem(password: string): Promise<string | undefined> {
  return passwordProblem(password);
}
