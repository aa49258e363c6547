/**
 * The local runtime as a library: `startLocalRuntime()` starts dynalite, aws-ses-v2-local, the
 * durable local queues, the outbox sweep and one HTTP server for the site and the API, and hands
 * back their addresses and a `stop()`. infra/local/start.ts (npm start), the tests and the
 * benchmarks all start it through here.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { EventPublisher } from "../../functions/lib/publisher";
import { HTTP_FUNCTIONS, QUEUES, SCHEDULED_FUNCTIONS, WORKERS } from "../../functions/registry";
import { REPO_ROOT } from "../repo-root";
import { contentSecurityPolicy, securityHeaders } from "../security-headers";
import { loadStage } from "../stages";
import { LocalApi } from "./api";
import { BACKGROUND_QUEUES } from "./background-queues";
import { bootstrapAdmin, checkIdentitiesAtStart, sealSlackUrlsAtStart } from "./bootstrap-admin";
import { devContentSecurityPolicy, startViteMiddleware, type ViteMiddleware } from "./dev-server";
import { type LocalDynamo, startDynalite } from "./dynamo";
import { localProcessEnvironment } from "./environment";
import { type FaultSettings, faultsFromEnvironment, LocalFaults, withFaults } from "./faults";
import { countFiguresAtStart } from "./figures-at-start";
import { HandlerLoader, lambdaContext } from "./lambda";
import { localEndpoints } from "./local-endpoints";
import { OutboxLoop } from "./outbox-loop";
import { localPublisher } from "./publisher";
import { LocalQueues } from "./queue";
import { DEFAULT_SITE_PORT, defaultDataDir, removeRuntimeState, writeRuntimeState } from "./runtime-state";
import { LocalSchedules } from "./schedules";
import { dispatch, RuntimeServer } from "./server";
import { type LocalSes, startSes } from "./ses";
import { SiteAtOrigin } from "./site-origin";
import { StaticSite } from "./static-site";
import { ensureTables, localTableName } from "./tables";
import { leadExpirySweep } from "./ttl-sweep";
import { ensureWebBuild } from "./web-build";
import { LocalWebhookReceivers } from "./webhook-receiver";

export {
  LOCAL_OUTBOX_PATH,
  LOCAL_PREFIX,
  LOCAL_QUEUES_PATH,
  LOCAL_SCHEDULE_PATH,
  LOCAL_SES_TAKE_PATH,
  LOCAL_STATS_PATH,
} from "./local-endpoints";

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
  /** The built site (web/dist; dist/site/local-<id> with a tag manager container). */
  readonly webDistDir?: string;
  /** Build the site first when web/dist is missing or stale. */
  readonly buildWeb?: boolean;
  /** Vite dev server with hot reload for web/. */
  readonly dev?: boolean;
  /** Overrides the local stage's limit; 0 turns it off. */
  readonly submissionsPerMinute?: number;
  readonly trustViewerAddress?: boolean;
  /** Require a second factor at sign-in, as production does (the local stage does not). */
  readonly mfaRequired?: boolean;
  /** Sweep interval of the outbox (500 ms). */
  readonly outboxIntervalMs?: number;
  /** Delay before a failed queue message is retried, after its n-th receive. */
  readonly retryDelayMs?: (receiveCount: number) => number;
  /**
   * A Google Tag Manager container for the local stage (TAG_MANAGER_ID): the site is built with it
   * (into its own folder, so web/dist stays the site without one) and the CSP allows its hosts.
   */
  readonly tagManagerId?: string;
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

const FUNCTIONS_DIR = path.join(REPO_ROOT, "functions");
/** Batches of one queue in flight at once (Lambda's concurrent invocations of its worker). */
const QUEUE_CONCURRENCY = 8;
const STAGE = loadStage("local");
/** The relay's sweep works through the outbox a page at a time. */
const SWEEP_PAGE = 500;

type LogError = (message: string, error: unknown) => void;

/** web/dist, or with a tag manager container a build of its own beside the deployed stages' builds. */
export function defaultDistDir(tagManagerId: string | undefined): string {
  return tagManagerId
    ? path.join(REPO_ROOT, "dist/site", `local-${tagManagerId}`)
    : path.join(REPO_ROOT, "web/dist");
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const log = options.log ?? ((message: string) => console.log(message));
  const logError: LogError = (message, error) => log(`${message}: ${describe(error)}`);
  const dataDir = path.resolve(
    options.dataDir ?? defaultDataDir(REPO_ROOT, options.port ?? DEFAULT_SITE_PORT),
  );
  const tagManagerId = options.tagManagerId ?? STAGE.tagManagerId;
  const distDir = path.resolve(options.webDistDir ?? defaultDistDir(tagManagerId));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (let next = stoppers.pop(); next; next = stoppers.pop())
      await next().catch((error) => logError("[local] error while stopping", error));
  };

  try {
    // The build reads the container from TAG_MANAGER_ID (infra/site/site-config.ts), Vite too; set
    // either way, so that one inherited from the shell never ends up in a build without one.
    const containerEnv = { TAG_MANAGER_ID: tagManagerId ?? "" };
    if (options.dev) Object.assign(process.env, containerEnv);
    else if (options.buildWeb)
      await ensureWebBuild(REPO_ROOT, distDir, log, { ...containerEnv, WEB_OUT_DIR: distDir });
    const { dynamo, ses } = await startStandIns(dataDir, options, stoppers);
    await ensureTables(dynamo.client);
    const faultSettings = faultsFromEnvironment(process.env);
    const faults = await startFaults(faultSettings, dynamo, ses);
    stoppers.push(() => faults.close());

    const server = await RuntimeServer.listen(
      options.port ?? DEFAULT_SITE_PORT,
      options.host ?? "localhost",
      logError,
    );
    stoppers.push(() => server.close());
    const { url } = server;
    // The functions' environment (infra/environment.ts), set before the first function loads.
    Object.assign(
      process.env,
      localProcessEnvironment(
        {
          stage: { ...STAGE, mfaRequired: options.mfaRequired ?? STAGE.mfaRequired },
          siteUrl: url,
          submissionsPerMinute: options.submissionsPerMinute ?? STAGE.submissionsPerMinute,
        },
        { dataDir, dynamoEndpoint: faults.dynamoEndpoint, sesUrl: faults.sesUrl },
      ),
    );

    const loader = new HandlerLoader(FUNCTIONS_DIR);
    // A sweep after each batch of a worker that may write the outbox, as the stream relays in AWS.
    let afterBatch = () => {};
    const queues = startQueues(loader, faultSettings, dataDir, options, log, () => afterBatch());
    stoppers.push(() => queues.close());
    // The relay reads and deletes outbox items through the same DynamoDB endpoint as the functions.
    const outbox = outboxLoop(
      faults.relayDb(dynamo.db, STAGE.region),
      faults.publisher(localPublisher(queues)),
      options,
      log,
    );
    stoppers.push(() => outbox.stop());
    afterBatch = () => outbox.nudge();
    const schedules = new LocalSchedules(SCHEDULED_FUNCTIONS, {
      loader,
      env: process.env,
      onError: (error) => logError("[local] scheduled run failed", error),
      afterRun: () => outbox.nudge(),
    });
    stoppers.push(() => schedules.stop());
    const ttl = leadExpirySweep(dynamo.db, loader, STAGE.region, (error) =>
      logError("[local] TTL sweep failed", error),
    );
    stoppers.push(() => ttl.stop());

    const api = new LocalApi({
      functions: HTTP_FUNCTIONS,
      loader,
      trustViewerAddress: options.trustViewerAddress ?? false,
      afterWrite: () => outbox.nudge(),
      logError,
    });
    // The build names the local stage's origin; a runtime elsewhere serves a copy naming its own.
    // npm run dev: Vite injects the site config with this origin (infra/site/site-config.ts).
    if (options.dev) process.env.LOCAL_SITE_URL = url;
    const site = new StaticSite(
      distDir,
      new SiteAtOrigin(distDir, STAGE.siteUrl, url, path.join(dataDir, "site")),
      // The built pages' inline stylesheet is allowed by its hash, as CloudFront's policy does
      // (docs/decisions/0089-inline-css-csp-hash.md). Not under Vite: its policy has
      // 'unsafe-inline', which a hash beside it would switch off.
      options.dev
        ? {}
        : {
            contentSecurityPolicy: ({ styleSrc, scriptSrc }, area) =>
              contentSecurityPolicy({ area, tagManagerId, styleHashes: styleSrc, scriptHashes: scriptSrc }),
          },
    );
    const vite = options.dev ? await startViteMiddleware(REPO_ROOT, server.server, log) : undefined;
    if (vite) stoppers.push(() => vite.close());
    const headers = responseHeaders(vite, tagManagerId);
    const webhooks = new LocalWebhookReceivers();
    const local = localEndpoints({
      url,
      port: server.port,
      queues,
      outbox,
      schedules,
      ttl,
      faults,
      ses,
      headers,
      webhooks,
    });
    server.serve(dispatch({ local, api, site, vite, headers, logError }));

    await prepareData(dynamo.db, logError);
    outbox.start();
    await schedules.runAtStart();
    schedules.start();
    ttl.start();
    server.ready();
    // Last: only a runtime that answers is announced to `npm run admin` (runtime-state.ts).
    const announced = { url, sesUrl: ses.url, dynamoEndpoint: dynamo.endpoint, dataDir };
    writeRuntimeState({ pid: process.pid, ...announced, startedAt: new Date().toISOString() });
    stoppers.push(async () => removeRuntimeState(dataDir));
    return { ...announced, queues, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * dynalite and the SES stand-in, started together: dynalite's process starts on another core while
 * this one loads aws-ses-v2-local (about a second of synchronous `require`). Each one that started
 * is in `stoppers` (dynalite first, as before), also when the other failed.
 */
async function startStandIns(
  dataDir: string,
  options: LocalRuntimeOptions,
  stoppers: (() => Promise<void>)[],
): Promise<{ dynamo: LocalDynamo; ses: LocalSes }> {
  const [dynamo, ses] = await Promise.allSettled([
    startDynalite({
      path: path.join(dataDir, "dynamodb"),
      port: options.dynamoPort ?? 0,
      host: "127.0.0.1",
      region: STAGE.region,
    }),
    startSes({
      host: "127.0.0.1",
      port: options.sesPort ?? 0,
      inboxFile: path.join(dataDir, "ses-inbox.jsonl"),
    }),
  ]);
  if (dynamo.status === "fulfilled") stoppers.push(() => dynamo.value.close());
  if (ses.status === "fulfilled") stoppers.push(() => ses.value.close());
  if (dynamo.status === "rejected") throw dynamo.reason;
  if (ses.status === "rejected") throw ses.reason;
  return { dynamo: dynamo.value, ses: ses.value };
}

/** LOCAL_FAULTS=1: the functions and the relay reach DynamoDB and SES through switchable proxies. */
async function startFaults(
  settings: FaultSettings,
  dynamo: LocalDynamo,
  ses: LocalSes,
): Promise<LocalFaults> {
  const faults = await LocalFaults.start(settings, { dynamoEndpoint: dynamo.endpoint, sesUrl: ses.url });
  if (faults.enabled) {
    // The proxies pass requests on unchanged: Host names their port, which the stand-ins'
    // local-only check (./local-only.ts) must then accept too.
    await dynamo.allowRelayPort(Number(new URL(faults.dynamoEndpoint).port));
    ses.allowRelayPort(Number(new URL(faults.sesUrl).port));
  }
  return faults;
}

/** The registry's queues, each drained by its worker's handler (through the fault switches). */
function startQueues(
  loader: HandlerLoader,
  faultSettings: FaultSettings,
  dataDir: string,
  options: LocalRuntimeOptions,
  log: (message: string) => void,
  afterBatch: () => void,
): LocalQueues {
  return new LocalQueues({
    journalFile: path.join(dataDir, "queues.jsonl"),
    region: STAGE.region,
    retryDelayMs: options.retryDelayMs,
    concurrency: QUEUE_CONCURRENCY,
    log,
    queues: QUEUES.map((queue) => {
      const worker = WORKERS.find((candidate) => candidate.name === queue.worker);
      if (!worker) throw new Error(`Queue ${queue.name} names an unknown worker "${queue.worker}"`);
      const writesOutbox = (worker.tables.outbox ?? "read") !== "read";
      const consume = async (event: SQSEvent) => {
        const handler = await loader.load(worker.entry);
        try {
          return (await handler(event, lambdaContext(worker.name))) as SQSBatchResponse | undefined;
        } finally {
          if (writesOutbox) afterBatch();
        }
      };
      return {
        name: queue.name,
        maxReceiveCount: queue.maxReceiveCount,
        consumer: withFaults(queue.name, consume, faultSettings),
        background: BACKGROUND_QUEUES.includes(queue.name),
      };
    }),
  });
}

/** The relay locally: a sweep of everything waiting, however young (no stream relays it first). */
function outboxLoop(
  db: DynamoDBDocumentClient,
  publisher: EventPublisher,
  options: LocalRuntimeOptions,
  log: (message: string) => void,
): OutboxLoop {
  return new OutboxLoop(
    async () => {
      // Imported once the environment is set; a typed import, so a move of the module fails tsc.
      const { sweepOutbox } = await import("../../functions/model/outbox");
      const { webhookRouteFilter } = await import("../../functions/pipeline/webhook-subscribers");
      for (;;) {
        const { relayed } = await sweepOutbox({
          db,
          publisher,
          olderThanMs: 0,
          limit: SWEEP_PAGE,
          // As in AWS: the fan-out gets an event only while an endpoint takes it (decision 0108).
          routeFilter: () => webhookRouteFilter(db, localTableName("integrations")),
        });
        if (relayed < SWEEP_PAGE) return;
      }
    },
    { intervalMs: options.outboxIntervalMs ?? 500, onError: rateLimitedErrorLog(log) },
  );
}

/** The site's security headers; with Vite, a policy that lets its client run. */
function responseHeaders(
  vite: ViteMiddleware | undefined,
  tagManagerId: string | undefined,
): Record<string, string> {
  const headers = securityHeaders({ tagManagerId, indexable: STAGE.production });
  if (!vite) return headers;
  return {
    ...headers,
    "Content-Security-Policy": devContentSecurityPolicy(headers["Content-Security-Policy"] ?? ""),
  };
}

/**
 * What the data needs before the first request: the identity check, the first admin, the
 * dashboard's response figures counted once (./figures-at-start.ts), Slack URLs sealed.
 */
async function prepareData(db: DynamoDBDocumentClient, logError: LogError): Promise<void> {
  // Accounts and invitations stored before the one identity rule (docs/decisions/0081).
  await checkIdentitiesAtStart(db).catch((error) =>
    logError("[local] checking the stored identities failed", error),
  );
  await bootstrapAdmin(db, process.env).catch((error) =>
    logError("[local] creating the first admin failed", error),
  );
  await countFiguresAtStart(db).catch((error) =>
    logError("[local] counting the response figures failed", error),
  );
  // Slack URLs saved before they were stored sealed (docs/product/webhooks.md, "Slack").
  await sealSlackUrlsAtStart(db, process.env.WEBHOOK_SECRET_KEY ?? "").catch((error) =>
    logError("[local] sealing the stored Slack URLs failed", error),
  );
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
