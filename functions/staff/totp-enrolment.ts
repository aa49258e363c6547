/**
 * A member adds or removes their own authenticator app (docs/decisions/0072, 0082):
 * - start: needs the current password (counted by the login throttle: a stolen session cannot
 *   enrol an app that would then lock the owner out); the server makes the secret and keeps it
 *   pending in the auth-state table for 10 minutes (never on the account until confirmed),
 *   answering the otpauth URI for the QR code;
 * - confirm: a current code from the app proves it holds the secret; the code's time step is
 *   claimed like a sign-in code (replay guard) and the secret moves onto the account;
 * - remove: needs the current password (counted by the login throttle) or a current code, and is
 *   refused where the stage requires a second factor and this is the account's last one.
 * Confirming and removing are announced to the owner before they are written (`announce`,
 * functions/staff/account-changes.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../lib/aws-errors";
import { auditItem } from "../model/audit";
import { staffKey } from "../model/identity";
import type { LoginDependencies } from "../model/staff/auth-deps";
import { type CurrentPasswordCheck, checkCurrentPassword } from "../model/staff/current-password";
import { UsersRepository } from "../model/staff/users";
import type { Announce } from "./account-changes";
import { generateTotpSecret, matchTotp, totpUri } from "./totp";
import { claimTotpStep } from "./totp-replay";

export const PENDING_TOTP_SECONDS = 10 * 60;

type Deps = Pick<LoginDependencies, "db" | "tables" | "clock" | "mfaRequired">;

const pendingKey = (username: string) => `totp-pending#${staffKey(username)}`;

export type TotpStartOutcome =
  | { readonly kind: "started"; readonly secret: string; readonly uri: string }
  | { readonly kind: "alreadyEnrolled" }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

export async function startTotpEnrolment(
  deps: Deps,
  input: { username: string; password: string; ip?: string },
): Promise<TotpStartOutcome> {
  const checked = await checkCurrentPassword(deps, input.username, input.password, input.ip);
  if (checked.kind !== "ok") return checked;
  await checked.reservation.succeeded();
  const { user } = checked;
  if (user.totpSecret) return { kind: "alreadyEnrolled" };
  const secret = generateTotpSecret();
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.authState,
      Item: {
        pk: pendingKey(user.username),
        secret,
        expiresAt: Math.floor(deps.clock().getTime() / 1000) + PENDING_TOTP_SECONDS,
      },
    }),
  );
  return { kind: "started", secret, uri: totpUri(secret, user.username) };
}

export type TotpConfirmOutcome =
  | { readonly kind: "enrolled" }
  | { readonly kind: "noPending" }
  | { readonly kind: "codeInvalid" };

export async function confirmTotpEnrolment(
  deps: Deps,
  input: { username: string; code: string; ip?: string; announce?: Announce },
): Promise<TotpConfirmOutcome> {
  const username = staffKey(input.username);
  const now = deps.clock();
  const pending = await deps.db.send(
    new GetCommand({
      TableName: deps.tables.authState,
      Key: { pk: pendingKey(username) },
      ConsistentRead: true,
    }),
  );
  const secret = pending.Item?.secret as string | undefined;
  // DynamoDB's TTL deletes late: an expired item can still be read.
  if (!secret || Number(pending.Item?.expiresAt) <= Math.floor(now.getTime() / 1000)) {
    return { kind: "noPending" };
  }
  const step = matchTotp(secret, input.code, now);
  if (step === undefined || !(await claimTotpStep(deps, username, step))) return { kind: "codeInvalid" };
  await input.announce?.({ kind: "totp.enrol" });
  await new UsersRepository(deps.db, deps.tables.users).setTotpSecret(username, secret);
  await deps.db.send(
    new DeleteCommand({ TableName: deps.tables.authState, Key: { pk: pendingKey(username) } }),
  );
  await audit(deps, "account.totp.enrol", username, input.ip);
  return { kind: "enrolled" };
}

export type TotpRemoveOutcome =
  | { readonly kind: "removed" }
  | { readonly kind: "notEnrolled" }
  | { readonly kind: "lastFactor" }
  | { readonly kind: "codeInvalid" }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

export async function removeTotp(
  deps: Deps,
  input: { username: string; password?: string; code?: string; ip?: string; announce?: Announce },
): Promise<TotpRemoveOutcome> {
  const users = new UsersRepository(deps.db, deps.tables.users);
  const user = await users.find(input.username);
  if (!user) throw new Error(`No account ${input.username}`);
  if (!user.totpSecret) return { kind: "notEnrolled" };
  if (deps.mfaRequired && (user.passkeys?.length ?? 0) === 0) return { kind: "lastFactor" };
  if (input.code) {
    const step = matchTotp(user.totpSecret, input.code, deps.clock());
    if (step === undefined || !(await claimTotpStep(deps, user.username, step)))
      return { kind: "codeInvalid" };
  } else {
    const checked = await checkCurrentPassword(deps, user.username, input.password ?? "", input.ip);
    if (checked.kind !== "ok") return checked;
    await checked.reservation.succeeded();
  }
  await input.announce?.({ kind: "totp.remove" });
  if (deps.mfaRequired) {
    if (!(await removeTotpKeepingAPasskey(deps, user.username))) return { kind: "lastFactor" };
  } else await users.setTotpSecret(user.username, undefined);
  await audit(deps, "account.totp.remove", user.username, input.ip);
  return { kind: "removed" };
}

/**
 * Removes the app only while a passkey remains: the passkey read above may be removed meanwhile
 * (another tab), and two removals that each saw the other factor would leave none.
 */
async function removeTotpKeepingAPasskey(deps: Deps, username: string): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username },
        UpdateExpression: "REMOVE totpSecret",
        ConditionExpression: "size(passkeys) > :none",
        ExpressionAttributeValues: { ":none": 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

async function audit(
  deps: Deps,
  action: "account.totp.enrol" | "account.totp.remove",
  actor: string,
  ip: string | undefined,
) {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({ action, actor, ip, at: deps.clock() }),
    }),
  );
}
