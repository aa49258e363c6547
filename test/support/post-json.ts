/**
 * fetch() with a JSON body as the site's scripts send it: `Content-Type: application/json` and the
 * body's SHA-256 in `x-amz-content-sha256`, without which CloudFront + Lambda function URLs (and the
 * local runtime) refuse the request with 403 (docs/decisions/0055).
 */
import { contentHashHeader } from "../../infra/local/content-hash";

export function postJson(
  url: string,
  body: unknown,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return fetch(url, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...contentHashHeader(text), ...init.headers },
    body: text,
  });
}
