/**
 * What API Gateway (HTTP API, payload format 2.0) and CloudFront do to a request before the Lambda
 * sees it, and to the Lambda's result before the browser sees it — as pure functions, so that the
 * conversion can be tested without a server.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
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

/** Media types whose bodies API Gateway passes as text rather than base64. */
export function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type.endsWith("+json") ||
    type === "application/x-www-form-urlencoded" ||
    type === "application/xml" ||
    type.endsWith("+xml") ||
    type === "application/javascript"
  );
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

export function toApiGatewayEvent(request: IncomingApiRequest): APIGatewayProxyEventV2 {
  const queryIndex = request.url.indexOf("?");
  const rawPath = queryIndex === -1 ? request.url : request.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? "" : request.url.slice(queryIndex + 1);

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(",") : value;
    // Payload 2.0 moves cookies out of the headers into their own array.
    if (lower === "cookie") {
      cookies = joined
        .split(";")
        .map((cookie) => cookie.trim())
        .filter(Boolean);
      continue;
    }
    headers[lower] = joined;
  }

  let queryStringParameters: Record<string, string> | undefined;
  for (const pair of rawQueryString.split("&")) {
    if (!pair) continue;
    const equals = pair.indexOf("=");
    const name = decodeQueryComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? "" : decodeQueryComponent(pair.slice(equals + 1));
    queryStringParameters ??= {};
    // API Gateway joins repeated parameters with commas. Own properties only, written as JSON.parse
    // writes them: `?constructor=a` and `?__proto__=b` are plain parameters, as in AWS.
    const earlier = Object.hasOwn(queryStringParameters, name) ? queryStringParameters[name] : undefined;
    Object.defineProperty(queryStringParameters, name, {
      value: earlier === undefined ? value : `${earlier},${value}`,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }

  const hasBody = request.body !== undefined && request.body.length > 0;
  const textual = isTextual(headers["content-type"]);
  const host = headers.host ?? "localhost";
  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: request.routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: host,
      domainPrefix: host.replace(/:\d+$/, "").split(".")[0] ?? host,
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: request.sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: request.requestId,
      routeKey: request.routeKey,
      stage: "$default",
      time: apiGatewayTime(request.now),
      timeEpoch: request.now.getTime(),
    },
    isBase64Encoded: hasBody && !textual,
  };
  if (cookies && cookies.length > 0) event.cookies = cookies;
  if (queryStringParameters) event.queryStringParameters = queryStringParameters;
  if (Object.keys(request.pathParameters).length > 0) event.pathParameters = { ...request.pathParameters };
  if (hasBody) event.body = request.body?.toString(textual ? "utf8" : "base64");
  return event;
}

/**
 * API Gateway's reading of a payload-2.0 result: a structured result as given; anything else
 * (a string or an object without statusCode) is a 200 JSON body.
 */
export function fromApiGatewayResult(result: APIGatewayProxyResultV2<unknown>): OutgoingApiResponse {
  if (result === null || typeof result !== "object" || !("statusCode" in result)) {
    const body = typeof result === "string" ? result : JSON.stringify(result ?? null);
    return {
      statusCode: 200,
      headers: { "content-type": "application/json" },
      body: Buffer.from(body, "utf8"),
    };
  }
  const structured = result as Exclude<APIGatewayProxyResultV2, string>;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (structured.cookies && structured.cookies.length > 0) headers["set-cookie"] = [...structured.cookies];
  const raw = structured.body ?? "";
  return {
    statusCode: structured.statusCode ?? 200,
    headers,
    body: Buffer.from(raw, structured.isBase64Encoded ? "base64" : "utf8"),
  };
}
