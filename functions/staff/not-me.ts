/**
 * "This wasn't me" (docs/decisions/0082): the link of a security change's notice
 * (functions/staff/account-changes.ts), opened by the owner. Once, within 7 days, for its own
 * account only, it
 * - ends every session of the account and voids every password reset link sent so far;
 * - voids the account's other "This wasn't me" links issued after it: those announce changes made
 *   after this one, possibly by whoever made it (so their links — maybe sent to an address that
 *   person set — cannot undo the owner's undo), while earlier links stay usable;
 * - for a new address: gives the account the old address back (the one the notice went to), unless
 *   another member holds it now, and tells the replaced address;
 * - for a passkey added: removes exactly that passkey (a passkey signs in alone).
 * Every request counts for its address (an IPv6 /64 is one; functions/lib/ip-address.ts) before the
 * link is read: over NOT_ME_ADDRESS_LIMIT within 15 minutes it is refused (429), like the other
 * link routes — in AWS the web ACL's rate rule limits the route too (infra/constructs/waf.ts).
 * It never removes an authenticator app or restores a removed factor: whoever reads the mailbox
 * could otherwise strip the app that stands between a reset link and the account. It grants no
 * session and sets no password; the page asks the owner to choose a new password.
 */
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../lib/aws-errors";
import { clientNetwork } from "../lib/ip-address";
import { auditPut } from "../model/audit";
import { addressRestoredEmail } from "../model/mail/staff-emails";
import { endSessions } from "../model/staff/sessions";
import { hitWindow, LOGIN_WINDOW_SECONDS } from "../model/staff/throttle";
import { AddressTakenError, UsersRepository, VOID_RESET_LINKS } from "../model/staff/users";
import type { AccountChange, ChangeNoticeDependencies, NotMeItem } from "./account-changes";
import { notMeKey, undoEntry } from "./account-changes";
import { readOneTimeToken, sameSecretHash } from "./one-time-token";
import { dropPasskey } from "./passkeys";

/** "This wasn't me" requests from one address within 15 minutes (a member uses one link). */
export const NOT_ME_ADDRESS_LIMIT = 10;

export type NotMeDependencies = ChangeNoticeDependencies & {
  readonly tables: ChangeNoticeDependencies["tables"] & { readonly audit: string };
};

export type NotMeOutcome =
  | {
      readonly kind: "done";
      readonly change: AccountChange["kind"];
      /** For a new address: "restored", or "taken" when another member holds the old one now. */
      readonly address?: "restored" | "taken";
      /** For a passkey added: whether it was still there to remove. */
      readonly passkeyRemoved?: boolean;
    }
  | { readonly kind: "invalid" }
  | { readonly kind: "throttled"; readonly retryAfterSeconds: number };

export async function undoChange(
  deps: NotMeDependencies,
  input: { token: string; ip?: string },
): Promise<NotMeOutcome> {
  const limit = await hitWindow(
    deps.db,
    deps.tables.authState,
    `not-me#address#${clientNetwork(input.ip ?? "unknown")}`,
    NOT_ME_ADDRESS_LIMIT,
    deps.clock(),
  );
  if (!limit.allowed)
    return { kind: "throttled", retryAfterSeconds: Math.min(limit.retryAfterSeconds, LOGIN_WINDOW_SECONDS) };
  const read = readOneTimeToken(input.token);
  if (!read) return { kind: "invalid" };
  const answer = await deps.db.send(
    new GetCommand({
      TableName: deps.tables.authState,
      Key: { pk: notMeKey(read.id) },
      ConsistentRead: true,
    }),
  );
  const item = answer.Item as NotMeItem | undefined;
  const now = deps.clock();
  if (!item || !sameSecretHash(item.secretHash, read.secretHash)) return { kind: "invalid" };
  if (item.usedAt || item.expiresAtMs <= now.getTime()) return { kind: "invalid" };
  const users = new UsersRepository(deps.db, deps.tables.users);
  const user = await users.find(item.username);
  const entry = undoEntry(item.issuedAtMs, read.id);
  // Voided by the use of an earlier link (or the account is gone).
  if (!user?.undoLinks?.has(entry)) return { kind: "invalid" };
  const laterOnes = [...user.undoLinks].filter((other) => other >= entry);
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.tables.authState,
              Key: { pk: item.pk },
              UpdateExpression: "SET usedAt = :now",
              ConditionExpression:
                "attribute_not_exists(usedAt) AND secretHash = :hash AND expiresAtMs > :nowMs AND username = :user",
              ExpressionAttributeValues: {
                ":now": now.toISOString(),
                ":nowMs": now.getTime(),
                ":hash": item.secretHash,
                ":user": user.username,
              },
            },
          },
          {
            Update: {
              TableName: deps.tables.users,
              Key: { username: user.username },
              UpdateExpression: `DELETE undoLinks :voided ${VOID_RESET_LINKS}`,
              ConditionExpression: "contains(undoLinks, :entry)",
              ExpressionAttributeValues: { ":voided": new Set(laterOnes), ":entry": entry, ":one": 1 },
            },
          },
          auditPut(deps.tables.audit, {
            action: "account.not-me",
            actor: user.username,
            ip: input.ip,
            at: now,
            details: { change: item.change.kind },
          }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.some((code) => code === "ConditionalCheckFailed"))
      return { kind: "invalid" };
    throw error;
  }

  await endSessions(deps, user.username);
  const change = item.change;
  let address: "restored" | "taken" | undefined;
  if (change.kind === "email") {
    address = "restored";
    if (user.email !== change.from) {
      try {
        // Also voids the reset links asked for meanwhile (they went to the address being replaced).
        await users.changeEmail(user.username, change.from);
        await tellReplacedAddress(deps, user.email, change.from);
      } catch (error) {
        if (!(error instanceof AddressTakenError)) throw error;
        address = "taken";
      }
    }
  }
  const passkeyRemoved =
    change.kind === "passkey.add" ? await dropPasskey(deps, user.username, change.credential) : undefined;
  return {
    kind: "done",
    change: change.kind,
    ...(address ? { address } : {}),
    ...(passkeyRemoved === undefined ? {} : { passkeyRemoved }),
  };
}

/** The address the undo replaced learns it at once (a failure to tell it changes nothing). */
async function tellReplacedAddress(
  deps: NotMeDependencies,
  replaced: string | undefined,
  restored: string,
): Promise<void> {
  if (!replaced) return;
  try {
    await deps.send(replaced, addressRestoredEmail({ siteUrl: deps.siteUrl, restored, at: deps.clock() }));
  } catch {
    // The undo stands; the audit entry records it.
  }
}
