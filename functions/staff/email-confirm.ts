/**
 * Following the link that confirms a new address (docs/decisions/0122; requested in
 * functions/staff/account-email.ts). Public: the link is the proof that its reader holds the new
 * mailbox. Once, before it expires, for the account's newest pending change only, one transaction
 * - marks the link used,
 * - gives the account the address (only while that change is still pending and the account's
 *   address is still the one it had, and the account is not deactivated or locked) and voids the
 *   password reset links sent so far,
 * - takes the address's claim (refused when another account holds it) and gives the old one up,
 * - requires that no unexpired invitation holds the address (the invitation's lock),
 * - and writes the audit entry.
 * Every request counts for its client address first (an IPv6 /64 as one), like the other link
 * routes: over EMAIL_CONFIRM_ADDRESS_LIMIT in 15 minutes it is refused (429). It grants no session.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../lib/aws-errors";
import type { TransactItem } from "../lib/transact";
import { auditPut } from "../model/audit";
import { staffKey } from "../model/identity";
import { holdsAddress } from "../model/staff/address-claims";
import { UsersRepository, VOID_RESET_LINKS } from "../model/staff/users";
import {
  type AccountWithPending,
  type EmailChangeDependencies,
  type EmailChangeItem,
  emailChangeKey,
} from "./account-email";
import { lockKey } from "./invitation-items";
import { linkRequestRefusedFor, openStoredLink } from "./one-time-token";

/** Confirmation requests from one client address within 15 minutes (a member follows one link). */
export const EMAIL_CONFIRM_ADDRESS_LIMIT = 10;

export type EmailConfirmOutcome =
  | { readonly kind: "confirmed"; readonly email: string }
  | { readonly kind: "invalid" }
  /** Another account or a pending invitation holds the address now. */
  | { readonly kind: "unavailable" }
  | { readonly kind: "throttled"; readonly retryAfterSeconds: number };

export async function confirmEmailChange(
  deps: Pick<EmailChangeDependencies, "db" | "tables" | "clock">,
  input: { token: string; ip?: string },
): Promise<EmailConfirmOutcome> {
  const now = deps.clock();
  const store = { db: deps.db, table: deps.tables.authState, now };
  const wait = await linkRequestRefusedFor(store, "email-confirm", input.ip, EMAIL_CONFIRM_ADDRESS_LIMIT);
  if (wait !== undefined) return { kind: "throttled", retryAfterSeconds: wait };
  const link = await openStoredLink<EmailChangeItem>(store, input.token, emailChangeKey);
  if (!link) return { kind: "invalid" };
  const { id, item } = link;
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  const user = (await users.find(item.username)) as AccountWithPending | undefined;
  // Replaced by a newer request, cancelled, or the account is gone or locked.
  if (!user || user.pendingEmail?.id !== id || user.deactivatedAt) return { kind: "invalid" };
  const address = item.address;
  // Records from before the address claims (the claim in the transaction decides the rest).
  const others = (await users.list()).filter((other) => other.username !== user.username);
  if (others.some((other) => holdsAddress(other, address))) return { kind: "unavailable" };
  const old = user.email === undefined ? undefined : staffKey(user.email);
  const releaseOld =
    old !== undefined && old !== address && (await users.claims.holder(old)) === user.username;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: deps.tables.authState,
        Key: { pk: item.pk },
        UpdateExpression: "SET usedAt = :now",
        ConditionExpression: "attribute_not_exists(usedAt) AND secretHash = :hash AND expiresAtMs > :nowMs",
        ExpressionAttributeValues: {
          ":now": now.toISOString(),
          ":nowMs": now.getTime(),
          ":hash": item.secretHash,
        },
      },
    },
    {
      Update: {
        TableName: deps.tables.users,
        Key: { username: user.username },
        UpdateExpression: `SET email = :email REMOVE pendingEmail ${VOID_RESET_LINKS}`,
        ConditionExpression: `pendingEmail.id = :id AND attribute_not_exists(deactivatedAt) AND ${
          user.email === undefined ? "attribute_not_exists(email)" : "email = :old"
        }`,
        ExpressionAttributeValues: {
          ":email": address,
          ":id": id,
          ":one": 1,
          ...(user.email === undefined ? {} : { ":old": user.email }),
        },
      },
    },
    users.claims.put(address, user.username),
    {
      ConditionCheck: {
        TableName: deps.tables.invitations,
        Key: lockKey(address),
        ConditionExpression: "attribute_not_exists(id) OR expiresAt <= :now",
        ExpressionAttributeValues: { ":now": now.toISOString() },
      },
    },
    auditPut(deps.tables.audit, {
      action: "account.email",
      actor: user.username,
      ip: input.ip,
      at: now,
      details: { address, ...(user.email ? { previous: user.email } : {}) },
    }),
    ...(releaseOld && old ? [users.claims.release(old, user.username)] : []),
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[2] === "ConditionalCheckFailed" || codes?.[3] === "ConditionalCheckFailed")
      return { kind: "unavailable" };
    if (codes?.some((code) => code === "ConditionalCheckFailed")) return { kind: "invalid" };
    throw error;
  }
  return { kind: "confirmed", email: address };
}
