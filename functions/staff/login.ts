/**
 * Signing in: reserve an attempt (functions/model/staff/throttle.ts), password check (timing-equal for
 * unknown users), optional TOTP, then a new session token. Plain logic over its clients; the HTTP handler maps the outcome.
 */
import { createHmac } from "node:crypto";
import type { StaffUserView } from "../../events/staff";
import { staffKey } from "../model/identity";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type AuthFailureReason, logAuthFailure } from "../model/staff/auth-log";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../model/staff/password";
import type { IssuedToken } from "../model/staff/session-token";
import { LoginThrottle } from "../model/staff/throttle";
import { staffUserViewOf, UsersRepository } from "../model/staff/users";
import { startSession } from "./start-session";
import { matchTotp } from "./totp";
import { claimTotpStep } from "./totp-replay";

/**
 * What a failure log line says about the username typed: the name of a real account, or for
 * anything else only a keyed hash — a password typed in the wrong box must not land in the logs,
 * yet repeated attempts with the same text can still be told apart.
 */
export function typedUsername(
  key: Uint8Array,
  username: string,
  knownUser: boolean,
): { username: string } | { usernameHash: string } {
  if (knownUser) return { username };
  return {
    usernameHash: createHmac("sha256", key).update(`log-username:${username}`).digest("hex").slice(0, 16),
  };
}

export interface LoginAttempt {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  readonly ip: string | undefined;
  readonly userAgent?: string;
}

export type LoginOutcome =
  | { readonly kind: "success"; readonly issued: IssuedToken; readonly user: StaffUserView }
  | { readonly kind: "deactivated" }
  | { readonly kind: "invalid" }
  | { readonly kind: "throttled"; readonly scope: "account" | "ip"; readonly retryAfterSeconds: number }
  | { readonly kind: "codeRequired" }
  | { readonly kind: "codeInvalid" }
  | { readonly kind: "mfaNotEnrolled" }
  /** The stage requires a second factor and the account's is a passkey: it signs in alone. */
  | { readonly kind: "usePasskey" };

export async function login(deps: LoginDependencies, attempt: LoginAttempt): Promise<LoginOutcome> {
  const now = deps.clock();
  const username = staffKey(attempt.username);
  const throttle = new LoginThrottle(deps.db, deps.tables.authState);
  const log = (reason: AuthFailureReason, knownUser: boolean) =>
    logAuthFailure(deps.log, {
      reason,
      ...typedUsername(deps.key, username, knownUser),
      ip: attempt.ip,
      route: "POST /api/auth/login",
    });

  // Reserved BEFORE the password is checked: parallel attempts cannot all pass the limit.
  const reservation = await throttle.reserve({ account: username, ip: attempt.ip }, now);
  if (!reservation.allowed) {
    log(reservation.scope === "account" ? "throttled_account" : "throttled_ip", false);
    return { kind: "throttled", scope: reservation.scope, retryAfterSeconds: reservation.retryAfterSeconds };
  }
  /** A failure keeps the reservation; anything else gives it back. */
  const fail = async (reason: AuthFailureReason, count = true) => {
    log(reason, user !== undefined);
    if (!count) return reservation.release();
    if (!user) return;
    const widespread = await throttle.failureRaisesAlert(user.username, now);
    if (reservation.lastBeforeLock || widespread) {
      await deps.onAccountUnderAttack?.({
        username: user.username,
        email: user.email,
        ip: attempt.ip,
        at: now,
      });
    }
  };

  const users = new UsersRepository(deps.db, deps.tables.users);
  const user = await users.find(username);
  if (!user) {
    await verifyAgainstDummy(attempt.password);
    await fail("unknown_user");
    return { kind: "invalid" };
  }
  if (!(await verifyPassword(attempt.password, user.passwordHash))) {
    await fail("wrong_password");
    return { kind: "invalid" };
  }

  if (user.deactivatedAt) {
    // Said only after a correct password, so it reveals nothing to someone guessing.
    await fail("user_deactivated", false);
    return { kind: "deactivated" };
  }

  if (user.totpSecret) {
    if (!attempt.code) {
      await fail("mfa_code_missing", false);
      return { kind: "codeRequired" };
    }
    const step = matchTotp(user.totpSecret, attempt.code, now);
    if (step === undefined) {
      await fail("mfa_code_wrong");
      return { kind: "codeInvalid" };
    }
    if (!(await claimTotpStep(deps, user.username, step))) {
      await fail("mfa_code_replayed");
      return { kind: "codeInvalid" };
    }
  } else if (deps.mfaRequired) {
    await fail("mfa_not_enrolled", false);
    return (user.passkeys?.length ?? 0) > 0 ? { kind: "usePasskey" } : { kind: "mfaNotEnrolled" };
  }

  await reservation.succeeded();
  if (needsRehash(user.passwordHash)) {
    await users.rehashPassword(user.username, await hashPassword(attempt.password));
  }
  const issued = await startSession(deps, {
    username: user.username,
    ip: attempt.ip,
    userAgent: attempt.userAgent,
    method: "password",
  });
  return { kind: "success", issued, user: staffUserViewOf(user) };
}
