/** Headers on every API answer: JSON, never cached by the browser, CloudFront or a proxy. */
export const API_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
} as const;

/**
 * A Lambda proxy result as API Gateway's REST API reads it. Several values of one header (each
 * Set-Cookie) go in `multiValueHeaders`; API Gateway merges both maps. No body means an empty one.
 */
export interface ApiResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** The result with these cookies added as Set-Cookie values. */
export function withCookies(result: ApiResult, ...cookies: readonly (string | undefined)[]): ApiResult {
  const added = cookies.filter((cookie): cookie is string => Boolean(cookie));
  if (added.length === 0) return result;
  const multiValueHeaders = { ...result.multiValueHeaders };
  multiValueHeaders["Set-Cookie"] = [...(multiValueHeaders["Set-Cookie"] ?? []), ...added];
  return { ...result, multiValueHeaders };
}

/** The Set-Cookie values of a result. */
export function cookiesOf(result: ApiResult): string[] {
  return (result.multiValueHeaders?.["Set-Cookie"] ?? []).map(String);
}

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
