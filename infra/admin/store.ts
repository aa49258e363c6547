import path from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { kmsKeyWrapper, localKeyWrapper, SecretBox } from "../../functions/lib/secret-box";
import { type BusinessCalendar, businessCalendar } from "../../functions/model/response-clock";
import { TABLES, type TableKey } from "../../functions/model/tables";
import { webhookKeyAlias } from "../environment";
import { localSiteSettings } from "../local/config";
import { LOCAL_CREDENTIALS, startDynalite } from "../local/dynamo";
import { type RuntimeState, runningRuntimeState, runningRuntimesOf } from "../local/runtime-state";
import { localSessionSecret, WEBHOOK_KEY_FILE } from "../local/session-secret";
import { ensureTables, localTableName } from "../local/tables";
import { REPO_ROOT } from "../repo-root";
import { loadStage } from "../stages";

const LOCAL_CALENDAR = businessCalendar(loadStage("local").responseHolidays);

export interface Store {
  readonly db: DynamoDBDocumentClient;
  readonly usersTable: string;
  /** The physical name of a table of functions/model/tables.ts in this store. */
  table(key: TableKey): string;
  /** The response calendar of the store's stage (functions/model/calendar.ts). */
  readonly calendar: BusinessCalendar;
  /**
   * Seals and opens the integrations' secrets as the store's functions do: the stage's KMS key
   * (by its alias), or the local runtime's key in its data folder. Absent: the store has no key.
   */
  readonly box?: () => SecretBox;
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

/**
 * Which local store the command acts on: DYNAMO_PORT names a DynamoDB endpoint outright; PORT or
 * DATA_DIR name one runtime's data folder, whose runtime.json (infra/local/runtime-state.ts) says
 * where its DynamoDB listens; with neither, the one runtime of this checkout that runs (more than
 * one: the command asks for PORT). No runtime: the data folder is opened directly.
 */
export function localTarget(
  env: NodeJS.ProcessEnv,
  repoRoot: string = REPO_ROOT,
): { endpoint?: string; dataDir: string } {
  const { dataDir } = localSiteSettings(env, repoRoot);
  if (env.DYNAMO_PORT) return { endpoint: `http://127.0.0.1:${env.DYNAMO_PORT}`, dataDir };
  let state: RuntimeState | undefined;
  if (env.PORT || env.DATA_DIR) state = runningRuntimeState(dataDir);
  else {
    const running = runningRuntimesOf(repoRoot);
    if (running.length > 1) {
      throw new Error(
        `${running.length} local runtimes are running (${running.map((one) => one.url).join(", ")}): set PORT to the one to act on, e.g. PORT=${new URL(running[1]?.url ?? "http://localhost:3000").port} npm run admin -- list`,
      );
    }
    state = running[0];
  }
  return state ? { endpoint: state.dynamoEndpoint, dataDir: state.dataDir } : { dataDir };
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
      table: (key) => stageTableName(config.name, key),
      calendar: businessCalendar(config.responseHolidays),
      box: () => new SecretBox(kmsKeyWrapper(webhookKeyAlias(config.name), env.AWS_REGION || config.region)),
      description: `stage ${config.name}`,
      close: async () => client.destroy(),
    };
  }
  const { endpoint, dataDir } = localTarget(env);
  const box = () => new SecretBox(localKeyWrapper(localSessionSecret(dataDir, WEBHOOK_KEY_FILE)));
  const running = endpoint ? await runningRuntime(endpoint) : undefined;
  if (running) {
    return {
      db: DynamoDBDocumentClient.from(running),
      usersTable: localTableName("users"),
      table: localTableName,
      calendar: LOCAL_CALENDAR,
      box,
      description: `local runtime at ${endpoint}`,
      close: async () => running.destroy(),
    };
  }
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
    table: localTableName,
    calendar: LOCAL_CALENDAR,
    box,
    description: `local data in ${dataDir}`,
    close: () => dynamo.close(),
  };
}
