/**
 * The forgotten password (docs/decisions/0063). A request names an account by e-mail address or
 * username and always gets the same answer; when an active account with an address matches, a
 * one-time link (functions/staff/one-time-token.ts) valid 1 hour is e-mailed. The link is stored
 * only as its secret's hash in the auth-state table (docs/decisions/0057), bound to the account, and used up by a
 * conditional write in the same transaction that sets the password, so it works once even when
 * opened twice at the same moment. Setting the password ends every session of the account.
 *
 * A link also carries the account's credentials version at its issue (docs/decisions/0082): a
 * reset, a new password, a new address, "This wasn't me", a deactivation or an admin's second-factor
 * reset raises the version, and the reset's write requires the version the link was issued at —
 * every link sent before such a change is void.
 * The per-account limit counts the account a name resolves to (its username and address are one
 * account); over it, the answer stays the same and no e-mail is sent.
 */
import { type DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes, isConditionalCheckFailed } from "../lib/aws-errors";
import type { Clock } from "../lib/clock";
import { HOLD_REMOVE, holderCondition, releaseHold, takeHold } from "../lib/hold";
import { clientNetwork } from "../lib/ip-address";
import { isTransactionConflict, retryTransaction } from "../lib/transact";
import { auditItem, auditPut } from "../model/audit";
import { staffKey } from "../model/identity";
import { endSessions } from "../model/staff/sessions";
import { hitWindow, LOGIN_WINDOW_SECONDS } from "../model/staff/throttle";
import {
  credentialsVersionOf,
  type StaffUser,
  UsersRepository,
  VOID_RESET_LINKS,
} from "../model/staff/users";
import { newOneTimeToken, openStoredLink } from "./one-time-token";

export const RESET_VALID_MINUTES = 60;
/**
 * Requests per typed account name from all addresses, and per address, within 15 minutes; and
 * e-mails per account, whichever name (username or address) asked for them.
 */
export const RESET_ACCOUNT_LIMIT = 3;
export const RESET_ADDRESS_LIMIT = 10;

export interface PasswordResetDependencies {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly users: string; readonly authState: string; readonly audit: string };
  readonly clock: Clock;
}

interface ResetItem {
  readonly pk: string;
  readonly secretHash: string;
  /** Empty for a request that matched no account: the same write, a link that never works. */
  readonly username: string;
  readonly expiresAtMs: number;
  /** TTL (epoch seconds). */
  readonly expiresAt: number;
  readonly usedAt?: string;
  /** The account's credentials version at issue (absent on links from before versions: 0). */
  readonly version?: number;
}

const resetKey = (id: string) => `password-reset#${id}`;
const throttleKey = {
  account: (login: string) => `password-reset#account#${login.slice(0, 128)}`,
  address: (network: string) => `password-reset#address#${network}`,
  /** The account the typed name resolved to (its stored username). */
  resolved: (username: string) => `password-reset#user#${username}`,
};

export type ForgotOutcome =
  | { readonly kind: "accepted"; readonly mail?: { readonly to: string; readonly token: string } }
  | { readonly kind: "throttled"; readonly retryAfterSeconds: number };

/** The active account a request names: its username, else its address (lower case). */
function accountFor(users: readonly StaffUser[], login: string): StaffUser | undefined {
  const username = staffKey(login);
  const email = staffKey(login);
  return users.find((user) => user.username === username) ?? users.find((user) => user.email === email);
}

/**
 * Counts the request (atomically, per typed name and per address — whether or not an account
 * matches, so the limits say nothing about which exist), then does the same reads and writes for
 * every request: all accounts are read, a link is stored. A request that names an account is also
 * counted for that account, whichever of its names was typed; over that limit it is treated as
 * naming none (no e-mail, the same answer). Only a match gets `mail` (and an audit entry); the
 * caller sends it and answers every request alike.
 */
export async function requestPasswordReset(
  deps: PasswordResetDependencies,
  input: { login: string; ip?: string },
): Promise<ForgotOutcome> {
  const now = deps.clock();
  const login = staffKey(input.login);
  const network = clientNetwork(input.ip ?? "unknown");
  const [account, address] = await Promise.all([
    hitWindow(deps.db, deps.tables.authState, throttleKey.account(login), RESET_ACCOUNT_LIMIT, now),
    hitWindow(deps.db, deps.tables.authState, throttleKey.address(network), RESET_ADDRESS_LIMIT, now),
  ]);
  if (!account.allowed || !address.allowed) {
    const retryAfterSeconds = Math.max(
      account.allowed ? 0 : account.retryAfterSeconds,
      address.allowed ? 0 : address.retryAfterSeconds,
    );
    return { kind: "throttled", retryAfterSeconds: Math.min(retryAfterSeconds, LOGIN_WINDOW_SECONDS) };
  }
  const users = await new UsersRepository(deps.db, deps.tables.users).list();
  const found = accountFor(users, login);
  // Deactivated accounts and accounts without an address get no link, nor does an account that
  // had its e-mails within the window (asked for by its username and its address together).
  const user =
    found &&
    !found.deactivatedAt &&
    found.email &&
    (
      await hitWindow(
        deps.db,
        deps.tables.authState,
        throttleKey.resolved(found.username),
        RESET_ACCOUNT_LIMIT,
        now,
      )
    ).allowed
      ? found
      : undefined;
  const issued = newOneTimeToken();
  const expiresAtMs = now.getTime() + RESET_VALID_MINUTES * 60_000;
  const item: ResetItem = {
    pk: resetKey(issued.id),
    secretHash: issued.secretHash,
    username: user?.username ?? "",
    expiresAtMs,
    expiresAt: Math.ceil(expiresAtMs / 1000) + 60,
    version: user ? credentialsVersionOf(user) : 0,
  };
  const put = {
    TableName: deps.tables.authState,
    Item: item,
    ConditionExpression: "attribute_not_exists(pk)",
  };
  if (!user) {
    await deps.db.send(new PutCommand(put));
    return { kind: "accepted" };
  }
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: put },
        {
          Put: {
            TableName: deps.tables.audit,
            Item: auditItem({ action: "team.password.forgot", actor: user.username, ip: input.ip, at: now }),
          },
        },
      ],
    }),
  );
  return { kind: "accepted", mail: { to: user.email as string, token: issued.token } };
}

/**
 * The account a link may reset, or undefined (unknown, wrong secret, used, expired, deactivated,
 * or sent before a change that voids reset links).
 */
async function validReset(
  deps: PasswordResetDependencies,
  token: string,
): Promise<{ item: ResetItem; user: StaffUser } | undefined> {
  const store = { db: deps.db, table: deps.tables.authState, now: deps.clock() };
  const item = (await openStoredLink<ResetItem>(store, token, resetKey))?.item;
  if (!item?.username) return undefined;
  const user = await new UsersRepository(deps.db, deps.tables.users).find(item.username);
  if (!user || user.deactivatedAt || (item.version ?? 0) !== credentialsVersionOf(user)) return undefined;
  return { item, user };
}

/** Whether a link can still set a password (the reset page checks before asking for one). */
export async function checkPasswordReset(
  deps: PasswordResetDependencies,
  token: string,
): Promise<StaffUser | undefined> {
  return (await validReset(deps, token))?.user;
}

export type ResetOutcome =
  | { readonly kind: "done"; readonly username: string }
  | { readonly kind: "invalid" };

/**
 * Sets the new password with a link, once. The link is first held for this request by one
 * conditional write (functions/lib/hold.ts): of parallel requests with one link only the holder
 * hashes the password (`passwordHash`), the others are "invalid" at once. Then the link is marked
 * used only if it is still unused, unexpired, held by this request and its secret matches, the
 * password set only if the account is still active and at the link's credentials version, which
 * the write raises (so the account's other links die with it) — one transaction with the audit
 * entry. Then every session of the account ends.
 */
export async function resetPassword(
  deps: PasswordResetDependencies,
  input: { token: string; passwordHash: () => Promise<string>; ip?: string },
): Promise<ResetOutcome> {
  const valid = await validReset(deps, input.token);
  if (!valid) return { kind: "invalid" };
  const link = { table: deps.tables.authState, key: { pk: valid.item.pk } };
  const now = deps.clock();
  const holder = await takeHold(
    deps.db,
    {
      ...link,
      condition: "attribute_not_exists(usedAt) AND secretHash = :hash AND expiresAtMs > :nowMs",
      values: { ":hash": valid.item.secretHash, ":nowMs": now.getTime() },
    },
    now,
  );
  if (!holder) return { kind: "invalid" };
  let outcome: ResetOutcome = { kind: "invalid" };
  try {
    outcome = await setWithLink(deps, valid, holder, await input.passwordHash(), input.ip);
    return outcome;
  } finally {
    if (outcome.kind !== "done") await releaseHold(deps.db, link, holder);
  }
}

async function setWithLink(
  deps: PasswordResetDependencies,
  valid: { item: ResetItem; user: StaffUser },
  holder: string,
  passwordHash: string,
  ip: string | undefined,
): Promise<ResetOutcome> {
  const now = deps.clock();
  const { item, user } = valid;
  const version = item.version ?? 0;
  try {
    // A conflict with a refused request's write on the link: the hold still stands, retry.
    await retryTransaction({ attempts: 4, retryable: isTransactionConflict }, () =>
      deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: deps.tables.authState,
                Key: { pk: item.pk },
                UpdateExpression: `SET usedAt = :now ${HOLD_REMOVE}`,
                ConditionExpression: `attribute_not_exists(usedAt) AND secretHash = :hash AND expiresAtMs > :nowMs AND username = :user AND ${holderCondition}`,
                ExpressionAttributeValues: {
                  ":now": now.toISOString(),
                  ":nowMs": now.getTime(),
                  ":hash": item.secretHash,
                  ":user": user.username,
                  ":holder": holder,
                },
              },
            },
            {
              Update: {
                TableName: deps.tables.users,
                Key: { username: user.username },
                UpdateExpression: `SET passwordHash = :hash, passwordChangedAt = :at ${VOID_RESET_LINKS}`,
                ConditionExpression: `attribute_exists(username) AND attribute_not_exists(deactivatedAt) AND (${
                  version === 0 ? "attribute_not_exists(credentialsVersion) OR " : ""
                }credentialsVersion = :version)`,
                ExpressionAttributeValues: {
                  ":hash": passwordHash,
                  ":at": now.toISOString(),
                  ":one": 1,
                  ":version": version,
                },
              },
            },
            auditPut(deps.tables.audit, {
              action: "team.password.reset",
              actor: user.username,
              ip,
              at: now,
            }),
          ],
        }),
      ),
    );
  } catch (error) {
    if (cancellationCodes(error)?.some((code) => code === "ConditionalCheckFailed"))
      return { kind: "invalid" };
    if (isConditionalCheckFailed(error)) return { kind: "invalid" };
    throw error;
  }
  await endSessions(deps, user.username);
  return { kind: "done", username: user.username };
}
