import { BatchGetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * The items of one table (partition key `id`) with these ids, by id: BatchGet 100 at a time, keys
 * DynamoDB left unprocessed asked again a few times. Missing ids are absent from the map.
 */
export async function getByIds(
  db: DynamoDBDocumentClient,
  table: string,
  ids: readonly string[],
  projection?: string,
): Promise<Map<string, Record<string, unknown>>> {
  const byId = new Map<string, Record<string, unknown>>();
  const unique = [...new Set(ids)];
  for (let offset = 0; offset < unique.length; offset += 100) {
    let keys: Record<string, unknown>[] | undefined = unique
      .slice(offset, offset + 100)
      .map((id) => ({ id }));
    for (let attempt = 0; keys && keys.length > 0 && attempt < 5; attempt++) {
      const answer = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: { Keys: keys, ...(projection ? { ProjectionExpression: projection } : {}) },
          },
        }),
      );
      for (const item of answer.Responses?.[table] ?? []) byId.set(String(item.id), item);
      keys = answer.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return byId;
}
