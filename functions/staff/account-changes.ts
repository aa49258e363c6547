/**
 * Security changes of a member's own account and their notice (docs/decisions/0082): a new address
 * asked for (it takes effect once confirmed: docs/decisions/0122),
 * a new password, an authenticator app or a passkey added or removed. Each is announced by e-mail BEFORE it is
 * written — to the old address for a new address, else to the account's — with a one-time "This
 * wasn't me" link (functions/staff/not-me.ts undoes it). When the notice cannot be sent, the change
 * is refused (AnnouncementFailed): no change without its notice. An account without an address has
 * nobody to tell; its changes are audited only.
 *
 * A link is an item `not-me#<id>` in the auth-state table holding only its secret's hash
 * (functions/staff/one-time-token.ts), bound to the account and the change, valid 7 days; the
 * account lists its live links in `undoLinks` ("<issued ms>.<id>", so they sort by issue).
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ACCOUNT_MESSAGES } from "../../events/staff";
import { type Clock, systemClock } from "../lib/clock";
import { requireEnv } from "../lib/env";
import { HttpError } from "../lib/http/errors";
import { staffKey } from "../model/identity";
import { accountChangedEmail } from "../model/mail/staff-emails";
import { sendStaffEmail } from "../model/mail/staff-mail";
import { oneLine, type RenderedEmail } from "../model/mail/templates";
import { documentClient } from "../model/staff/clients";
import type { StaffUser } from "../model/staff/users";
import { tableName } from "../model/tables";
import { newOneTimeToken } from "./one-time-token";

export const NOT_ME_VALID_DAYS = 7;
const VALID_MS = NOT_ME_VALID_DAYS * 24 * 60 * 60 * 1000;

/** What changed; the "This wasn't me" link undoes what it can of it. */
export type AccountChange =
  | { readonly kind: "email"; readonly from: string; readonly to: string }
  | { readonly kind: "password" }
  | { readonly kind: "totp.enrol" }
  | { readonly kind: "totp.remove" }
  /** `credential`: the new passkey's credential id (the link removes exactly that one). */
  | { readonly kind: "passkey.add"; readonly credential: string; readonly name: string }
  | { readonly kind: "passkey.remove"; readonly name: string };

/** Called by a change right before it is written; throws AnnouncementFailed when nobody could be told. */
export type Announce = (change: AccountChange) => Promise<void>;

export interface ChangeNoticeDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string; readonly authState: string };
  readonly clock: Clock;
  readonly siteUrl: string;
  readonly send: (to: string, email: RenderedEmail) => Promise<void>;
}

export interface NotMeItem {
  readonly pk: string;
  readonly secretHash: string;
  /** The account it is bound to (stored username). */
  readonly username: string;
  readonly change: AccountChange;
  /** The address the notice went to (absent on links from before it was kept). */
  readonly sentTo?: string;
  readonly issuedAtMs: number;
  readonly expiresAtMs: number;
  /** TTL (epoch seconds). */
  readonly expiresAt: number;
  readonly usedAt?: string;
}

export const notMeKey = (id: string) => `not-me#${id}`;
/** The account's `undoLinks` entry of a link: sorts by issue. */
export const undoEntry = (issuedAtMs: number, id: string) => `${String(issuedAtMs).padStart(13, "0")}.${id}`;
const issuedAtOf = (entry: string) => Number(entry.slice(0, entry.indexOf(".")));

/** The notice could not be sent, so the change must not happen: 503 saying nothing changed. */
export class AnnouncementFailed extends HttpError {
  constructor(readonly sendError: unknown) {
    super(503, { error: ACCOUNT_MESSAGES.noticeFailed }, { "Retry-After": "30" }, "notice_failed");
    this.name = "AnnouncementFailed";
  }
}

/** The notices' clients, tables, site and mailer, from the environment (an HTTP function's). */
export function changeNoticeDependencies(): ChangeNoticeDependencies {
  return {
    db: documentClient(),
    tables: { users: tableName("users"), authState: tableName("authState") },
    clock: systemClock,
    siteUrl: requireEnv("SITE_URL"),
    send: sendStaffEmail,
  };
}

/** The `announce` of a change the signed-in member makes from `ip`. */
export function announcerFor(username: string, ip: string | undefined): Announce {
  return (change) => announceChange(changeNoticeDependencies(), { username, change, ip });
}

function describe(change: AccountChange): { change: string; undoes?: string } {
  switch (change.kind) {
    case "email":
      return {
        change: `A new e-mail address was asked for your account: ${oneLine(change.to, 254)} instead of ${oneLine(change.from, 254)}. It takes effect only once the link we sent to the new address is followed.`,
        undoes:
          "cancels the new address while it has not taken effect (if it has, it locks the account until an admin unlocks it)",
      };
    case "password":
      return { change: "The password of your account was changed." };
    case "totp.enrol":
      return {
        change: "An authenticator app was set up for your account: signing in now asks for its code.",
      };
    case "totp.remove":
      return { change: "The authenticator app of your account was removed." };
    case "passkey.add":
      return {
        change: `A passkey ("${oneLine(change.name, 60)}") was added to your account: it signs in without a password.`,
        undoes: "removes that passkey",
      };
    case "passkey.remove":
      return { change: `The passkey "${oneLine(change.name, 60)}" was removed from your account.` };
  }
}

/**
 * Tells the owner about `change` before it is written: a new "This wasn't me" link is stored and
 * listed on the account, and the notice sent. Nothing is sent (and no link made) for an account
 * without an address. Throws AnnouncementFailed when the notice could not be sent.
 */
export async function announceChange(
  deps: ChangeNoticeDependencies,
  input: { username: string; change: AccountChange; ip: string | undefined },
): Promise<void> {
  const username = staffKey(input.username);
  const read = await deps.db.send(
    new GetCommand({
      TableName: deps.tables.users,
      Key: { username },
      ProjectionExpression: "email, undoLinks",
      ConsistentRead: true,
    }),
  );
  const user = read.Item as Pick<StaffUser, "email" | "undoLinks"> | undefined;
  const to = input.change.kind === "email" ? input.change.from : user?.email;
  if (!user || !to) return;
  const now = deps.clock();
  const issued = newOneTimeToken();
  const expiresAtMs = now.getTime() + VALID_MS;
  const item: NotMeItem = {
    pk: notMeKey(issued.id),
    secretHash: issued.secretHash,
    username,
    change: input.change,
    sentTo: to,
    issuedAtMs: now.getTime(),
    expiresAtMs,
    expiresAt: Math.ceil(expiresAtMs / 1000) + 60,
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.authState,
      Item: item,
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.users,
      Key: { username },
      UpdateExpression: "ADD undoLinks :entry",
      ConditionExpression: "attribute_exists(username)",
      ExpressionAttributeValues: { ":entry": new Set([undoEntry(item.issuedAtMs, issued.id)]) },
    }),
  );
  const expired = [...(user.undoLinks ?? [])].filter(
    (entry) => issuedAtOf(entry) + VALID_MS <= now.getTime(),
  );
  if (expired.length > 0) {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.users,
        Key: { username },
        UpdateExpression: "DELETE undoLinks :expired",
        ExpressionAttributeValues: { ":expired": new Set(expired) },
      }),
    );
  }
  try {
    await deps.send(
      to,
      accountChangedEmail({
        siteUrl: deps.siteUrl,
        token: issued.token,
        ...describe(input.change),
        at: now,
        ip: input.ip,
        validDays: NOT_ME_VALID_DAYS,
      }),
    );
  } catch (error) {
    throw new AnnouncementFailed(error);
  }
}
