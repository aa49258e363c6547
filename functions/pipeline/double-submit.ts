/**
 * A double submit of a public form (docs/decisions/0120-server-issued-lead-ids.md): the browser
 * sends a `submissionId` it keeps while the form is filled in (web/src/forms/useSubmissionForm.ts),
 * so a second click, or a retry after a lost answer, must not store a second lead. The id is not
 * the lead's id (the server issues that): it only keys, hashed together with the submission's
 * content, an item in the ephemeral table that names the lead the first answer gave, for
 * DOUBLE_SUBMIT_SECONDS. The same submissionId with other content (another person who learned it,
 * or the same person who changed a field) is a new submission; after the window, so is the same.
 *
 * The item: pk "submission#<sha-256 of kind, submissionId and content>", { leadId, expiresAt }.
 * Written first in the submission's transaction, conditional on being new.
 */
import { createHash } from "node:crypto";
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { TransactItem } from "../lib/transact";

/** How long a double submit of the same content answers with the first lead's id. */
export const DOUBLE_SUBMIT_SECONDS = 300;

export interface DoubleSubmit {
  readonly pk: string;
}

/** The same value, whatever order its keys came in (JSON with sorted keys). */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableText((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** The double-submit key of a submission: its kind, the browser's id and its form values. */
export function doubleSubmitOf(kind: string, submissionId: string, values: unknown): DoubleSubmit {
  const digest = createHash("sha256")
    .update(`${kind}\n${submissionId}\n${stableText(values)}`)
    .digest("hex");
  return { pk: `submission#${digest}` };
}

/**
 * The item, as the first action of the submission's transaction: new, or past its window (DynamoDB's
 * time to live removes an item up to days after its time).
 */
export function doubleSubmitPut(table: string, key: DoubleSubmit, leadId: string, now: Date): TransactItem {
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    Put: {
      TableName: table,
      Item: { pk: key.pk, leadId, expiresAt: seconds + DOUBLE_SUBMIT_SECONDS },
      ConditionExpression: "attribute_not_exists(pk) OR expiresAt <= :now",
      ExpressionAttributeValues: { ":now": seconds },
    },
  };
}

/** The lead the first submission was answered with, if its item is still there. */
export async function firstAnswerOf(
  db: DynamoDBDocumentClient,
  table: string,
  key: DoubleSubmit,
): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: table, Key: { pk: key.pk }, ConsistentRead: true }),
  );
  return typeof Item?.leadId === "string" ? Item.leadId : undefined;
}
