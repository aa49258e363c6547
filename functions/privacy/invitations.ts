/**
 * Invitations to the staff team that name one address (docs/decisions/0119-personal-data-map.md):
 * each invitation (its `email`) and the address's lock beside it (an id "<prefix>#<address>"), in
 * the invitations table. The table holds a team's invitations for 30 days past their expiry, a
 * few dozen items: it is read whole, up to INVITATION_READ_LIMIT items.
 */
import { type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { sameIdentity } from "../model/identity";

type Item = Record<string, unknown>;

export const INVITATION_READ_LIMIT = 2_000;

/** Whether the item is an invitation to the address, or the address's lock. */
function about(item: Item, email: string): boolean {
  if (typeof item.email === "string" && sameIdentity(item.email, email)) return true;
  const id = typeof item.id === "string" ? item.id : "";
  const hash = id.indexOf("#");
  return hash > 0 && sameIdentity(id.slice(hash + 1), email);
}

export async function invitationsOf(
  db: DynamoDBDocumentClient,
  table: string,
  email: string,
): Promise<{ items: Item[]; partial: boolean }> {
  const items: Item[] = [];
  let read = 0;
  let start: Item | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) if (about(item, email)) items.push(item);
    read += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start && read < INVITATION_READ_LIMIT);
  return { items, partial: start !== undefined };
}
