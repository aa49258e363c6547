/**
 * Signing in: throttle check, password check (timing-equal for unknown users), optional TOTP,
 * then a new session token. Plain logic over its clients; the HTTP handler maps the outcome.
 */
import { type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { StaffUserView } from "../../events";
import type { Logger } from "../lib/log";
import { auditItem } from "./audit";
import { type AuthFailureReason, logAuthFailure } from "./auth-log";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { type IssuedToken, issueSessionToken } from "./session-token";
import { LoginThrottle } from "./throttle";
import { matchTotp, TOTP_STEP_SECONDS } from "./totp";
import { normalizeUsername, staffUserViewOf, UsersRepository } from "./users";

export interface AuthTables {
  readonly users: string;
  readonly ephemeral: string;
  readonly audit: string;
}

export interface LoginDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: AuthTables;
  readonly key: Uint8Array;
  readonly now: () => Date;
  readonly mfaRequired: boolean;
  readonly log: Logger;
}

export interface LoginAttempt {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  readonly ip: string | undefined;
}

export type LoginOutcome =
  | { readonly kind: "success"; readonly issued: IssuedToken; readonly user: StaffUserView }
  | { readonly kind: "deactivated" }
  | { readonly kind: "invalid" }
  | { readonly kind: "throttled"; readonly scope: "account" | "ip"; readonly retryAfterSeconds: number }
  | { readonly kind: "codeRequired" }
  | { readonly kind: "codeInvalid" }
  | { readonly kind: "mfaNotEnrolled" };

/** Marks a TOTP time step as used for this user, so a code cannot be replayed. False if it was. */
async function claimTotpStep(deps: LoginDependencies, username: string, step: number): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.ephemeral,
        Item: {
          pk: `totp-used#${username}#${step}`,
          expiresAt: (step + 3) * TOTP_STEP_SECONDS,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === "ConditionalCheckFailedException") return false;
    throw error;
  }
}

export async function login(deps: LoginDependencies, attempt: LoginAttempt): Promise<LoginOutcome> {
  const now = deps.now();
  const username = normalizeUsername(attempt.username);
  const subjects = { account: username, ip: attempt.ip };
  const throttle = new LoginThrottle(deps.db, deps.tables.ephemeral);
  const fail = async (reason: AuthFailureReason, count = true) => {
    logAuthFailure(deps.log, { reason, username, ip: attempt.ip, route: "POST /api/auth/login" });
    if (count) await throttle.recordFailure(subjects, now);
  };

  const verdict = await throttle.check(subjects, now);
  if (verdict.lockedSeconds > 0 && verdict.scope) {
    await fail(verdict.scope === "account" ? "throttled_account" : "throttled_ip", false);
    return { kind: "throttled", scope: verdict.scope, retryAfterSeconds: verdict.lockedSeconds };
  }

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
    return { kind: "mfaNotEnrolled" };
  }

  await throttle.clearAccount(username);
  if (needsRehash(user.passwordHash)) {
    await users.setPassword(
      user.username,
      await hashPassword(attempt.password),
      new Date(user.passwordChangedAt),
    );
  }
  const issued = await issueSessionToken(deps.key, { username: user.username, now });
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({ action: "login.success", actor: user.username, ip: attempt.ip, at: now }),
    }),
  );
  deps.log.info("auth success", { event: "login", username: user.username, ip: attempt.ip });
  return { kind: "success", issued, user: staffUserViewOf(user) };
}
