/**
 * API Gateway REST API (Lambda proxy) events and a Lambda context, for calling handlers directly.
 * The event is the local runtime's (infra/local/api-event.ts), so tests, the runtime and AWS agree.
 */
import type { APIGatewayProxyEvent, Context } from "aws-lambda";
import { toApiGatewayEvent } from "../../infra/local/api-event";

export interface ApiEventOptions {
  method?: string;
  path?: string;
  /** The route's path template ("/api/things/{id}"); default `path`. */
  resource?: string;
  pathParameters?: Record<string, string>;
  /**
   * An object is sent as JSON; a string as is; a Buffer base64-encoded with `isBase64Encoded`
   * (what API Gateway does for a binary media type: the exact bytes, to test the UTF-8 checks).
   */
  body?: unknown;
  headers?: Record<string, string>;
  sourceIp?: string;
}

export function apiEvent(options: ApiEventOptions = {}): APIGatewayProxyEvent {
  const method = options.method ?? "POST";
  const path = options.path ?? "/api/signup";
  const isBuffer = Buffer.isBuffer(options.body);
  let body: string | undefined;
  if (typeof options.body === "string") body = options.body;
  else if (!isBuffer && options.body !== undefined) body = JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "user-agent": "vitest",
    ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  const event = toApiGatewayEvent({
    method,
    url: path,
    headers,
    body: body === undefined ? undefined : Buffer.from(body, "utf8"),
    sourceIp: options.sourceIp ?? "127.0.0.1",
    routeKey: `${method} ${options.resource ?? path}`,
    pathParameters: options.pathParameters ?? {},
    requestId: `req-${Math.random().toString(36).slice(2)}`,
    now: new Date(0),
  });
  if (isBuffer) return { ...event, body: (options.body as Buffer).toString("base64"), isBase64Encoded: true };
  return event;
}

export const lambdaContext = { awsRequestId: "test-request", functionName: "test" } as unknown as Context;

/** The parsed JSON body of a handler's result. */
export function jsonOf(result: { body?: string | null }): Record<string, unknown> {
  return JSON.parse(result.body ?? "null");
}
