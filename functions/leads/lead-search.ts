/**
 * A search's candidates: prefix queries of the four bySearch* indexes (keys and facets only),
 * merged and deduplicated. The number found is exact unless the search is too broad to list this
 * way (docs/decisions/0021-admin-scale.md).
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { SEARCH_INDEXES } from "../model/tables";
import type { LeadTable } from "./lead-listing";

export const SEARCH_CANDIDATE_CAP = 5_000;

export interface SearchCandidates {
  /** Index entries: `id`, `createdAt` and the facets. */
  readonly candidates: Record<string, unknown>[];
  /** False when the search matched too many to list them all. */
  readonly complete: boolean;
}

/**
 * Index entries whose search attributes start with `q` and whose facets match, deduplicated.
 * Incomplete once more than `cap` match or one index has read 4 × that many.
 */
export async function searchCandidates(
  table: LeadTable,
  q: string,
  facets: readonly [string, string][],
  cap = SEARCH_CANDIDATE_CAP,
): Promise<SearchCandidates> {
  const found = new Map<string, Record<string, unknown>>();
  let complete = true;
  const projection = ["id", "createdAt"];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ":kind": table.lead.kind };
  projection.forEach((name, i) => {
    names[`#p${i}`] = name;
  });
  facets.forEach(([facet, value], i) => {
    names[`#f${i}`] = facet;
    values[`:f${i}`] = value;
  });
  const filter = facets.map((_, i) => `#f${i} = :f${i}`).join(" AND ");
  await Promise.all(
    SEARCH_INDEXES.map(async ({ indexName, attribute }) => {
      const prefix = attribute === "searchDomain" ? q.replace(/^@/, "") : q;
      if (!prefix) return;
      let start: Record<string, unknown> | undefined;
      let scanned = 0;
      do {
        const page = await table.db.send(
          new QueryCommand({
            TableName: table.tableName,
            IndexName: indexName,
            KeyConditionExpression: "kind = :kind AND begins_with(#attr, :prefix)",
            ExpressionAttributeNames: { ...names, "#attr": attribute },
            ExpressionAttributeValues: { ...values, ":prefix": prefix },
            ProjectionExpression: projection.map((_, i) => `#p${i}`).join(", "),
            ...(filter ? { FilterExpression: filter } : {}),
            // No more than can decide: a broad search is known as such after `cap` + 1 entries,
            // not after a whole 1 MB page (thousands of entries) of each index.
            Limit: cap + 1,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) found.set(String(item.id), item);
        scanned += page.ScannedCount ?? 0;
        start = page.LastEvaluatedKey;
        if (found.size > cap || scanned > 4 * cap || !complete) {
          complete = false;
          return;
        }
      } while (start);
    }),
  );
  return { candidates: [...found.values()], complete };
}
