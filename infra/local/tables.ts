/**
 * The local DynamoDB tables, built from the same definitions as the CDK stack (functions/model/tables.ts).
 * Time to live is not applied locally (dynalite ignores it); the functions already treat expired
 * ephemeral items as absent.
 */
import {
  type AttributeDefinition,
  CreateTableCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
} from "@aws-sdk/client-dynamodb";
import { TABLES, type TableDefinition, type TableKey } from "../../functions/model/tables";

/** Physical table name of each table in the local runtime. */
export function localTableName(key: TableKey): string {
  return `repdesk-local-${TABLES[key].id}`;
}

/** Environment variable -> table name, as the functions read them (SIGNUPS_TABLE=...). */
export function localTableEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const key of Object.keys(TABLES) as TableKey[]) environment[TABLES[key].envVar] = localTableName(key);
  return environment;
}

export function createTableInput(definition: TableDefinition, tableName: string): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const remember = (key: { name: string; type: "S" | "N" } | undefined) => {
    if (key) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  };
  remember(definition.partitionKey);
  remember(definition.sortKey);
  for (const index of definition.globalIndexes ?? []) {
    remember(index.partitionKey);
    remember(index.sortKey);
  }
  const keySchema = (partition: { name: string }, sort?: { name: string }) => [
    { AttributeName: partition.name, KeyType: "HASH" as const },
    ...(sort ? [{ AttributeName: sort.name, KeyType: "RANGE" as const }] : []),
  ];
  const input: CreateTableCommandInput = {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [...attributes.values()],
    KeySchema: keySchema(definition.partitionKey, definition.sortKey),
  };
  if (definition.globalIndexes && definition.globalIndexes.length > 0) {
    input.GlobalSecondaryIndexes = definition.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      // The same projection as in AWS, so a query that needs an attribute the index lacks fails here too.
      Projection: index.include
        ? { ProjectionType: "INCLUDE", NonKeyAttributes: [...index.include] }
        : { ProjectionType: "ALL" },
    }));
  }
  if (definition.streamNewImages) {
    input.StreamSpecification = { StreamEnabled: true, StreamViewType: "NEW_IMAGE" };
  }
  return input;
}

/** Creates every table of functions/model/tables.ts that does not exist yet; returns the names it created. */
export async function ensureTables(
  client: DynamoDBClient,
  nameOf: (key: TableKey) => string = localTableName,
): Promise<string[]> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) existing.add(name);
    start = page.LastEvaluatedTableName;
  } while (start);
  const created: string[] = [];
  for (const key of Object.keys(TABLES) as TableKey[]) {
    const name = nameOf(key);
    if (existing.has(name)) continue;
    try {
      await client.send(new CreateTableCommand(createTableInput(TABLES[key], name)));
      created.push(name);
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
  }
  return created;
}
