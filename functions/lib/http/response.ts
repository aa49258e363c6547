import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/** Headers on every API answer: JSON, never cached by the browser, CloudFront or a proxy. */
export const API_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
} as const;

export type ApiResult = APIGatewayProxyStructuredResultV2 & { statusCode: number };

/** A JSON answer with the standard API headers. `body` undefined means no body (e.g. 204). */
export function jsonResponse(
  statusCode: number,
  body?: unknown,
  headers: Record<string, string> = {},
): ApiResult {
  return {
    statusCode,
    headers: { ...API_HEADERS, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Adds the standard headers to a result a handler built itself, keeping its own values. */
export function withApiHeaders(result: ApiResult): ApiResult {
  const headers: Record<string, string | number | boolean> = { ...API_HEADERS };
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    const standard = Object.keys(API_HEADERS).find((key) => key.toLowerCase() === name.toLowerCase());
    if (standard) delete headers[standard];
    headers[name] = value;
  }
  return { ...result, headers };
}
