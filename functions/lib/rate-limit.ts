import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Clock } from "./clock";

/**
 * A fixed-window counter in the ephemeral table: one item per subject and window, incremented
 * atomically, deleted by TTL after the window. Works the same against DynamoDB and dynalite
 * (which ignores TTL; a new window simply uses a new key).
 */
export interface RateLimitDeps {
  readonly db: DynamoDBDocumentClient;
  readonly ephemeralTable: string;
  readonly clock: Clock;
}

export interface RateLimitRule {
  /** What is limited, e.g. "submissions". */
  readonly scope: string;
  /** Who is limited, e.g. a client IP. */
  readonly subject: string;
  /** Allowed hits per window; 0 turns the limit off. */
  readonly limit: number;
  readonly windowMs?: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly hits: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

export const MINUTE_MS = 60_000;

export function windowOf(now: Date, windowMs: number = MINUTE_MS): { start: number; end: number } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

export function rateLimitKey(rule: RateLimitRule, windowStart: number): string {
  return `rate#${rule.scope}#${rule.subject}#${windowStart}`;
}

/** Counts one hit and says whether it is within the limit. */
export async function hitRateLimit(deps: RateLimitDeps, rule: RateLimitRule): Promise<RateLimitDecision> {
  const now = deps.clock();
  const windowMs = rule.windowMs ?? MINUTE_MS;
  const { start, end } = windowOf(now, windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
  if (rule.limit <= 0) return { allowed: true, hits: 0, retryAfterSeconds };
  const result = await deps.db.send(
    new UpdateCommand({
      TableName: deps.ephemeralTable,
      Key: { pk: rateLimitKey(rule, start) },
      UpdateExpression: "ADD hits :one SET expiresAt = :expiresAt",
      ExpressionAttributeValues: { ":one": 1, ":expiresAt": Math.ceil(end / 1000) + 60 },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  const hits = Number(result.Attributes?.hits ?? 1);
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds };
}
