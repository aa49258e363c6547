/**
 * Local-only servers and endpoints answer only this machine's own clients: a test, a benchmark,
 * `npm run admin`, the runtime's own SDK clients, a developer's browser on the runtime's page. That
 * covers the runtime's /__local/* endpoints and both stand-ins: dynalite (every stored row, password
 * hashes included) and aws-ses-v2-local (every e-mail sent, and a send call). A web page elsewhere
 * can reach localhost too — with DNS rebinding its requests even look same-origin to the browser —
 * so each request must name the server by a loopback name and one of its ports in Host, and must
 * not come from another site (Origin, Referer, Sec-Fetch-Site). Neither stand-in checks a
 * request's signature, so this check is their only lock (docs/decisions/0054, 0080).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { isLoopbackHostname } from "../../functions/lib/http/same-origin";

/** The port a server listens on, or the ports it is reachable at (its own and its relays'). */
export type LocalPorts = number | ReadonlySet<number>;

function isOurPort(port: string, ports: LocalPorts): boolean {
  const value = Number(port);
  if (port === "" || !Number.isInteger(value)) return false;
  return typeof ports === "number" ? value === ports : ports.has(value);
}

function loopbackAuthority(value: string | undefined, ports: LocalPorts): boolean {
  if (!value) return false;
  try {
    const url = new URL(`http://${value}`);
    return isLoopbackHostname(url.hostname) && isOurPort(url.port, ports) && url.host === value.toLowerCase();
  } catch {
    return false;
  }
}

/** An Origin or Referer naming one of this server's own loopback origins (plain HTTP). */
function sameLoopbackOrigin(value: string, ports: LocalPorts): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" && loopbackAuthority(url.host, ports);
  } catch {
    return false;
  }
}

/** Whether a request to a local-only server reachable at `ports` may be answered. */
export function isLocalOnlyRequestAllowed(request: IncomingMessage, ports: LocalPorts): boolean {
  const host = request.headers.host;
  if (!loopbackAuthority(host, ports)) return false;
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.origin;
  if (origin !== undefined && !sameLoopbackOrigin(origin, ports)) return false;
  const referer = request.headers.referer;
  if (referer !== undefined && !sameLoopbackOrigin(referer, ports)) return false;
  return true;
}

export function refuseLocalOnly(response: ServerResponse): void {
  const body = JSON.stringify({ error: "Local-only endpoint: use a loopback host name and this port" });
  response.writeHead(403, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(body);
}

export interface LocalOnlyGuard {
  /**
   * Also accepts this port in Host: a relay the runtime puts in front of the server (the fault
   * proxies of ./fault-proxy.ts with LOCAL_FAULTS=1) passes its clients' requests on unchanged,
   * Host naming the relay's port.
   */
  allowPort(port: number): void;
}

/**
 * Puts the check in front of every request listener `server` has (a stand-in's HTTP server we do
 * not own): a refused request never reaches it. The server's own port is accepted once it listens;
 * until then nothing is.
 */
export function guardLocalOnly(server: Server): LocalOnlyGuard {
  const ports = new Set<number>();
  const addOwnPort = () => {
    const address = server.address();
    if (typeof address === "object" && address) ports.add(address.port);
  };
  if (server.listening) addOwnPort();
  else server.on("listening", addOwnPort);
  const listeners = server.listeners("request") as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (!isLocalOnlyRequestAllowed(request, ports)) {
      // Read what the client sends (and throw it away) so that it sees the answer, not a reset.
      request.resume();
      refuseLocalOnly(response);
      return;
    }
    for (const listener of listeners) listener.call(server, request, response);
  });
  return {
    allowPort(port) {
      ports.add(port);
    },
  };
}
