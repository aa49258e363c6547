/** API Gateway HTTP API (payload 2.0) events and a Lambda context, for calling handlers directly. */
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";

export interface ApiEventOptions {
  method?: string;
  path?: string;
  /** An object is sent as JSON; a string or Buffer as is (a Buffer base64-encoded, as API Gateway does for binary). */
  body?: unknown;
  headers?: Record<string, string>;
  sourceIp?: string;
}

export function apiEvent(options: ApiEventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? "POST";
  const path = options.path ?? "/api/signup";
  const isBuffer = Buffer.isBuffer(options.body);
  let body: string | undefined;
  if (isBuffer) body = (options.body as Buffer).toString("base64");
  else if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host: "localhost:3000",
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  return {
    version: "2.0",
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: "",
    headers,
    requestContext: {
      accountId: "000000000000",
      apiId: "test",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method,
        path,
        protocol: "HTTP/1.1",
        sourceIp: options.sourceIp ?? "127.0.0.1",
        userAgent: "vitest",
      },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: `${method} ${path}`,
      stage: "$default",
      time: "01/Jan/2025:00:00:00 +0000",
      timeEpoch: 0,
    },
    isBase64Encoded: isBuffer,
    ...(body !== undefined ? { body } : {}),
  };
}

export const lambdaContext = { awsRequestId: "test-request", functionName: "test" } as unknown as Context;

/** The parsed JSON body of a handler's result. */
export function jsonOf(result: { body?: string }): Record<string, unknown> {
  return JSON.parse(result.body ?? "null");
}
