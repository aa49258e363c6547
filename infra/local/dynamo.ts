/**
 * dynalite (DynamoDB's API over LevelDB, plus TransactWriteItems from ./dynalite-transactions) on a
 * local port, its data in a folder that survives restarts.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import dynalite from "dynalite";
import { addTransactionSupport } from "./dynalite-transactions";
import { closeServer, listen } from "./net";

export const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" } as const;

export interface LocalDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  readonly db: DynamoDBDocumentClient;
  close(): Promise<void>;
}

/** `path` undefined keeps the data in memory. */
export async function startDynalite(options: {
  path?: string;
  port: number;
  host: string;
  region: string;
}): Promise<LocalDynamo> {
  const server = addTransactionSupport(
    dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }),
  );
  const port = await listen(server, options.port, options.host);
  const endpoint = `http://${options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host}:${port}`;
  const client = new DynamoDBClient({ endpoint, region: options.region, credentials: LOCAL_CREDENTIALS });
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    client,
    db,
    async close() {
      client.destroy();
      // dynalite's close also closes its LevelDB, releasing the lock on the data folder.
      await closeServer(server);
    },
  };
}
