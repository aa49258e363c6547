/**
 * `npm run dev`: Vite's dev server as middleware inside the runtime's HTTP server, so the site has
 * hot reload while /api/* still reaches the functions on the same origin.
 */
import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";

export interface ViteMiddleware {
  handle(request: IncomingMessage, response: ServerResponse, next: () => void): void;
  close(): Promise<void>;
}

/** Undefined (with a message) when infra/site/vite.config.ts is not there yet. */
export async function startViteMiddleware(
  rootDir: string,
  httpServer: Server,
  log: (message: string) => void,
): Promise<ViteMiddleware | undefined> {
  const configFile = path.join(rootDir, "infra/site/vite.config.ts");
  if (!existsSync(configFile)) {
    log("[local] --dev: infra/site/vite.config.ts does not exist yet; serving the built site instead");
    return undefined;
  }
  try {
    const { createServer } = await import("vite");
    const vite = await createServer({
      configFile,
      root: path.join(rootDir, "web"),
      appType: "spa",
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    log("[local] --dev: Vite dev server with hot reload serves web/");
    return {
      handle: (request, response, next) => vite.middlewares(request, response, next),
      close: () => vite.close(),
    };
  } catch (error) {
    log(
      `[local] --dev: Vite failed to start (${error instanceof Error ? error.message : String(error)}); serving the built site`,
    );
    return undefined;
  }
}

/**
 * Vite's dev client injects inline scripts and talks over a WebSocket; the production CSP forbids
 * both, so dev mode widens exactly those two directives.
 */
export function devContentSecurityPolicy(policy: string): string {
  return policy
    .split("; ")
    .map((directive) => {
      if (directive.startsWith("script-src ")) return `${directive} 'unsafe-inline'`;
      if (directive.startsWith("style-src ")) return `${directive} 'unsafe-inline'`;
      if (directive.startsWith("connect-src ")) return `${directive} ws: wss:`;
      return directive;
    })
    .join("; ");
}
