import type { ApiEvent } from "./event";

/** A request header by name, case-insensitively (a REST API passes the names as the client sent them). */
export function header(event: Pick<ApiEvent, "headers">, name: string): string | undefined {
  const headers = event.headers ?? {};
  const direct = headers[name] ?? headers[name.toLowerCase()];
  if (direct !== undefined) return direct;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Every value of a request header, case-insensitively: a REST API event keeps repeated headers in
 * `multiValueHeaders` (and only the last in `headers`).
 */
export function headerValues(event: Pick<ApiEvent, "headers" | "multiValueHeaders">, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, list] of Object.entries(event.multiValueHeaders ?? {})) {
    if (key.toLowerCase() === wanted) values.push(...(list ?? []));
  }
  if (values.length > 0) return values;
  const single = header(event, name);
  return single === undefined ? [] : [single];
}
