import path from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { TABLES } from "../../functions/model/tables";
import { LOCAL_CREDENTIALS, startDynalite } from "../local/dynamo";
import { ensureTables, localTableName } from "../local/tables";
import { loadStage } from "../stages";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface Store {
  readonly db: DynamoDBDocumentClient;
  readonly usersTable: string;
  /** Where the users live, for messages. */
  readonly description: string;
  close(): Promise<void>;
}

/** A deployed stage's table name: the stack names tables repdesk-<stage>-<id> (infra/constructs/data.ts). */
export function stageTableName(stage: string, key: keyof typeof TABLES): string {
  return `repdesk-${stage}-${TABLES[key].id}`;
}

async function runningRuntime(endpoint: string): Promise<DynamoDBClient | undefined> {
  const client = new DynamoDBClient({
    endpoint,
    region: "us-east-1",
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  try {
    const tables = await client.send(new ListTablesCommand({}));
    if (tables.TableNames?.includes(localTableName("users"))) return client;
  } catch {
    // Nothing listens there: open the data folder instead.
  }
  client.destroy();
  return undefined;
}

export async function openStore(
  stage: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Store> {
  if (stage) {
    const config = loadStage(stage);
    const client = new DynamoDBClient({ region: env.AWS_REGION || config.region });
    return {
      db: DynamoDBDocumentClient.from(client),
      usersTable: stageTableName(config.name, "users"),
      description: `stage ${config.name}`,
      close: async () => client.destroy(),
    };
  }
  const endpoint = `http://127.0.0.1:${env.DYNAMO_PORT || "8000"}`;
  const running = await runningRuntime(endpoint);
  if (running) {
    return {
      db: DynamoDBDocumentClient.from(running),
      usersTable: localTableName("users"),
      description: `local runtime at ${endpoint}`,
      close: async () => running.destroy(),
    };
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, ".data"));
  const dynamo = await startDynalite({
    path: path.join(dataDir, "dynamodb"),
    port: 0,
    host: "127.0.0.1",
    region: "us-east-1",
  });
  await ensureTables(dynamo.client);
  return {
    db: dynamo.db,
    usersTable: localTableName("users"),
    description: `local data in ${dataDir}`,
    close: () => dynamo.close(),
  };
}
