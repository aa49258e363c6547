/**
 * dynalite (DynamoDB's API over LevelDB, plus TransactWriteItems from ./dynalite-transactions) on a
 * local port, its data in a folder that survives restarts. By default it runs in a child process
 * (./dynalite-process.ts) so that its LevelDB work uses another core than the caller's
 * (docs/decisions/0008-dynalite-in-its-own-process.md); `inProcess: true` keeps it in this one.
 * Either way it answers only this machine's own clients (./local-only.ts): a loopback Host with its
 * port, nothing cross-site.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Server } from "node:http";
import { createInterface } from "node:readline";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { withoutSdkLogging } from "../../functions/lib/request-handler";
import { dynaliteWithTransactions } from "./dynalite-transactions";
import { guardLocalOnly } from "./local-only";
import { closeServer, listen } from "./net";

export const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" } as const;

export interface LocalDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  readonly db: DynamoDBDocumentClient;
  /**
   * Also answers requests naming this port in Host: a relay in front of dynalite (LOCAL_FAULTS),
   * through which clients reach it with the relay's port in Host. Resolves once it counts.
   */
  allowRelayPort(port: number): Promise<void>;
  close(): Promise<void>;
}

interface Started {
  port: number;
  allowRelayPort(port: number): Promise<void>;
  close(): Promise<void>;
}

export interface DynaliteOptions {
  /** undefined keeps the data in memory. */
  path?: string;
  port: number;
  host: string;
  region: string;
  /** Run dynalite in this process instead of a child process of its own. */
  inProcess?: boolean;
}

const START_TIMEOUT_MS = 30_000;

export async function startDynalite(options: DynaliteOptions): Promise<LocalDynamo> {
  const { port, allowRelayPort, close } = options.inProcess
    ? await inThisProcess(options)
    : await inChildProcess(options);
  const endpoint = `http://${options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host}:${port}`;
  const client = withoutSdkLogging(
    new DynamoDBClient({ endpoint, region: options.region, credentials: LOCAL_CREDENTIALS }),
  );
  const db = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    client,
    db,
    allowRelayPort,
    async close() {
      client.destroy();
      await close();
    },
  };
}

async function inThisProcess(options: DynaliteOptions): Promise<Started> {
  const server: Server = dynaliteWithTransactions({
    path: options.path,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const guard = guardLocalOnly(server);
  const port = await listen(server, options.port, options.host);
  return {
    port,
    allowRelayPort: async (relayPort) => guard.allowPort(relayPort),
    // dynalite's close also closes its LevelDB, releasing the lock on the data folder.
    close: () => closeServer(server),
  };
}

/**
 * After a SIGKILL of the runtime, the old child may still hold the data folder's lock for a moment
 * (it stops as soon as it sees its stdin close): a start that fails then is tried again.
 */
async function inChildProcess(options: DynaliteOptions): Promise<Started> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await spawnChild(options);
    } catch (error) {
      if (Date.now() > deadline || !options.path) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function spawnChild(options: DynaliteOptions): Promise<Started> {
  const script = new URL("./dynalite-process.ts", import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", script, String(options.port), options.host, options.path ?? ""],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(child, "exit");
  // "ALLOWED <port>" answers each "ALLOW <port>" sent to the child (see allowRelayPort).
  const allowed = new Map<number, () => void>();
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dynalite did not start:\n${output}`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      const match = /^READY (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
      const answer = /^ALLOWED (\d+)$/.exec(line);
      if (answer) allowed.get(Number(answer[1]))?.();
    });
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`dynalite exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
  return {
    port,
    allowRelayPort(relayPort) {
      return new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          clearTimeout(timer);
          child.off("exit", onExit);
          allowed.delete(relayPort);
          if (error) reject(error);
          else resolve();
        };
        const onExit = () => settle(new Error(`dynalite exited before it allowed port ${relayPort}`));
        const timer = setTimeout(
          () => settle(new Error(`dynalite did not allow port ${relayPort}:\n${output}`)),
          START_TIMEOUT_MS,
        );
        if (child.exitCode !== null || child.signalCode !== null) {
          onExit();
          return;
        }
        child.once("exit", onExit);
        allowed.set(relayPort, () => settle());
        child.stdin?.write(`ALLOW ${relayPort}\n`);
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing its stdin is the stop signal: it closes the server and LevelDB, then exits.
      child.stdin?.end();
      await exited;
    },
  };
}
