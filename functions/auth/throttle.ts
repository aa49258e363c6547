/**
 * Login throttling. Failed attempts are remembered per account and per client IP in
 * EPHEMERAL_TABLE as the times of the most recent failures (a sliding window):
 * - 5 failures for one account within 15 minutes: that account answers 429 until the oldest of
 *   them is 15 minutes old — other accounts are unaffected and the lock lifts by itself;
 * - 20 failures from one IP within 15 minutes: logins from that IP answer 429 the same way
 *   (an attacker spraying many accounts from one address).
 * Unknown usernames are counted like real ones, so the answers do not reveal which exist.
 */
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

export type ThrottleScope = "account" | "ip";

export interface FailureWindow {
  /** Epoch milliseconds of recent failures, oldest first. */
  readonly failures: readonly number[];
}

/** The failures still inside the window at `now`. */
export function recentFailures(failures: readonly number[], now: number): number[] {
  const windowStart = now - LOGIN_WINDOW_SECONDS * 1000;
  return failures.filter((at) => at > windowStart && at <= now).sort((a, b) => a - b);
}

/**
 * Seconds until another attempt is allowed, or 0 when attempts are allowed now.
 * With `limit` failures in the window, the next attempt is allowed when the oldest one that
 * keeps the count at the limit leaves the window.
 */
export function lockedForSeconds(failures: readonly number[], limit: number, now: number): number {
  const recent = recentFailures(failures, now);
  if (recent.length < limit) return 0;
  const unlockingFailure = recent[recent.length - limit] as number;
  return Math.max(1, Math.ceil((unlockingFailure + LOGIN_WINDOW_SECONDS * 1000 - now) / 1000));
}

/** The list after one more failure, capped so that an item never grows. */
export function withFailure(failures: readonly number[], limit: number, now: number): number[] {
  return [...recentFailures(failures, now), now].slice(-limit);
}

const keyOf = (scope: ThrottleScope, subject: string) => `login-failures#${scope}#${subject}`;

export interface ThrottleSubjects {
  readonly account: string;
  readonly ip: string | undefined;
}

export interface ThrottleVerdict {
  readonly lockedSeconds: number;
  readonly scope?: ThrottleScope;
}

export class LoginThrottle {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async read(scope: ThrottleScope, subject: string): Promise<number[]> {
    const answer = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: keyOf(scope, subject) }, ConsistentRead: true }),
    );
    const failures = answer.Item?.failures;
    return Array.isArray(failures)
      ? failures.filter((value): value is number => typeof value === "number")
      : [];
  }

  private scopes(subjects: ThrottleSubjects): [ThrottleScope, string, number][] {
    const scopes: [ThrottleScope, string, number][] = [["account", subjects.account, ACCOUNT_FAILURE_LIMIT]];
    if (subjects.ip) scopes.push(["ip", subjects.ip, IP_FAILURE_LIMIT]);
    return scopes;
  }

  /** Whether a login attempt may go ahead now. */
  async check(subjects: ThrottleSubjects, now: Date): Promise<ThrottleVerdict> {
    for (const [scope, subject, limit] of this.scopes(subjects)) {
      const lockedSeconds = lockedForSeconds(await this.read(scope, subject), limit, now.getTime());
      if (lockedSeconds > 0) return { lockedSeconds, scope };
    }
    return { lockedSeconds: 0 };
  }

  /**
   * Remembers one failure for the account and the IP. Concurrent failures may overwrite each
   * other's entry; that can only under-count by the number of truly simultaneous requests,
   * which the per-IP limit and scrypt's cost keep small.
   */
  async recordFailure(subjects: ThrottleSubjects, now: Date): Promise<void> {
    await Promise.all(
      this.scopes(subjects).map(async ([scope, subject, limit]) => {
        const failures = withFailure(await this.read(scope, subject), limit, now.getTime());
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              pk: keyOf(scope, subject),
              failures,
              expiresAt: Math.ceil(now.getTime() / 1000) + LOGIN_WINDOW_SECONDS,
            },
          }),
        );
      }),
    );
  }

  /** A successful sign-in clears the account's failures (not the IP's). */
  async clearAccount(account: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: keyOf("account", account) } }),
    );
  }
}
