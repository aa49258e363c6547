/**
 * "This wasn't me" (docs/decisions/0082, amended by 0121): the link of a security change's notice
 * (functions/staff/account-changes.ts), opened by whoever reads the mailbox it went to. Once, within
 * 7 days, for its own account only, it
 * - ends every session of the account and voids every password reset link sent so far;
 * - voids the account's other "This wasn't me" links issued after it: those announce changes made
 *   after this one, possibly by whoever made it (so their links cannot undo the owner's undo), while
 *   earlier links stay usable;
 * - for a new address still waiting for its confirmation: cancels that change (the address never
 *   changed, so the mailbox that got the notice is still the account's);
 * - when the notice went to an address that is no longer the account's (a previous address):
 *   locks the account (it is deactivated until an admin reactivates it: no sign-in, no reset link)
 *   and tells the account's current address. It never gives the account an address back: the
 *   holder of a previous address must not gain a way in (docs/decisions/0121);
 * - for a passkey added: removes exactly that passkey (a passkey signs in alone).
 * Every request counts for its address (an IPv6 /64 is one; functions/lib/ip-address.ts) before the
 * link is read: over NOT_ME_ADDRESS_LIMIT within 15 minutes it is refused (429), like the other
 * link routes — in AWS the web ACL's rate rule limits the route too (infra/constructs/waf.ts).
 * It never removes an authenticator app or restores a removed factor: whoever reads the mailbox
 * could otherwise strip the app that stands between a reset link and the account. It grants no
 * session and sets no password; the page asks the owner to choose a new password.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../lib/aws-errors";
import { auditPut } from "../model/audit";
import { staffKey } from "../model/identity";
import { accountLockedByNotMeEmail } from "../model/mail/staff-emails";
import { endSessions } from "../model/staff/sessions";
import { UsersRepository, VOID_RESET_LINKS } from "../model/staff/users";
import type { AccountChange, ChangeNoticeDependencies, NotMeItem } from "./account-changes";
import { notMeKey, undoEntry } from "./account-changes";
import type { AccountWithPending } from "./account-email";
import { linkRequestRefusedFor, openStoredLink } from "./one-time-token";
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
      /** For a new address still waiting for its confirmation: it was cancelled. */
      readonly emailChangeCancelled?: boolean;
      /** The notice went to a previous address: the account is locked until an admin unlocks it. */
      readonly locked?: boolean;
      /** For a passkey added: whether it was still there to remove. */
      readonly passkeyRemoved?: boolean;
    }
  | { readonly kind: "invalid" }
  | { readonly kind: "throttled"; readonly retryAfterSeconds: number };

export async function undoChange(
  deps: NotMeDependencies,
  input: { token: string; ip?: string },
): Promise<NotMeOutcome> {
  const now = deps.clock();
  const store = { db: deps.db, table: deps.tables.authState, now };
  const wait = await linkRequestRefusedFor(store, "not-me", input.ip, NOT_ME_ADDRESS_LIMIT);
  if (wait !== undefined) return { kind: "throttled", retryAfterSeconds: wait };
  const link = await openStoredLink<NotMeItem>(store, input.token, notMeKey);
  if (!link) return { kind: "invalid" };
  const { id, item } = link;
  const users = new UsersRepository(deps.db, deps.tables.users);
  const user = (await users.find(item.username)) as AccountWithPending | undefined;
  const entry = undoEntry(item.issuedAtMs, id);
  // Voided by the use of an earlier link (or the account is gone).
  if (!user?.undoLinks?.has(entry)) return { kind: "invalid" };
  const laterOnes = [...user.undoLinks].filter((other) => other >= entry);
  const change = item.change;
  // Where the notice went (links from before `sentTo`: the old address of a new one, else the account's).
  const sentTo = item.sentTo ?? (change.kind === "email" ? change.from : user.email);
  const locked =
    sentTo !== undefined && (user.email === undefined || staffKey(user.email) !== staffKey(sentTo));
  const pending = user.pendingEmail;
  const cancelled =
    change.kind === "email" && !locked && pending !== undefined && pending.address === staffKey(change.to);
  // A lock is a deactivation (functions/staff/manage.ts): an admin reactivates the account.
  const userUpdates = [
    "DELETE undoLinks :voided",
    ...(cancelled ? ["REMOVE pendingEmail"] : []),
    ...(locked ? ["SET deactivatedAt = if_not_exists(deactivatedAt, :now)"] : []),
  ];
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
              UpdateExpression: `${userUpdates.join(" ")} ${VOID_RESET_LINKS}`,
              ConditionExpression: "contains(undoLinks, :entry)",
              ExpressionAttributeValues: {
                ":voided": new Set(laterOnes),
                ":entry": entry,
                ":one": 1,
                ...(locked ? { ":now": now.toISOString() } : {}),
              },
            },
          },
          auditPut(deps.tables.audit, {
            action: "account.not-me",
            actor: user.username,
            ip: input.ip,
            at: now,
            details: {
              change: change.kind,
              ...(locked ? { locked: "true" } : {}),
              ...(cancelled ? { cancelled: "true" } : {}),
            },
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
  if (locked && user.email) await tellLockedAccount(deps, user.email, sentTo ?? "");
  const passkeyRemoved =
    change.kind === "passkey.add" ? await dropPasskey(deps, user.username, change.credential) : undefined;
  return {
    kind: "done",
    change: change.kind,
    ...(cancelled ? { emailChangeCancelled: true } : {}),
    ...(locked ? { locked: true } : {}),
    ...(passkeyRemoved === undefined ? {} : { passkeyRemoved }),
  };
}

/** The account's current address learns at once that a previous one locked it (a failure changes nothing). */
async function tellLockedAccount(deps: NotMeDependencies, current: string, previous: string): Promise<void> {
  try {
    await deps.send(
      current,
      accountLockedByNotMeEmail({ siteUrl: deps.siteUrl, previous, at: deps.clock() }),
    );
  } catch {
    // The lock stands; the audit entry records it.
  }
}
