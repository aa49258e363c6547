/**
 * Starts the local runtime (infra/local/start.ts) as a child process for a test: free ports, a fresh
 * temporary data folder (unless one is given), no submission limit (unless set), and the addresses
 * read from its READY line. A child process, so that a test can kill it mid-flight (SIGKILL) and
 * start it again on the same data.
 *
 *   const runtime = await startRuntime({ env: { TRUST_VIEWER_ADDRESS: "1" } });
 *   await fetch(`${runtime.url}/api/signup`, ...);
 *   await runtime.waitFor(async () => (await runtime.emails()).length === 2);
 *   await runtime.stop();
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { TableKey } from "../../functions/model/tables";
import type { QueueCounts } from "../../infra/local/queue";
import { localTableName } from "../../infra/local/tables";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Loaded first into every runtime: a no-op unless the run or the test shifts the clock (clock-shift.mjs). */
const CLOCK_SHIFT = new URL("./clock-shift.mjs", import.meta.url).href;
/**
 * A bound for a runtime that hangs, not for speed. A start may include building the site (a stage
 * with a tag manager builds its own copy, infra/local/runtime.ts): 75 s at load 15 has been seen,
 * so the bound sits just under the test projects' 300 s hook limit instead of at the former 120 s.
 */
const START_TIMEOUT_MS = 280_000;
const STOP_TIMEOUT_MS = 20_000;

/** An e-mail as aws-ses-v2-local's GET /store reports it. */
export interface Email {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Epoch seconds. */
  at: number;
  /** When the local stand-in took it, epoch milliseconds (infra/local/ses.ts). */
  receivedAtMs?: number;
}

export type { QueueCounts } from "../../infra/local/queue";

export interface DeadLetter {
  queue: string;
  messageId: string;
  body: string;
  attributes: Record<string, string>;
  receiveCount: number;
  sentAt: string;
  deadAt: string;
  reason: string;
}

/** GET /__local/queues */
export interface QueueReport {
  queues: Record<string, QueueCounts>;
  deadLetters: DeadLetter[];
}

export interface StartRuntimeOptions {
  /** Extra environment for the runtime (PORT, DATA_DIR ... may be overridden here too). */
  env?: Record<string, string | undefined>;
  /** Reuse a data folder (not deleted at stop); a fresh temporary one otherwise (deleted at stop). */
  dataDir?: string;
  /** Start with `--dev`. */
  dev?: boolean;
  /**
   * false: start the way a person runs `npm start`: the shell's environment without any of the
   * runtime's settings, plus `env` only — no free ports, data folder or limit chosen here. The data
   * folder is then the runtime's own choice (read from READY) and is left in place at stop.
   */
  defaults?: false;
}

/** The runtime's settings (infra/local/config.ts), dropped from the environment for `defaults: false`. */
const RUNTIME_SETTINGS = [
  "PORT",
  "HOST",
  "SES_PORT",
  "DYNAMO_PORT",
  "DATA_DIR",
  "WEB_DIST_DIR",
  "SUBMISSIONS_PER_MINUTE",
  "TRUST_VIEWER_ADDRESS",
  "MFA_REQUIRED",
  "QUEUE_RETRY_DELAY_MS",
  "LOCAL_FAULTS",
  "ADMIN_USERNAME",
  "ADMIN_PASSWORD",
  "ADMIN_EMAIL",
  "DESK_SCHEDULE_SECONDS",
  "TTL_SWEEP_SECONDS",
  "TAG_MANAGER_ID",
];

interface ReadyLine {
  url: string;
  sesUrl: string;
  dynamoEndpoint: string;
  dataDir: string;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export class RuntimeProcess {
  url = "";
  sesUrl = "";
  dynamoEndpoint = "";
  db!: DynamoDBDocumentClient;
  dataDir: string;
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  private log = "";

  constructor(
    private readonly options: StartRuntimeOptions,
    private readonly ownsDataDir: boolean,
    dataDir: string,
  ) {
    this.dataDir = dataDir;
  }

  /** The table name of an functions/model/tables.ts key ("signups" -> the local physical name). */
  table(key: TableKey): string {
    return localTableName(key);
  }

  /** The runtime process's id while it runs (the bench reads its CPU time). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Everything the process printed so far (stdout and stderr), for diagnostics. */
  output(): string {
    return this.log;
  }

  async start(): Promise<this> {
    if (this.child) throw new Error("The runtime is already running");
    const env: NodeJS.ProcessEnv =
      this.options.defaults === false
        ? {
            ...Object.fromEntries(
              Object.entries(process.env).filter(([name]) => !RUNTIME_SETTINGS.includes(name)),
            ),
            ...this.options.env,
          }
        : {
            ...process.env,
            PORT: "0",
            SES_PORT: "0",
            DYNAMO_PORT: "0",
            SUBMISSIONS_PER_MINUTE: "0",
            ...this.options.env,
            DATA_DIR: this.dataDir,
          };
    const args = [
      "--import",
      CLOCK_SHIFT,
      "--import",
      "tsx",
      path.join(REPO_ROOT, "infra/local/start.ts"),
      ...(this.options.dev ? ["--dev"] : []),
    ];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    running.add(child);
    this.exited = new Promise((resolve) => {
      child.once("exit", (code) => {
        running.delete(child);
        resolve(code);
      });
    });
    const ready = await new Promise<ReadyLine>((resolve, reject) => {
      let pending = "";
      const timer = setTimeout(() => {
        reject(
          new Error(`The runtime did not print READY within ${START_TIMEOUT_MS} ms. Output:\n${this.log}`),
        );
      }, START_TIMEOUT_MS);
      child.stderr?.on("data", (chunk: Buffer) => {
        this.log += chunk.toString();
      });
      child.stdout?.on("data", (chunk: Buffer) => {
        const text = chunk.toString();
        this.log += text;
        pending += text;
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.startsWith("READY ")) continue;
          clearTimeout(timer);
          resolve(JSON.parse(line.slice("READY ".length)) as ReadyLine);
        }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The runtime exited (${signal ?? code}) before READY. Output:\n${this.log}`));
      });
    }).catch(async (error) => {
      child.kill("SIGKILL");
      await this.exited;
      this.child = undefined;
      throw error;
    });
    this.url = ready.url;
    this.dataDir = ready.dataDir;
    this.sesUrl = ready.sesUrl;
    this.dynamoEndpoint = ready.dynamoEndpoint;
    this.db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: ready.dynamoEndpoint,
        region: "us-east-1",
        credentials: { accessKeyId: "local", secretAccessKey: "local" },
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    return this;
  }

  /** The e-mails the local SES has received (they persist in the data folder across restarts). */
  async emails(): Promise<Email[]> {
    const response = await fetch(`${this.sesUrl}/store`);
    if (!response.ok) throw new Error(`GET ${this.sesUrl}/store answered ${response.status}`);
    return ((await response.json()) as { emails: Email[] }).emails;
  }

  /** Removes and returns every e-mail in the local SES inbox (POST /__local/ses/take). */
  async takeEmails(): Promise<Email[]> {
    const response = await fetch(`${this.url}/__local/ses/take`, { method: "POST" });
    if (!response.ok) throw new Error(`POST /__local/ses/take answered ${response.status}`);
    return ((await response.json()) as { emails: Email[] }).emails;
  }

  /** Runs a scheduled function once at once, judging `time` (POST /__local/schedule); its result. */
  async runSchedule<T = unknown>(name: string, time?: Date): Promise<T> {
    const query = new URLSearchParams({ name, ...(time ? { time: time.toISOString() } : {}) });
    const response = await fetch(`${this.url}/__local/schedule?${query}`, { method: "POST" });
    if (!response.ok)
      throw new Error(`POST /__local/schedule answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { result: T }).result;
  }

  /**
   * DynamoDB's TTL on the lead tables at `time` (POST /__local/ttl-sweep): deletes what has expired
   * and feeds the deletions to their stream consumer; `replay` delivers the last sweep's batches again.
   */
  async ttlSweep(
    options: { time?: Date; replay?: boolean } = {},
  ): Promise<{ deleted: number; failed: number }> {
    const query = new URLSearchParams({
      ...(options.time ? { time: options.time.toISOString() } : {}),
      ...(options.replay ? { replay: "1" } : {}),
    });
    const response = await fetch(`${this.url}/__local/ttl-sweep?${query}`, { method: "POST" });
    if (!response.ok)
      throw new Error(`POST /__local/ttl-sweep answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { result: { deleted: number; failed: number } }).result;
  }

  /** Nothing left to deliver: the outbox table is empty and no queue holds a message. */
  async settled(): Promise<boolean> {
    const outbox = await this.db.send(
      new ScanCommand({ TableName: this.table("outbox"), ConsistentRead: true, Limit: 1 }),
    );
    const { queues } = await this.queues();
    return (
      (outbox.Items ?? []).length === 0 &&
      Object.values(queues).every((counts) => counts.pending === 0 && counts.inFlight === 0)
    );
  }

  /** Counts per queue (pending, in flight, dead) and the dead-letter entries. */
  async queues(): Promise<QueueReport> {
    const response = await fetch(`${this.url}/__local/queues`);
    if (!response.ok) throw new Error(`GET /__local/queues answered ${response.status}`);
    return (await response.json()) as QueueReport;
  }

  /** Polls until `predicate` returns a truthy value (returned), or fails after `timeoutMs`. */
  async waitFor<T>(
    predicate: () => T | Promise<T>,
    timeoutMs = 20_000,
    intervalMs = 100,
  ): Promise<NonNullable<T>> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await predicate();
        if (value) return value as NonNullable<T>;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
        throw new Error(
          `Condition not met within ${timeoutMs} ms${cause}. Runtime output:\n${this.log.slice(-4000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** Sends a signal (SIGKILL by default) and waits for the process to end; the data folder stays. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    this.db?.destroy();
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    const code = await this.exited;
    clearTimeout(timer);
    this.child = undefined;
    return code;
  }

  /** Stops (SIGTERM, a clean shutdown) and starts again on the same data folder, with new ports. */
  async restart(): Promise<this> {
    await this.kill("SIGTERM");
    return this.start();
  }

  /** Clean shutdown; deletes the data folder if this harness created it. */
  async stop(): Promise<void> {
    await this.kill("SIGTERM");
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function startRuntime(options: StartRuntimeOptions = {}): Promise<RuntimeProcess> {
  if (options.defaults === false) return new RuntimeProcess(options, false, "").start();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "repdesk-runtime-"));
  return new RuntimeProcess(options, ownsDataDir, dataDir).start();
}
