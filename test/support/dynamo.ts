/**
 * A real DynamoDB stand-in for tests: dynalite in memory on a free port, with TransactWriteItems
 * (infra/local/dynalite-transactions.ts) and every table of functions/model/tables.ts, GSIs included.
 * Like the runtime's, it answers only this machine's own clients (infra/local/local-only.ts).
 */
import type { Server } from "node:http";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { TABLES, type TableKey } from "../../functions/model/tables";
import { dynaliteWithTransactions } from "../../infra/local/dynalite-transactions";
import { guardLocalOnly } from "../../infra/local/local-only";
import { ensureTables } from "../../infra/local/tables";

export interface TestDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  readonly db: DynamoDBDocumentClient;
  /** Physical table name of each table. */
  readonly tables: Record<TableKey, string>;
  /** SIGNUPS_TABLE=..., etc., for handlers that read their tables from the environment. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

export const TEST_REGION = "us-east-1";
export const TEST_CREDENTIALS = { accessKeyId: "test", secretAccessKey: "test" } as const;

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

export async function startDynalite(): Promise<TestDynamo> {
  const server = dynaliteWithTransactions({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  guardLocalOnly(server);
  const port = await listen(server);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: TEST_REGION, credentials: TEST_CREDENTIALS });
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const suffix = Math.random().toString(36).slice(2, 8);
  const tables = Object.fromEntries(
    (Object.keys(TABLES) as TableKey[]).map((key) => [key, `test-${suffix}-${TABLES[key].id}`]),
  ) as Record<TableKey, string>;
  await ensureTables(client, (key) => tables[key]);
  const env = Object.fromEntries(
    (Object.keys(TABLES) as TableKey[]).map((key) => [TABLES[key].envVar, tables[key]]),
  );
  return {
    endpoint,
    client,
    db,
    tables,
    env,
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
