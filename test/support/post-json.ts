/** fetch() with a JSON body as the site's scripts send it: `Content-Type: application/json`. */

export function postJson(
  url: string,
  body: unknown,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return fetch(url, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: text,
  });
}
