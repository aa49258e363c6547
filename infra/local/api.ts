/**
 * The API half of the local runtime: what API Gateway's REST API does in AWS (infra/constructs/api.ts).
 * It reads the body (refusing more than LIMITS.bodyBytes while streaming), finds the route in
 * functions/registry.ts (404 for an unknown path, 405 with Allow for a known path's other methods,
 * as the deployed API's gateway responses and mock methods answer), converts the request to the
 * REST API's Lambda proxy event, calls the function and writes its result back.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { LIMITS } from "../../events";
import { MESSAGES } from "../../functions/lib/http/errors";
import { RouteTable } from "../../functions/lib/routes";
import type { HttpFunctionDefinition } from "../../functions/registry";
import { fromApiGatewayResult, normalizeIp, toApiGatewayEvent, withViewerAddress } from "./api-event";
import { type HandlerLoader, lambdaContext } from "./lambda";
import type { Reply } from "./static-site";

export interface ApiOptions {
  readonly functions: readonly HttpFunctionDefinition[];
  readonly loader: HandlerLoader;
  /** Let a client-sent CloudFront-Viewer-Address through (TRUST_VIEWER_ADDRESS=1). */
  readonly trustViewerAddress: boolean;
  readonly bodyLimit?: number;
  /** Called after every 2xx answer to a state-changing request (the outbox relay's nudge). */
  readonly afterWrite?: () => void;
  readonly logError?: (message: string, error: unknown) => void;
}

export function jsonReply(statusCode: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    body: Buffer.from(JSON.stringify(body)),
  };
}

type BodyResult = { readonly ok: true; readonly body: Buffer } | { readonly ok: false };

/** Reads at most `limit` bytes; on more, stops reading at once and reports it. */
export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        request.pause();
        resolve({ ok: false });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ ok: true, body: Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
  });
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export class LocalApi {
  private readonly routes: RouteTable<HttpFunctionDefinition>;
  private readonly bodyLimit: number;

  constructor(private readonly options: ApiOptions) {
    this.routes = new RouteTable(
      options.functions.flatMap((definition) =>
        definition.routes.map((routeKey) => ({ routeKey, target: definition })),
      ),
    );
    this.bodyLimit = options.bodyLimit ?? LIMITS.bodyBytes;
  }

  async handle(request: IncomingMessage): Promise<Reply> {
    const method = (request.method ?? "GET").toUpperCase();
    const url = request.url ?? "/";
    const rawPath = url.split("?")[0] ?? "/";
    const match = this.routes.match(method, rawPath);
    if (match.kind === "notFound") return jsonReply(404, { error: "Not found" });
    if (match.kind === "methodNotAllowed") {
      return jsonReply(405, { error: MESSAGES.methodNotAllowed }, { allow: match.allow.join(", ") });
    }
    const body = await readBody(request, this.bodyLimit);
    if (!body.ok) return jsonReply(413, { error: MESSAGES.tooLarge }, { connection: "close" });
    const requestId = randomUUID();
    const event = toApiGatewayEvent({
      method,
      url,
      headers: withViewerAddress(request.headers, request.socket, this.options.trustViewerAddress),
      body: body.body,
      sourceIp: normalizeIp(request.socket.remoteAddress),
      routeKey: match.routeKey,
      pathParameters: match.pathParameters,
      requestId,
      now: new Date(),
    });
    let reply: Reply;
    try {
      const handler = await this.options.loader.load(match.target.entry);
      reply = fromApiGatewayResult(await handler(event, lambdaContext(match.target.name, requestId)));
    } catch (error) {
      // What API Gateway does when the function fails: a 500 that leaks nothing.
      this.options.logError?.(`[local api] ${match.routeKey} failed`, error);
      return jsonReply(500, { error: MESSAGES.internal });
    }
    if (STATE_CHANGING.has(method) && reply.statusCode >= 200 && reply.statusCode < 300)
      this.options.afterWrite?.();
    return reply;
  }
}
