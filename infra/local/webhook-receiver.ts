/**
 * The local twin of a webhook receiver (docs/product/webhooks.md, "Trying it locally"): under
 * /__local/webhooks/<name>, loopback-only like every /__local/ endpoint (./local-only.ts,
 * docs/decisions/0080). An Integrations endpoint pointed at http://localhost:<port>/__local/webhooks/<name>
 * receives the runtime's deliveries here.
 *   POST   /__local/webhooks/<name>            records the request (headers, body) and answers
 *   GET    /__local/webhooks/<name>            { received: [...] }, oldest first
 *   PUT    /__local/webhooks/<name>?failTimes=N&failAlways=1&delayMs=M&redirect=<url>
 *                                              how to answer from now on (500 for a failure, 302
 *                                              to `redirect`, after `delayMs`); no parameter: succeed
 *   DELETE /__local/webhooks/<name>            forgets it
 * Kept in memory: a restart forgets what was received.
 */
import type { IncomingMessage } from "node:http";
import { jsonReply, readBody } from "./api";
import type { Reply } from "./static-site";

export const LOCAL_WEBHOOKS_PATH = "/__local/webhooks/";
const BODY_LIMIT = 1024 * 1024;
const MAX_KEPT = 20_000;

interface Received {
  readonly at: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The status it was answered with. */
  readonly status: number;
}

interface Behaviour {
  failTimes: number;
  failAlways: boolean;
  delayMs: number;
  redirect?: string;
}

interface Receiver {
  readonly received: Received[];
  behaviour: Behaviour;
}

const succeed = (): Behaviour => ({ failTimes: 0, failAlways: false, delayMs: 0 });

export class LocalWebhookReceivers {
  private readonly receivers = new Map<string, Receiver>();

  private receiver(name: string): Receiver {
    let found = this.receivers.get(name);
    if (!found) {
      found = { received: [], behaviour: succeed() };
      this.receivers.set(name, found);
    }
    return found;
  }

  /** Answers a request under LOCAL_WEBHOOKS_PATH, or undefined for a path or method it does not know. */
  async handle(
    request: IncomingMessage,
    method: string,
    path: string,
    params: URLSearchParams,
  ): Promise<Reply | undefined> {
    const name = decodeURIComponent(path.slice(LOCAL_WEBHOOKS_PATH.length));
    if (!/^[\w.-]{1,64}$/.test(name))
      return jsonReply(400, { error: "A receiver's name: 1-64 letters, digits, . _ -" });
    if (method === "GET") return jsonReply(200, { received: this.receivers.get(name)?.received ?? [] });
    if (method === "DELETE") {
      this.receivers.delete(name);
      return jsonReply(200, { deleted: name });
    }
    if (method === "PUT") {
      const behaviour: Behaviour = {
        failTimes: Math.max(0, Number(params.get("failTimes") ?? 0) || 0),
        failAlways: params.get("failAlways") === "1",
        delayMs: Math.min(Math.max(0, Number(params.get("delayMs") ?? 0) || 0), 60_000),
        ...(params.get("redirect") ? { redirect: params.get("redirect") as string } : {}),
      };
      this.receiver(name).behaviour = behaviour;
      return jsonReply(200, { behaviour });
    }
    if (method !== "POST") return undefined;
    const body = await readBody(request, BODY_LIMIT);
    if (!body.ok) return jsonReply(413, { error: "Too large" });
    const receiver = this.receiver(name);
    const { behaviour } = receiver;
    const failing = behaviour.failAlways || behaviour.failTimes > 0;
    if (behaviour.failTimes > 0) behaviour.failTimes -= 1;
    const status = behaviour.redirect ? 302 : failing ? 500 : 200;
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers))
      if (typeof value === "string") headers[key] = value;
    if (receiver.received.length >= MAX_KEPT) receiver.received.shift();
    receiver.received.push({
      at: new Date().toISOString(),
      headers,
      body: body.body.toString("utf8"),
      status,
    });
    if (behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.redirect) return jsonReply(302, { redirect: true }, { location: behaviour.redirect });
    return jsonReply(status, failing ? { error: "Failing as told" } : { ok: true });
  }
}
