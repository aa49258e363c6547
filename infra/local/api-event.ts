/**
 * What API Gateway (REST API, Lambda proxy integration) and CloudFront do to a request before the
 * Lambda sees it, and to the Lambda's result before the browser sees it — as pure functions, so that the
 * conversion can be tested without a server.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from "aws-lambda";
import { VIEWER_ADDRESS_HEADER } from "../../functions/lib/http/client-ip";

export interface IncomingApiRequest {
  readonly method: string;
  /** Path and query string as received, e.g. "/api/admin/signups?q=a%20b". */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body?: Buffer;
  readonly sourceIp: string;
  readonly routeKey: string;
  readonly pathParameters: Record<string, string>;
  readonly requestId: string;
  readonly now: Date;
}

export interface OutgoingApiResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

/** Node reports IPv4 peers on a dual-stack socket as "::ffff:1.2.3.4"; CloudFront reports "1.2.3.4". */
export function normalizeIp(address: string | undefined): string {
  if (!address) return "127.0.0.1";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * CloudFront sets `CloudFront-Viewer-Address` ("ip:port") from the connection and never passes on a
 * value the client sent. `trustClient` lets a client-sent value through (tests of geo-IP enrichment).
 */
export function withViewerAddress(
  headers: IncomingHttpHeaders,
  socket: { remoteAddress?: string; remotePort?: number },
  trustClient: boolean,
): IncomingHttpHeaders {
  const sent = headers[VIEWER_ADDRESS_HEADER];
  if (trustClient && typeof sent === "string" && sent.length > 0) return headers;
  return {
    ...headers,
    [VIEWER_ADDRESS_HEADER]: `${normalizeIp(socket.remoteAddress)}:${socket.remotePort ?? 0}`,
  };
}

/** "12/Mar/2020:19:03:58 +0000", API Gateway's requestContext.time. */
function apiGatewayTime(date: Date): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

function decodeQueryComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** The local runtime's stand-in for API Gateway's stage name (the deployed stage's name, API_STAGE_NAME in infra/constructs/api.ts). */
export const LOCAL_STAGE = "live";

/**
 * The Lambda proxy event an API Gateway REST API sends (APIGatewayProxyEvent, "payload 1.0"):
 * `resource` is the matched route's path template, `headers` and `queryStringParameters` hold the
 * last value of each name and the `multiValue…` maps all of them, `pathParameters` and the query
 * maps are null when empty, and the caller's address is `requestContext.identity.sourceIp`. The
 * API has no binary media types, so the body is always text (invalid UTF-8 arrives as U+FFFD, which
 * the handlers refuse) and `isBase64Encoded` is false.
 */
export function toApiGatewayEvent(request: IncomingApiRequest): APIGatewayProxyEvent {
  const queryIndex = request.url.indexOf("?");
  const path = queryIndex === -1 ? request.url : request.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? "" : request.url.slice(queryIndex + 1);
  const resource = request.routeKey.split(" ")[1] ?? path;
  const method = request.method.toUpperCase();

  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) continue;
    multiValueHeaders[name] = [...values];
    headers[name] = values[values.length - 1] as string;
  }

  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  for (const pair of rawQueryString.split("&")) {
    if (!pair) continue;
    const equals = pair.indexOf("=");
    const name = decodeQueryComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? "" : decodeQueryComponent(pair.slice(equals + 1));
    // Own properties only, written as JSON.parse writes them: `?constructor=a` and `?__proto__=b`
    // are plain parameters, as in AWS. The single map keeps the last value, as API Gateway does.
    const earlier = Object.hasOwn(multiValueQueryStringParameters, name)
      ? (multiValueQueryStringParameters[name] ?? [])
      : [];
    defineOwn(multiValueQueryStringParameters, name, [...earlier, value]);
    defineOwn(queryStringParameters, name, value);
  }
  const hasQuery = Object.keys(queryStringParameters).length > 0;

  const hasBody = request.body !== undefined && request.body.length > 0;
  const host = headers.host ?? headers.Host ?? "localhost";
  const userAgent = headers["user-agent"] ?? null;
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? queryStringParameters : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQueryStringParameters : null,
    pathParameters: Object.keys(request.pathParameters).length > 0 ? { ...request.pathParameters } : null,
    stageVariables: null,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      authorizer: null,
      domainName: host,
      domainPrefix: host.replace(/:\d+$/, "").split(".")[0] ?? host,
      extendedRequestId: request.requestId,
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent,
        userArn: null,
      },
      path: `/${LOCAL_STAGE}${path}`,
      protocol: "HTTP/1.1",
      requestId: request.requestId,
      requestTime: apiGatewayTime(request.now),
      requestTimeEpoch: request.now.getTime(),
      resourceId: "local",
      resourcePath: resource,
      stage: LOCAL_STAGE,
    },
    body: hasBody ? (request.body?.toString("utf8") ?? null) : null,
    isBase64Encoded: false,
  };
}

function defineOwn<T>(target: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * API Gateway's reading of a Lambda proxy result: status, `headers` and `multiValueHeaders` merged
 * (the multi-value entry wins for a name in both), the body as text or base64. A result without a
 * numeric statusCode is a malformed proxy response: API Gateway answers 502.
 */
export function fromApiGatewayResult(result: unknown): OutgoingApiResponse {
  if (
    result === null ||
    typeof result !== "object" ||
    typeof (result as { statusCode?: unknown }).statusCode !== "number"
  ) {
    return {
      statusCode: 502,
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ message: "Internal server error" }), "utf8"),
    };
  }
  const structured = result as APIGatewayProxyResult;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  for (const [name, values] of Object.entries(structured.multiValueHeaders ?? {})) {
    const list = values.map(String);
    headers[name.toLowerCase()] = name.toLowerCase() === "set-cookie" ? list : list.join(", ");
  }
  const raw = structured.body ?? "";
  return {
    statusCode: structured.statusCode,
    headers,
    body: Buffer.from(raw, structured.isBase64Encoded ? "base64" : "utf8"),
  };
}
