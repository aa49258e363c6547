/**
 * The local runtime as a library: `startLocalRuntime()` starts dynalite, aws-ses-v2-local, the
 * durable local queues, the outbox sweep and one HTTP server for the site and the API, and hands
 * back their addresses and a `stop()`. infra/local/start.ts (npm start), the tests and the
 * benchmarks all start it through here.
 */
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { HTTP_FUNCTIONS, QUEUES, SCHEDULED_FUNCTIONS, WORKERS } from "../../functions/registry";
import { securityHeaders } from "../security-headers";
import { loadStage } from "../stages";
import { jsonReply, LocalApi } from "./api";
import { bootstrapAdmin, checkIdentitiesAtStart } from "./bootstrap-admin";
import { REPO_ROOT } from "./config";
import { devContentSecurityPolicy, startViteMiddleware, type ViteMiddleware } from "./dev-server";
import { LOCAL_CREDENTIALS, type LocalDynamo, startDynalite } from "./dynamo";
import { faultsFromEnvironment, LOCAL_FAULTS_PATH, LocalFaults, withFaults } from "./faults";
import { HandlerLoader, lambdaContext } from "./lambda";
import { isLocalOnlyRequestAllowed, refuseLocalOnly } from "./local-only";
import { closeServer, endAfterRequest, listen } from "./net";
import { OutboxLoop } from "./outbox-loop";
import { localPublisher } from "./publisher";
import { LocalQueues } from "./queue";
import { DEFAULT_SITE_PORT, defaultDataDir, removeRuntimeState, writeRuntimeState } from "./runtime-state";
import { LocalSchedules } from "./schedules";
import { type LocalSes, startSes } from "./ses";
import { localSessionSecret } from "./session-secret";
import { SiteAtOrigin } from "./site-origin";
import { type Reply, StaticSite } from "./static-site";
import { ensureTables, localTableEnvironment } from "./tables";
import { ensureWebBuild } from "./web-build";

export interface LocalRuntimeOptions {
  /** 3000 by default; 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** A free port unless set. */
  readonly sesPort?: number;
  /** A free port unless set. */
  readonly dynamoPort?: number;
  /** Where dynalite, the queue journal, the SES inbox, the session key and runtime.json live (.data/). */
  readonly dataDir?: string;
  /** The built site (web/dist). */
  readonly webDistDir?: string;
  /** Build the site first when web/dist is missing or stale. */
  readonly buildWeb?: boolean;
  /** Vite dev server with hot reload for web/. */
  readonly dev?: boolean;
  /** Overrides the local stage's limit; 0 turns it off. */
  readonly submissionsPerMinute?: number;
  readonly trustViewerAddress?: boolean;
  /** Sweep interval of the outbox (500 ms). */
  readonly outboxIntervalMs?: number;
  /** Delay before a failed queue message is retried, after its n-th receive. */
  readonly retryDelayMs?: (receiveCount: number) => number;
  readonly log?: (message: string) => void;
}

export interface LocalRuntime {
  readonly url: string;
  readonly sesUrl: string;
  readonly dynamoEndpoint: string;
  readonly dataDir: string;
  readonly queues: LocalQueues;
  stop(): Promise<void>;
}

/** The path of the local-only inspection endpoint (never deployed). */
/** Every path under it is local-only (infra/local/local-only.ts). */
export const LOCAL_PREFIX = "/__local/";
export const LOCAL_QUEUES_PATH = "/__local/queues";
/** Local only: POST ?paused=1 holds the outbox relay, ?paused=0 resumes it (the api bench). */
export const LOCAL_OUTBOX_PATH = "/__local/outbox";
/** GET: this process's memory and open handles (local only; the soak bench samples it). */
export const LOCAL_STATS_PATH = "/__local/stats";
export const LOCAL_SES_TAKE_PATH = "/__local/ses/take";
/**
 * Local only: POST ?name=<scheduled function>[&time=<ISO instant>] runs it once at once (for
 * tests and `npm run admin`), as if EventBridge had scheduled it at that time; answers its result.
 */
export const LOCAL_SCHEDULE_PATH = "/__local/schedule";

/** How long an answer sent before the end of its request's body waits for the rest (nginx: 5 s idle). */
const LINGER_MS = 5_000;

const FUNCTIONS_DIR = path.join(REPO_ROOT, "functions");
const STAGE = loadStage("local");

/** The environment every function sees (set before the first handler is imported). */
function functionEnvironment(settings: {
  siteUrl: string;
  dataDir: string;
  dynamoEndpoint: string;
  sesUrl: string;
  submissionsPerMinute: number;
}): Record<string, string> {
  const queueUrls = Object.fromEntries(QUEUES.map((queue) => [queue.envVar, `local://${queue.name}`]));
  return {
    ...localTableEnvironment(),
    ...queueUrls,
    SITE_URL: settings.siteUrl,
    RESPONSE_HOLIDAYS: STAGE.responseHolidays.join(","),
    ...(STAGE.bookingUrl ? { BOOKING_URL: STAGE.bookingUrl } : {}),
    STAFF_INBOX: STAGE.staffInbox,
    SENDER_ADDRESS: STAGE.senderAddress,
    SUBMISSIONS_PER_MINUTE: String(settings.submissionsPerMinute),
    SESSION_SECRET: localSessionSecret(settings.dataDir),
    MFA_REQUIRED: String(STAGE.mfaRequired),
    AWS_ENDPOINT_URL_DYNAMODB: settings.dynamoEndpoint,
    AWS_ENDPOINT_URL_SESV2: settings.sesUrl,
    AWS_REGION: STAGE.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  };
}

/** The relay's sweep works through the outbox a page at a time. */
const SWEEP_PAGE = 500;

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const log = options.log ?? ((message: string) => console.log(message));
  const logError = (message: string, error: unknown) => log(`${message}: ${describe(error)}`);
  const dataDir = path.resolve(
    options.dataDir ?? defaultDataDir(REPO_ROOT, options.port ?? DEFAULT_SITE_PORT),
  );
  const distDir = path.resolve(options.webDistDir ?? path.join(REPO_ROOT, "web/dist"));
  const host = options.host ?? "localhost";
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    while (stoppers.length > 0) {
      const next = stoppers.pop() as () => Promise<void>;
      try {
        await next();
      } catch (error) {
        logError("[local] error while stopping", error);
      }
    }
  };

  try {
    if (options.buildWeb && !options.dev) await ensureWebBuild(REPO_ROOT, distDir, log);

    const dynamo: LocalDynamo = await startDynalite({
      path: path.join(dataDir, "dynamodb"),
      port: options.dynamoPort ?? 0,
      host: "127.0.0.1",
      region: STAGE.region,
    });
    stoppers.push(() => dynamo.close());
    await ensureTables(dynamo.client);

    const ses: LocalSes = await startSes({
      host: "127.0.0.1",
      port: options.sesPort ?? 0,
      inboxFile: path.join(dataDir, "ses-inbox.jsonl"),
    });
    stoppers.push(() => ses.close());

    // LOCAL_FAULTS=1: the functions and the relay reach DynamoDB and SES through switchable proxies.
    const faultSettings = faultsFromEnvironment(process.env);
    const faults = await LocalFaults.start(faultSettings, {
      dynamoEndpoint: dynamo.endpoint,
      sesUrl: ses.url,
    });
    stoppers.push(() => faults.close());
    if (faults.enabled) {
      // The proxies pass requests on unchanged: Host names their port, which the stand-ins'
      // local-only check (./local-only.ts) must then accept too.
      await dynamo.allowRelayPort(Number(new URL(faults.dynamoEndpoint).port));
      ses.allowRelayPort(Number(new URL(faults.sesUrl).port));
    }

    // The HTTP server listens before the functions' environment exists (SITE_URL needs the port);
    // requests wait for `ready`, so no handler runs with a half-set environment.
    let markReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    let handleRequest: (request: IncomingMessage, response: ServerResponse) => Promise<void> = async () => {};
    const server = createServer((request, response) => {
      ready
        .then(() => handleRequest(request, response))
        .catch((error) => {
          logError("[local] request failed", error);
          if (!response.headersSent)
            writeReply(response, "GET", jsonReply(500, { error: "Internal server error" }), {});
          else response.destroy();
        });
    });
    server.keepAliveTimeout = 5_000;
    const port = await listen(server, options.port ?? DEFAULT_SITE_PORT, host);
    stoppers.push(() => closeServer(server));
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

    Object.assign(
      process.env,
      functionEnvironment({
        siteUrl: url,
        dataDir,
        dynamoEndpoint: faults.dynamoEndpoint,
        sesUrl: faults.sesUrl,
        submissionsPerMinute: options.submissionsPerMinute ?? STAGE.submissionsPerMinute,
      }),
    );

    const loader = new HandlerLoader(FUNCTIONS_DIR);
    const queues = new LocalQueues({
      journalFile: path.join(dataDir, "queues.jsonl"),
      region: STAGE.region,
      retryDelayMs: options.retryDelayMs,
      log,
      queues: QUEUES.map((queue) => {
        const worker = WORKERS.find((candidate) => candidate.name === queue.worker);
        if (!worker) throw new Error(`Queue ${queue.name} names an unknown worker "${queue.worker}"`);
        return {
          name: queue.name,
          maxReceiveCount: queue.maxReceiveCount,
          consumer: withFaults(
            queue.name,
            async (event: SQSEvent) => {
              const handler = await loader.load(worker.entry);
              return (await handler(event, lambdaContext(worker.name))) as SQSBatchResponse | undefined;
            },
            faultSettings,
          ),
        };
      }),
    });
    stoppers.push(() => queues.close());
    const publisher = faults.publisher(localPublisher(queues));
    // The relay reads and deletes outbox items through the same DynamoDB endpoint as the functions.
    const relayDb = faults.relayDb(dynamo.db, STAGE.region);

    const outbox = new OutboxLoop(
      async () => {
        // Imported once the environment is set; a typed import, so a move of the module fails tsc.
        const { sweepOutbox } = await import("../../functions/model/outbox");
        // Everything waiting, however young (locally no stream relays it first), a page at a time.
        for (;;) {
          const { relayed } = await sweepOutbox({
            db: relayDb,
            publisher,
            olderThanMs: 0,
            limit: SWEEP_PAGE,
          });
          if (relayed < SWEEP_PAGE) return;
        }
      },
      { intervalMs: options.outboxIntervalMs ?? 500, onError: rateLimitedErrorLog(log) },
    );
    stoppers.push(() => outbox.stop());

    const schedules = new LocalSchedules(SCHEDULED_FUNCTIONS, {
      loader,
      env: process.env,
      onError: (error) => logError("[local] scheduled run failed", error),
      afterRun: () => outbox.nudge(),
    });
    stoppers.push(() => schedules.stop());

    const api = new LocalApi({
      functions: HTTP_FUNCTIONS,
      loader,
      trustViewerAddress: options.trustViewerAddress ?? false,
      afterWrite: () => outbox.nudge(),
      logError,
    });
    // The build names the local stage's origin; a runtime elsewhere serves a copy naming its own.
    const site = new StaticSite(
      distDir,
      new SiteAtOrigin(distDir, STAGE.siteUrl, url, path.join(dataDir, "site")),
    );
    // npm run dev: Vite injects the site config with this origin (web/site-config.ts).
    if (options.dev) process.env.LOCAL_SITE_URL = url;
    const vite: ViteMiddleware | undefined = options.dev
      ? await startViteMiddleware(REPO_ROOT, server, log)
      : undefined;
    if (vite) stoppers.push(() => vite.close());

    const baseHeaders = securityHeaders({ tagManagerId: STAGE.tagManagerId });
    const headers = vite
      ? {
          ...baseHeaders,
          "Content-Security-Policy": devContentSecurityPolicy(baseHeaders["Content-Security-Policy"] ?? ""),
        }
      : baseHeaders;

    handleRequest = async (request, response) => {
      const method = (request.method ?? "GET").toUpperCase();
      const rawPath = (request.url ?? "/").split("?")[0] ?? "/";
      if (rawPath.startsWith(LOCAL_PREFIX) && !isLocalOnlyRequestAllowed(request, port)) {
        refuseLocalOnly(response);
      } else if (rawPath === LOCAL_QUEUES_PATH) {
        writeReply(
          response,
          method,
          jsonReply(200, { queues: queues.counts(), deadLetters: queues.deadLetters() }),
          headers,
        );
      } else if (rawPath === LOCAL_OUTBOX_PATH && method === "POST") {
        const paused = new URL(request.url ?? "/", url).searchParams.get("paused") === "1";
        if (paused) outbox.pause();
        else outbox.resume();
        writeReply(response, method, jsonReply(200, { paused }), headers);
      } else if (rawPath === LOCAL_SCHEDULE_PATH && method === "POST") {
        const params = new URL(request.url ?? "/", url).searchParams;
        const name = params.get("name") ?? "";
        const time = params.get("time");
        const at = time === null ? new Date() : new Date(time);
        const reply = !schedules.has(name)
          ? jsonReply(404, { error: `No scheduled function "${name}"` })
          : Number.isNaN(at.getTime())
            ? jsonReply(400, { error: "time must be an ISO 8601 instant" })
            : jsonReply(200, { result: await schedules.run(name, at) });
        writeReply(response, method, reply, headers);
      } else if (rawPath === LOCAL_FAULTS_PATH && faults.enabled) {
        writeReply(
          response,
          method,
          faults.control(method, new URL(request.url ?? "/", url).searchParams),
          headers,
        );
      } else if (rawPath === LOCAL_STATS_PATH) {
        const backlog = Object.values(queues.counts()).reduce(
          (sum, queue) => sum + queue.pending + queue.inFlight,
          0,
        );
        const stats = { ...processStats(), queued: backlog, inboxEmails: ses.count() };
        writeReply(response, method, jsonReply(200, stats), headers);
      } else if (rawPath === LOCAL_SES_TAKE_PATH && method === "POST") {
        writeReply(response, method, jsonReply(200, { emails: ses.take() }), headers);
      } else if (rawPath === "/api" || rawPath.startsWith("/api/")) {
        // The API may answer before it has read the whole body (413): writeReply then lingers.
        writeReply(response, method, await api.handle(request), headers, request);
      } else {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        if (vite) {
          vite.handle(request, response, () => {
            site.handle(request, response).catch((error) => {
              logError("[local] request failed", error);
              response.destroy();
            });
          });
        } else await site.handle(request, response);
      }
    };

    // Accounts and invitations stored before the one identity rule (docs/decisions/0081).
    await checkIdentitiesAtStart(dynamo.db).catch((error) =>
      logError("[local] checking the stored identities failed", error),
    );
    await bootstrapAdmin(dynamo.db, process.env).catch((error) =>
      logError("[local] creating the first admin failed", error),
    );
    outbox.start();
    await schedules.runAtStart();
    schedules.start();
    markReady();
    // Last: only a runtime that answers is announced to `npm run admin` (runtime-state.ts).
    writeRuntimeState({
      pid: process.pid,
      url,
      sesUrl: ses.url,
      dynamoEndpoint: dynamo.endpoint,
      dataDir,
      startedAt: new Date().toISOString(),
    });
    stoppers.push(async () => removeRuntimeState(dataDir));

    return {
      url,
      sesUrl: ses.url,
      dynamoEndpoint: dynamo.endpoint,
      dataDir,
      queues,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Writes a reply. Given the request, and if its body has not been read to the end (a 413 answered
 * early), it sends the whole answer at once but ends the response only once the client has sent the
 * rest (read and thrown away) or after LINGER_MS: see endAfterRequest.
 */
function writeReply(
  response: ServerResponse,
  method: string,
  reply: Reply,
  extraHeaders: Record<string, string>,
  request?: IncomingMessage,
): void {
  for (const [name, value] of Object.entries(extraHeaders)) response.setHeader(name, value);
  for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
  const body = reply.body ?? Buffer.alloc(0);
  if (reply.statusCode !== 204 && reply.statusCode !== 304) response.setHeader("content-length", body.length);
  response.writeHead(reply.statusCode);
  const sent = method === "HEAD" || reply.statusCode === 204 || reply.statusCode === 304 ? undefined : body;
  if (!request || request.complete) {
    response.end(sent);
    return;
  }
  if (sent) response.write(sent);
  endAfterRequest(request, response, LINGER_MS);
}

/** The sweep runs twice a second; an error that repeats is logged once a minute, not 120 times. */
function rateLimitedErrorLog(log: (message: string) => void): (error: unknown) => void {
  let last = "";
  let lastAt = 0;
  return (error) => {
    const text = describe(error);
    const now = Date.now();
    if (text === last && now - lastAt < 60_000) return;
    last = text;
    lastAt = now;
    log(`[local] outbox sweep failed: ${text}`);
  };
}

/** Memory and open handles of this process, for GET /__local/stats (the soak bench's samples). */
function processStats(): {
  rss: number;
  heapUsed: number;
  external: number;
  handles: number;
  byType: Record<string, number>;
  /** CPU time the process has used, user and system, in microseconds (all threads). */
  cpuMicroseconds: number;
} {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const byType: Record<string, number> = {};
  const resources = process.getActiveResourcesInfo();
  for (const type of resources) byType[type] = (byType[type] ?? 0) + 1;
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    handles: resources.length,
    byType,
    cpuMicroseconds: cpu.user + cpu.system,
  };
}
