/**
 * Login throttling (docs/decisions/0051-login-throttling.md). Every attempt RESERVES its place
 * before the password is checked, with one atomic DynamoDB update per counter, so parallel
 * requests cannot all pass a check that each of them read before any had failed:
 * - per account AND address (an IPv6 /64 counts as one address): 5 attempts within 15 minutes of
 *   the first; then that address gets 429 for that account until the 15 minutes are over. Other
 *   addresses are unaffected, so an attacker cannot lock the account's owner out;
 * - per address: 20 attempts within 15 minutes, whatever the accounts (one address spraying many
 *   accounts);
 * - per account from every address: no lock, but the 20th failure within 15 minutes raises one
 *   "account under attack" alert (once per window);
 * - the failure that locks an account for an address raises that alert too: the owner is e-mailed
 *   once per account and window (functions/staff/attack-alert.ts).
 * A successful sign-in clears its account-and-address counter and gives back its address attempt;
 * an outcome that is not a failure (a code is still needed) gives back both reservations.
 * Unknown usernames are counted like real ones, so the answers do not reveal which exist.
 */
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "../../lib/aws-errors";
import { clientNetwork } from "../../lib/ip-address";

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Attempts per account from one address within the window. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Attempts from one address, all accounts together, within the window. */
export const IP_FAILURE_LIMIT = 20;
/** Failures for one account from all addresses within the window that raise one alert. */
export const ATTACK_ALERT_THRESHOLD = 20;

export type ThrottleScope = "account" | "ip";

export interface ThrottleSubjects {
  /** The normalized username. */
  readonly account: string;
  readonly ip: string | undefined;
}

/** A counter whose window starts at its first hit (no boundary where a fixed window resets). */
export interface WindowHit {
  readonly allowed: boolean;
  readonly hits: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/** Counts one hit atomically: a live window is incremented, a missing or ended one is started. */
export async function hitWindow(
  db: DynamoDBDocumentClient,
  table: string,
  pk: string,
  limit: number,
  now: Date,
  windowSeconds: number = LOGIN_WINDOW_SECONDS,
): Promise<WindowHit> {
  const nowMs = now.getTime();
  const secondsUntil = (end: number) => Math.max(1, Math.ceil((end - nowMs) / 1000));
  // Two writers racing to start a window: one wins, the other increments it on its next turn.
  for (let turn = 0; turn < 3; turn += 1) {
    try {
      const answer = await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk },
          UpdateExpression: "ADD hits :one",
          ConditionExpression: "windowEnds > :now",
          ExpressionAttributeValues: { ":one": 1, ":now": nowMs },
          ReturnValues: "ALL_NEW",
        }),
      );
      const hits = Number(answer.Attributes?.hits);
      const windowEnds = Number(answer.Attributes?.windowEnds);
      return { allowed: hits <= limit, hits, retryAfterSeconds: secondsUntil(windowEnds) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    const windowEnds = nowMs + windowSeconds * 1000;
    try {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: { pk, hits: 1, windowEnds, expiresAt: Math.ceil(windowEnds / 1000) + 60 },
          ConditionExpression: "attribute_not_exists(pk) OR windowEnds <= :now",
          ExpressionAttributeValues: { ":now": nowMs },
        }),
      );
      return { allowed: limit >= 1, hits: 1, retryAfterSeconds: secondsUntil(windowEnds) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
  throw new Error(`Could not count a hit on ${pk}: the window kept changing`);
}

/** Gives one hit back (an attempt that turned out not to be a failure). */
async function releaseHit(db: DynamoDBDocumentClient, table: string, pk: string, now: Date): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk },
        UpdateExpression: "ADD hits :minusOne",
        ConditionExpression: "windowEnds > :now AND hits > :zero",
        ExpressionAttributeValues: { ":minusOne": -1, ":now": now.getTime(), ":zero": 0 },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

const BOUNDED = 128;
/** Keys stay small whatever a visitor types (usernames are at most 128 characters anyway). */
const part = (value: string) => value.slice(0, BOUNDED);

export const throttleKeys = {
  accountAddress: (account: string, network: string) => `login#account-address#${part(account)}#${network}`,
  address: (network: string) => `login#address#${network}`,
  account: (account: string) => `login#account#${part(account)}`,
};

export type Reservation =
  | {
      readonly allowed: true;
      /** This attempt is the last one the account allows from this address: if it fails, the account is locked there. */
      readonly lastBeforeLock: boolean;
      readonly release: () => Promise<void>;
      readonly succeeded: () => Promise<void>;
    }
  | { readonly allowed: false; readonly scope: ThrottleScope; readonly retryAfterSeconds: number };

export class LoginThrottle {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Reserves one attempt for the account from this address and one for the address. Refused when
   * either is over its limit (the other reservation is given back).
   */
  async reserve(subjects: ThrottleSubjects, now: Date): Promise<Reservation> {
    const network = clientNetwork(subjects.ip ?? "unknown");
    const pairKey = throttleKeys.accountAddress(subjects.account, network);
    const addressKey = throttleKeys.address(network);
    const [pair, address] = await Promise.all([
      hitWindow(this.db, this.tableName, pairKey, ACCOUNT_FAILURE_LIMIT, now),
      hitWindow(this.db, this.tableName, addressKey, IP_FAILURE_LIMIT, now),
    ]);
    if (!address.allowed) {
      if (pair.allowed) await releaseHit(this.db, this.tableName, pairKey, now);
      return { allowed: false, scope: "ip", retryAfterSeconds: address.retryAfterSeconds };
    }
    if (!pair.allowed) {
      await releaseHit(this.db, this.tableName, addressKey, now);
      return { allowed: false, scope: "account", retryAfterSeconds: pair.retryAfterSeconds };
    }
    return {
      allowed: true,
      lastBeforeLock: pair.hits === ACCOUNT_FAILURE_LIMIT,
      release: async () => {
        await Promise.all([
          releaseHit(this.db, this.tableName, pairKey, now),
          releaseHit(this.db, this.tableName, addressKey, now),
        ]);
      },
      succeeded: async () => {
        await Promise.all([
          this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: pairKey } })),
          releaseHit(this.db, this.tableName, addressKey, now),
        ]);
      },
    };
  }

  /**
   * Reserves one attempt for the address alone: a sign-in that names no account up front (a
   * passkey; docs/decisions/0073-passkeys.md). A failure keeps it, anything else gives it back.
   */
  async reserveAddress(
    ip: string | undefined,
    now: Date,
  ): Promise<
    | { readonly allowed: true; readonly release: () => Promise<void> }
    | { readonly allowed: false; readonly retryAfterSeconds: number }
  > {
    const addressKey = throttleKeys.address(clientNetwork(ip ?? "unknown"));
    const address = await hitWindow(this.db, this.tableName, addressKey, IP_FAILURE_LIMIT, now);
    if (!address.allowed) return { allowed: false, retryAfterSeconds: address.retryAfterSeconds };
    return { allowed: true, release: () => releaseHit(this.db, this.tableName, addressKey, now) };
  }

  /**
   * Counts a failure for an existing account from any address; true exactly once per window, when
   * the count reaches ATTACK_ALERT_THRESHOLD (the caller then alerts staff).
   */
  async failureRaisesAlert(account: string, now: Date): Promise<boolean> {
    const hit = await hitWindow(
      this.db,
      this.tableName,
      throttleKeys.account(account),
      ATTACK_ALERT_THRESHOLD,
      now,
    );
    return hit.hits === ATTACK_ALERT_THRESHOLD;
  }
}
