/**
 * Whether a listing may read the byOwner index (docs/decisions/0100, which keys it by status and
 * owner): once the desk backfill has put its marker in the table (every record with a status then
 * has its `ownerKey` in that form; every change keeps it), and while DynamoDB answers from the
 * index. Until then — right after the deploy that adds the index, while AWS builds it or the
 * backfill runs — a listing reads byDesk or byCreatedAt with the owner as a filter, as before:
 * slower for a rare owner, never incomplete.
 */
import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { OWNER_INDEX_READY_ID } from "../model/lead-index";

/** Tables whose marker was seen: it is never removed, so a warm function asks once. */
const ready = new Set<string>();

export async function ownerIndexReady(db: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  if (ready.has(tableName)) return true;
  const found = await db.send(
    new GetCommand({ TableName: tableName, Key: { id: OWNER_INDEX_READY_ID }, ProjectionExpression: "id" }),
  );
  if (found.Item) ready.add(tableName);
  return found.Item !== undefined;
}

/**
 * DynamoDB refuses a query of an index it is still building ("Cannot read from backfilling global
 * secondary index") or does not have yet (the code deployed before the table's update finished):
 * both a ValidationException that names the index.
 */
export function isIndexUnavailable(error: unknown, indexName: string): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === "ValidationException" && typeof message === "string" && message.includes(indexName);
}
