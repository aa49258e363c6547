/**
 * DynamoDB transactions: the one item type, and the one retry policy for a transaction that lost a
 * race (another writer changed what it conditions on, or DynamoDB reported a conflict).
 */
import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "./aws-errors";

export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** DynamoDB's own conflict between transactions, or throttling of one of its items. */
export function isTransactionConflict(error: unknown): boolean {
  if ((error as { name?: string } | null)?.name === "TransactionConflictException") return true;
  return (cancellationCodes(error) ?? []).some(
    (code) => code === "TransactionConflict" || code === "ThrottlingError",
  );
}

/** A transaction whose condition failed: something it read has moved since. */
export function isConditionRefused(error: unknown): boolean {
  return cancellationCodes(error)?.includes("ConditionalCheckFailed") === true;
}

/**
 * The transaction's first action was refused by its condition: by convention the item it is about
 * (a record, an account, an invitation) was gone or had moved; the other actions did not count.
 */
export function isFirstConditionRefused(error: unknown): boolean {
  return cancellationCodes(error)?.[0] === "ConditionalCheckFailed";
}

/** Exponential backoff with jitter: ~10 ms after the first attempt, at most ~240 ms. */
export function conflictBackoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(10 * 2 ** Math.min(attempt, 4) * (0.5 + random()));
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** Which failures are worth another attempt (default: a conflict between transactions). */
  readonly retryable?: (error: unknown) => boolean;
  readonly sleep?: Sleep;
}

/**
 * Runs `attempt(n)` (n from 1) until it returns; a failure that `retryable` accepts is retried after
 * the backoff, up to `attempts` in all, and any other failure, or the last, is thrown. Each attempt
 * reads afresh: when racing writers retry, each round one of them wins.
 */
export async function retryTransaction<T>(
  options: RetryOptions,
  attempt: (attempt: number) => Promise<T>,
): Promise<T> {
  const retryable = options.retryable ?? isTransactionConflict;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= options.attempts || !retryable(error)) throw error;
      await (options.sleep ?? sleep)(conflictBackoffMs(n));
    }
  }
}
