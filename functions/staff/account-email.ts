/**
 * A member changes their own e-mail address, verified (docs/decisions/0122, amending 0082). The
 * address is where reset links go, so a new one is a new way into the account, and someone else's
 * mailbox must never become it:
 * - the current password is asked again (counted by the login throttle like any password check),
 *   also for a first address;
 * - the new address takes effect only once the link e-mailed to it is followed
 *   (functions/staff/email-confirm.ts): a one-time token (functions/staff/one-time-token.ts, only
 *   its hash stored, `email-change#<id>` in the auth-state table), valid EMAIL_CHANGE_VALID_HOURS,
 *   bound to the account, the address and this request; a newer request or a cancellation voids it;
 * - until then the change is only `pendingEmail` on the account: the account page shows it and can
 *   cancel it; it claims nothing, so it never blocks an invitation;
 * - an address another account answers to, or that a pending invitation holds, gets no link (it can
 *   never be confirmed), but the answer and the page are the same as for a free address: they tell
 *   nobody whether an address belongs to someone;
 * - the current address is told before anything is stored (functions/staff/account-changes.ts),
 *   with a "This wasn't me" link that cancels the change while it is pending; a first address has
 *   nobody to tell.
 */
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type AccountEmailView, EMAIL_CHANGE_VALID_HOURS } from "../../events/staff";
import { auditItem } from "../model/audit";
import { staffKey } from "../model/identity";
import { emailChangeLinkEmail } from "../model/mail/staff-emails";
import { holdsAddress } from "../model/staff/address-claims";
import { type CurrentPasswordCheck, checkCurrentPassword } from "../model/staff/current-password";
import { checkedAddress, type StaffUser, UsersRepository } from "../model/staff/users";
import type { Announce, ChangeNoticeDependencies } from "./account-changes";
import { lockOf } from "./invitation-items";
import { newOneTimeToken } from "./one-time-token";

const VALID_MS = EMAIL_CHANGE_VALID_HOURS * 3600_000;

/** The change waiting on the account (`pendingEmail` on its item). */
export interface PendingEmail {
  /** Canonical address. */
  readonly address: string;
  /** The id of its link's token item; a newer request or a cancellation replaces or removes it. */
  readonly id: string;
  readonly expiresAtMs: number;
}

/** The token item of a link that confirms a new address. */
export interface EmailChangeItem {
  readonly pk: string;
  readonly secretHash: string;
  /** The account (stored username). */
  readonly username: string;
  readonly address: string;
  readonly expiresAtMs: number;
  /** TTL (epoch seconds). */
  readonly expiresAt: number;
  readonly usedAt?: string;
}

export const emailChangeKey = (id: string) => `email-change#${id}`;

export type AccountWithPending = StaffUser & { readonly pendingEmail?: PendingEmail };

export type EmailChangeDependencies = ChangeNoticeDependencies & {
  readonly tables: ChangeNoticeDependencies["tables"] & {
    readonly audit: string;
    readonly invitations: string;
  };
};

/** What the account page shows: the address, and a change that can still be confirmed. */
export function accountEmailViewOf(user: AccountWithPending | undefined, now: Date): AccountEmailView {
  const pending = user?.pendingEmail;
  return {
    email: user?.email ?? null,
    pending:
      pending && pending.expiresAtMs > now.getTime()
        ? { email: pending.address, expiresAt: new Date(pending.expiresAtMs).toISOString() }
        : null,
  };
}

/**
 * Whether an address could become this account's: no other account answers to it (its claim, or a
 * record from before claims) and no unexpired invitation holds it. Checked again, atomically, when
 * the link is followed.
 */
async function claimable(deps: EmailChangeDependencies, username: string, address: string): Promise<boolean> {
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  const holder = await users.claims.holder(address);
  if (holder && holder !== username) return false;
  const others = (await users.list()).filter((other) => other.username !== username);
  if (others.some((other) => holdsAddress(other, address))) return false;
  const lock = await lockOf({ ...deps, tables: { ...deps.tables } }, address);
  return !lock || lock.expiresAt <= deps.clock().toISOString();
}

export type EmailChangeOutcome =
  | { readonly kind: "pending" | "unchanged"; readonly view: AccountEmailView }
  | Exclude<CurrentPasswordCheck, { kind: "ok" }>;

export async function requestEmailChange(
  deps: EmailChangeDependencies,
  input: { username: string; email: string; password: string; ip?: string; announce?: Announce },
): Promise<EmailChangeOutcome> {
  const checked = await checkCurrentPassword(
    { db: deps.db, tables: deps.tables, clock: deps.clock },
    input.username,
    input.password,
    input.ip,
  );
  if (checked.kind !== "ok") return checked;
  await checked.reservation.succeeded();
  const user = checked.user as AccountWithPending;
  const address = checkedAddress(input.email);
  if (user.email !== undefined && staffKey(user.email) === address) {
    // Asking for the address the account has: nothing to confirm, and a pending change ends.
    if (user.pendingEmail) await cancelEmailChange(deps, { username: user.username, ip: input.ip });
    return {
      kind: "unchanged",
      view: accountEmailViewOf({ ...user, pendingEmail: undefined }, deps.clock()),
    };
  }
  const mayConfirm = await claimable(deps, user.username, address);
  if (user.email) await input.announce?.({ kind: "email", from: user.email, to: address });
  const now = deps.clock();
  const issued = newOneTimeToken();
  const pending: PendingEmail = { address, id: issued.id, expiresAtMs: now.getTime() + VALID_MS };
  // Stored for every request alike (the same work whoever holds the address); only a claimable
  // address is sent the link, and the confirmation checks the address again in its transaction.
  const item: EmailChangeItem = {
    pk: emailChangeKey(issued.id),
    secretHash: issued.secretHash,
    username: user.username,
    address,
    expiresAtMs: pending.expiresAtMs,
    expiresAt: Math.ceil(pending.expiresAtMs / 1000) + 60,
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.authState,
      Item: item,
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  // The newest request replaces an earlier one: its link stops working (the confirmation requires it).
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.users,
      Key: { username: user.username },
      UpdateExpression: "SET pendingEmail = :pending",
      ConditionExpression: "attribute_exists(username)",
      ExpressionAttributeValues: { ":pending": pending },
    }),
  );
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.audit,
      Item: auditItem({
        action: "account.email.request",
        actor: user.username,
        ip: input.ip,
        at: now,
        details: { address },
      }),
    }),
  );
  if (mayConfirm) {
    try {
      await deps.send(
        address,
        emailChangeLinkEmail({
          siteUrl: deps.siteUrl,
          token: issued.token,
          username: user.username,
          validHours: EMAIL_CHANGE_VALID_HOURS,
        }),
      );
    } catch {
      // The answer stays the same (it must not tell which addresses get a link); asking again sends
      // a new one. The audit entry records the request.
    }
  }
  return { kind: "pending", view: accountEmailViewOf({ ...user, pendingEmail: pending }, now) };
}

/** Ends the pending change, if any: its link stops working. */
export async function cancelEmailChange(
  deps: Pick<EmailChangeDependencies, "db" | "tables" | "clock">,
  input: { username: string; ip?: string },
): Promise<AccountEmailView> {
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  const user = (await users.find(input.username)) as AccountWithPending | undefined;
  if (user?.pendingEmail) {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username: user.username },
        UpdateExpression: "REMOVE pendingEmail",
        ConditionExpression: "attribute_exists(username)",
      }),
    );
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.audit,
        Item: auditItem({
          action: "account.email.cancel",
          actor: user.username,
          ip: input.ip,
          at: deps.clock(),
          details: { address: user.pendingEmail.address },
        }),
      }),
    );
  }
  return accountEmailViewOf(user ? { ...user, pendingEmail: undefined } : undefined, deps.clock());
}

/** The account page's view of the signed-in member's address. */
export async function accountEmail(
  deps: Pick<EmailChangeDependencies, "db" | "tables" | "clock">,
  username: string,
): Promise<AccountEmailView> {
  const users = new UsersRepository(deps.db, deps.tables.users, deps.tables.authState);
  return accountEmailViewOf((await users.find(username)) as AccountWithPending | undefined, deps.clock());
}
