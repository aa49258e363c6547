/**
 * A hold on one item for one writer: taken by one conditional write before expensive work (hashing
 * a password), so that of N parallel requests for a one-time link exactly one does the work and the
 * others are refused at once (docs/decisions/0082). The holder's final write requires the hold
 * (`holderCondition`) and removes it (`HOLD_REMOVE`); a hold left by a writer that died is taken over
 * once it has expired.
 */

import { randomUUID } from "node:crypto";
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionalCheckFailed } from "./aws-errors";
import { isTransactionConflict, retryTransaction } from "./transact";

/** How long a hold lasts: well beyond a password hash and a transaction. */
export const HOLD_MS = 60_000;

/** The update clause the holder's final write adds to remove its hold. */
export const HOLD_REMOVE = "REMOVE holder, heldUntil";
/** The condition the holder's final write adds (with `":holder"` in its values). */
export const holderCondition = "holder = :holder";

export interface HoldRequest {
  readonly table: string;
  readonly key: Record<string, unknown>;
  /** What must hold of the item besides "not held" (e.g. still pending, same secret). */
  readonly condition: string;
  readonly names?: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/** The new holder's id, or undefined when the condition fails or another writer holds the item. */
export async function takeHold(
  db: DynamoDBDocumentClient,
  request: HoldRequest,
  now: Date,
): Promise<string | undefined> {
  const holder = randomUUID();
  try {
    // A conflict with the holder's transaction on the same item: try again, and then see it done.
    await retryTransaction({ attempts: 4, retryable: isTransactionConflict }, () =>
      db.send(
        new UpdateCommand({
          TableName: request.table,
          Key: request.key,
          UpdateExpression: "SET holder = :newHolder, heldUntil = :heldUntil",
          ConditionExpression: `(${request.condition}) AND (attribute_not_exists(heldUntil) OR heldUntil <= :holdNow)`,
          ...(request.names ? { ExpressionAttributeNames: request.names } : {}),
          ExpressionAttributeValues: {
            ...request.values,
            ":newHolder": holder,
            ":heldUntil": now.getTime() + HOLD_MS,
            ":holdNow": now.getTime(),
          },
        }),
      ),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
  return holder;
}

/** Gives the hold up (the work did not go through), if this holder still has it. */
export async function releaseHold(
  db: DynamoDBDocumentClient,
  request: Pick<HoldRequest, "table" | "key">,
  holder: string,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: request.table,
        Key: request.key,
        UpdateExpression: HOLD_REMOVE,
        ConditionExpression: holderCondition,
        ExpressionAttributeValues: { ":holder": holder },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
