/**
 * "Account under attack": when repeated wrong passwords lock an account (functions/model/staff/throttle.ts),
 * its owner is e-mailed once per lock window. The alert is written as an outbox event in one
 * transaction with a marker item in the auth-state table whose condition admits one alert per
 * account per window, so parallel failures raise exactly one, and an accepted alert cannot be lost:
 * the relay, the notification queue and the notify worker's exactly-once claims deliver it
 * (docs/decisions/0001-transactional-outbox.md, docs/decisions/0051-login-throttling.md).
 */
import { type DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { AccountLocked } from "../../events/envelopes";
import type { IdGenerator } from "../lib/clock";
import { isFirstConditionRefused } from "../lib/transact";
import { outboxItemFor } from "../model/outbox";
import { LOGIN_WINDOW_SECONDS } from "../model/staff/throttle";

export interface AttackAlertDeps {
  readonly db: DynamoDBDocumentClient;
  readonly tables: { readonly authState: string; readonly outbox: string };
  readonly newId: IdGenerator;
}

export interface LockedAccount {
  /** The stored username (never what was typed). */
  readonly username: string;
  /** The owner's address on the account, if any. */
  readonly email: string | undefined;
  readonly ip: string | undefined;
  readonly at: Date;
}

export const alertKey = (username: string) => `attack-alert#${username}`;

/** Queues the owner's e-mail unless this account had one within the lock window; true if queued. */
export async function raiseAccountLockedAlert(
  deps: AttackAlertDeps,
  locked: LockedAccount,
): Promise<boolean> {
  const now = locked.at.getTime();
  const windowEnds = now + LOGIN_WINDOW_SECONDS * 1000;
  const event: AccountLocked = {
    type: "staff.account-locked",
    version: 1,
    id: deps.newId(),
    occurredAt: locked.at.toISOString(),
    data: {
      username: locked.username,
      ...(locked.email ? { email: locked.email } : {}),
      ...(locked.ip ? { ip: locked.ip } : {}),
      lockedAt: locked.at.toISOString(),
      lockedMinutes: LOGIN_WINDOW_SECONDS / 60,
    },
  };
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.tables.authState,
              Item: { pk: alertKey(locked.username), windowEnds, expiresAt: Math.ceil(windowEnds / 1000) },
              ConditionExpression: "attribute_not_exists(pk) OR windowEnds <= :now",
              ExpressionAttributeValues: { ":now": now },
            },
          },
          { Put: { TableName: deps.tables.outbox, Item: outboxItemFor(event) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isFirstConditionRefused(error)) return false;
    throw error;
  }
}
