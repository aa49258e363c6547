/**
 * Local-only endpoints (/__local/* and the SES stand-in, which hold every stored e-mail) answer
 * only this machine's own clients: a test, a benchmark, a developer's browser on the runtime's
 * page. A web page elsewhere can reach localhost too — with DNS rebinding its requests even look
 * same-origin to the browser — so each request must name the server by a loopback name and its
 * port in Host, and must not come from another site (Origin, Sec-Fetch-Site).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { isLoopbackHostname } from "../../functions/http/middleware/same-origin";

function loopbackAuthority(value: string | undefined, port: number): boolean {
  if (!value) return false;
  try {
    const url = new URL(`http://${value}`);
    return isLoopbackHostname(url.hostname) && url.port === String(port) && url.host === value.toLowerCase();
  } catch {
    return false;
  }
}

/** Whether a request to a local-only endpoint of the server on `port` may be answered. */
export function isLocalOnlyRequestAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  if (!loopbackAuthority(host, port)) return false;
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === "http:" && loopbackAuthority(url.host, port);
  } catch {
    return false;
  }
}

export function refuseLocalOnly(response: ServerResponse): void {
  const body = JSON.stringify({ error: "Local-only endpoint: use a loopback host name and this port" });
  response.writeHead(403, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(body);
}

/**
 * The SES stand-in's sending call. The product's clients reach it through the fault proxy too
 * (LOCAL_FAULTS), whose port differs from the stand-in's, and an e-mail sent into the local inbox
 * goes nowhere; reading the inbox (GET /store, the web view) is what the check protects.
 */
const SES_SEND = new Set(["POST /v2/email/outbound-emails", "POST /v2/email/outbound-bulk-emails"]);

function isSesSend(request: IncomingMessage): boolean {
  const path = (request.url ?? "/").split("?")[0];
  return SES_SEND.has(`${(request.method ?? "GET").toUpperCase()} ${path}`);
}

/** Puts the check in front of every request listener the SES stand-in has, except its sending call. */
export function guardLocalOnly(server: Server, port: number): void {
  const listeners = server.listeners("request") as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (!isSesSend(request) && !isLocalOnlyRequestAllowed(request, port)) {
      refuseLocalOnly(response);
      return;
    }
    for (const listener of listeners) listener.call(server, request, response);
  });
}
