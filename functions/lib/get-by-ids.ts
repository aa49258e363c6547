import { BatchGetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { forEachConcurrently } from "./pool";
import { conflictBackoffMs, sleep } from "./transact";

/** BatchGet requests in flight at once for one call. */
const PARALLEL_BATCHES = 4;
/** BatchGet calls per batch, the first included, before unprocessed keys are an error. */
const ATTEMPTS = 5;

/**
 * The items of one table (partition key `id`) with these ids, by id: BatchGet 100 at a time (a few
 * batches at once), keys DynamoDB left unprocessed (throttling, a response over 16 MB) asked again
 * after a growing pause; only `attributes` when given (names need no escaping: they are passed as
 * expression attribute names). Missing ids are absent from the map; ids still unprocessed after
 * the last attempt are an error, never a silently shorter answer.
 */
export async function getByIds(
  db: DynamoDBDocumentClient,
  table: string,
  ids: readonly string[],
  attributes?: readonly string[],
  pause: (ms: number) => Promise<void> = sleep,
): Promise<Map<string, Record<string, unknown>>> {
  const byId = new Map<string, Record<string, unknown>>();
  const unique = [...new Set(ids)];
  const projection = attributes
    ? {
        ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(", "),
        ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
      }
    : {};
  const batches: string[][] = [];
  for (let offset = 0; offset < unique.length; offset += 100)
    batches.push(unique.slice(offset, offset + 100));
  await forEachConcurrently(batches, PARALLEL_BATCHES, async (batch) => {
    let keys: Record<string, unknown>[] | undefined = batch.map((id) => ({ id }));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt === ATTEMPTS)
        throw new Error(
          `BatchGet on ${table} left ${keys.length} keys unprocessed after ${ATTEMPTS} attempts`,
        );
      if (attempt > 0) await pause(conflictBackoffMs(attempt));
      const answer = await db.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ...projection } } }),
      );
      for (const item of answer.Responses?.[table] ?? []) byId.set(String(item.id), item);
      keys = answer.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  });
  return byId;
}
