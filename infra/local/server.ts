/**
 * The local runtime's one HTTP server for the site, the API and /__local/. It listens before the
 * functions' environment exists (SITE_URL names its port); requests wait until `ready()`, so no
 * handler runs with a half-set environment.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { jsonReply, type LocalApi } from "./api";
import type { ViteMiddleware } from "./dev-server";
import type { LocalEndpoints } from "./local-endpoints";
import { closeServer, listen, writeReply } from "./net";
import type { StaticSite } from "./static-site";
import { WafStandIn } from "./waf-standin";

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export class RuntimeServer {
  private handler: Handler = async () => {};
  private markReady: () => void = () => {};
  private readonly whenReady = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  private constructor(
    readonly server: Server,
    readonly port: number,
    readonly url: string,
  ) {}

  /** Listens on `port` (0: a free one); requests wait for `ready()`. */
  static async listen(
    port: number,
    host: string,
    logError: (message: string, error: unknown) => void,
  ): Promise<RuntimeServer> {
    let self: RuntimeServer | undefined;
    const server = createServer((request, response) => {
      (self as RuntimeServer).whenReady
        .then(() => (self as RuntimeServer).handler(request, response))
        .catch((error) => {
          logError("[local] request failed", error);
          if (!response.headersSent)
            writeReply(response, "GET", jsonReply(500, { error: "Internal server error" }), {});
          else response.destroy();
        });
    });
    server.keepAliveTimeout = 5_000;
    const bound = await listen(server, port, host);
    self = new RuntimeServer(server, bound, `http://${host.includes(":") ? `[${host}]` : host}:${bound}`);
    return self;
  }

  /** What answers requests, once ready. */
  serve(handler: Handler): void {
    this.handler = handler;
  }

  ready(): void {
    this.markReady();
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }
}

export interface DispatchParts {
  readonly local: LocalEndpoints;
  readonly api: LocalApi;
  readonly site: StaticSite;
  readonly vite: ViteMiddleware | undefined;
  /** The web ACL's token rules and the integration script's stand-in (./waf-standin.ts); a new one by default. */
  readonly waf?: WafStandIn;
  /** On every answer: the site's security headers. */
  readonly headers: Record<string, string>;
  readonly logError: (message: string, error: unknown) => void;
}

/**
 * /__local/ to its endpoints, /__waf/ to the WAF stand-in, /api through the stand-in's front door
 * to the functions, everything else to the site (or Vite).
 */
export function dispatch({
  local,
  api,
  site,
  vite,
  waf = new WafStandIn(),
  headers,
  logError,
}: DispatchParts): Handler {
  return async (request, response) => {
    if (await local(request, response)) return;
    const method = (request.method ?? "GET").toUpperCase();
    const rawPath = (request.url ?? "/").split("?")[0] ?? "/";
    const fromWaf = waf.serve(method, rawPath);
    if (fromWaf) {
      writeReply(response, method, fromWaf, headers, request);
      return;
    }
    if (rawPath === "/api" || rawPath.startsWith("/api/")) {
      const stopped = waf.frontDoor(request);
      if (stopped) {
        writeReply(response, method, stopped, headers, request);
        return;
      }
      // The API may answer before it has read the whole body (413): writeReply then lingers.
      writeReply(response, method, await api.handle(request), headers, request);
      return;
    }
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    if (!vite) return site.handle(request, response);
    vite.handle(request, response, () => {
      site.handle(request, response).catch((error) => {
        logError("[local] request failed", error);
        response.destroy();
      });
    });
  };
}
