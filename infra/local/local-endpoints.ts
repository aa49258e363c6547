/**
 * The local runtime's control endpoints under /__local/ (never deployed): the queues, the outbox
 * relay's pause switch, this process's figures, the SES inbox, scheduled runs on demand and the
 * fault switches. Each answers only this machine's own clients (./local-only.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonReply } from "./api";
import { countDynamoCalls, dynamoCallCounts } from "./dynamo-calls";
import { LOCAL_FAULTS_PATH, type LocalFaults } from "./faults";
import { isLocalOnlyRequestAllowed, refuseLocalOnly } from "./local-only";
import { writeReply } from "./net";
import type { OutboxLoop } from "./outbox-loop";
import type { LocalQueues } from "./queue";
import type { LocalSchedules } from "./schedules";
import type { LocalSes } from "./ses";
import type { Reply } from "./static-site";
import type { LocalTtlSweep } from "./ttl-sweep";
import { LOCAL_WEBHOOKS_PATH, type LocalWebhookReceivers } from "./webhook-receiver";

/** Every path under it is local-only (infra/local/local-only.ts). */
export const LOCAL_PREFIX = "/__local/";
/** GET: each queue's counts and the dead letters. */
export const LOCAL_QUEUES_PATH = "/__local/queues";
/** POST ?paused=1 holds the outbox relay, ?paused=0 resumes it (the api bench). */
export const LOCAL_OUTBOX_PATH = "/__local/outbox";
/**
 * GET: this process's memory and open handles (the soak bench samples it), the messages sent to
 * each queue and the DynamoDB calls made since start (the lead-time bench).
 */
export const LOCAL_STATS_PATH = "/__local/stats";
/** POST: removes and answers every e-mail in the SES inbox. */
export const LOCAL_SES_TAKE_PATH = "/__local/ses/take";
/**
 * POST ?name=<scheduled function>[&time=<ISO instant>] runs it once at once (for tests and
 * `npm run admin`), as if EventBridge had scheduled it at that time; answers its result.
 */
export const LOCAL_SCHEDULE_PATH = "/__local/schedule";
/**
 * POST [?time=<ISO instant>] deletes the lead tables' items expired at that time (default now) the
 * way DynamoDB's TTL does and feeds the deletions to their stream consumer; ?replay=1 delivers the
 * last sweep's stream batches again (./ttl-sweep.ts).
 */
export const LOCAL_TTL_SWEEP_PATH = "/__local/ttl-sweep";

export interface LocalEndpointsDeps {
  /** The runtime's address (its port is what a local-only request must name). */
  readonly url: string;
  readonly port: number;
  readonly queues: LocalQueues;
  readonly outbox: OutboxLoop;
  readonly schedules: LocalSchedules;
  readonly ttl: LocalTtlSweep;
  readonly faults: LocalFaults;
  readonly ses: LocalSes;
  /** The webhook receivers' twin (./webhook-receiver.ts). */
  readonly webhooks: LocalWebhookReceivers;
  /** Headers every answer carries (the site's security headers). */
  readonly headers: Record<string, string>;
}

export type LocalEndpoints = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/** A handler that answers a /__local/ request and says so, or leaves any other request (false). */
export function localEndpoints(deps: LocalEndpointsDeps): LocalEndpoints {
  countDynamoCalls();
  return async (request, response) => {
    const method = (request.method ?? "GET").toUpperCase();
    // The path as sent, not normalised: "/__local/../api" is refused here, never served elsewhere.
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    if (!path.startsWith(LOCAL_PREFIX)) return false;
    if (!isLocalOnlyRequestAllowed(request, deps.port)) {
      refuseLocalOnly(response);
      return true;
    }
    const params = new URL(request.url ?? "/", deps.url).searchParams;
    const reply = path.startsWith(LOCAL_WEBHOOKS_PATH)
      ? await deps.webhooks.handle(request, method, path, params)
      : await answer(deps, method, path, params);
    if (!reply) return false;
    writeReply(response, method, reply, deps.headers);
    return true;
  };
}

async function answer(
  deps: LocalEndpointsDeps,
  method: string,
  path: string,
  params: URLSearchParams,
): Promise<Reply | undefined> {
  const { queues, outbox, schedules, faults, ses } = deps;
  if (path === LOCAL_QUEUES_PATH) {
    return jsonReply(200, { queues: queues.counts(), deadLetters: queues.deadLetters() });
  }
  if (path === LOCAL_OUTBOX_PATH && method === "POST") {
    const paused = params.get("paused") === "1";
    if (paused) outbox.pause();
    else outbox.resume();
    return jsonReply(200, { paused });
  }
  if (path === LOCAL_SCHEDULE_PATH && method === "POST") {
    const name = params.get("name") ?? "";
    const time = params.get("time");
    const at = time === null ? new Date() : new Date(time);
    if (!schedules.has(name)) return jsonReply(404, { error: `No scheduled function "${name}"` });
    if (Number.isNaN(at.getTime())) return jsonReply(400, { error: "time must be an ISO 8601 instant" });
    return jsonReply(200, { result: await schedules.run(name, at) });
  }
  if (path === LOCAL_TTL_SWEEP_PATH && method === "POST") {
    if (params.get("replay") === "1") return jsonReply(200, { result: await deps.ttl.replay() });
    const time = params.get("time");
    const at = time === null ? new Date() : new Date(time);
    if (Number.isNaN(at.getTime())) return jsonReply(400, { error: "time must be an ISO 8601 instant" });
    return jsonReply(200, { result: await deps.ttl.sweep(at) });
  }
  if (path === LOCAL_FAULTS_PATH && faults.enabled) return faults.control(method, params);
  if (path === LOCAL_STATS_PATH) {
    const backlog = Object.values(queues.counts()).reduce(
      (sum, queue) => sum + queue.pending + queue.inFlight,
      0,
    );
    return jsonReply(200, {
      ...processStats(),
      queued: backlog,
      inboxEmails: ses.count(),
      // What the pipeline has done since start: messages per queue, DynamoDB calls per operation.
      sentByQueue: queues.sent(),
      dynamoCalls: dynamoCallCounts(),
    });
  }
  if (path === LOCAL_SES_TAKE_PATH && method === "POST") return jsonReply(200, { emails: ses.take() });
  return undefined;
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
