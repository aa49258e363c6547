import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:net";

/** Listens and resolves with the bound port (`port` 0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** Closes a server, ending idle keep-alive connections so that close does not hang. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    const http = server as Server & { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    http.closeIdleConnections?.();
    setTimeout(() => http.closeAllConnections?.(), 2_000).unref();
  });
}

/**
 * Ends a response whose answer is already written, once the client has finished sending its
 * request (what it still sends is read and thrown away), or after `lingerMs` at the latest.
 *
 * Closing a connection right after answering, with the client's upload still arriving, makes the
 * kernel reset it; the reset can reach the client before it has read the answer, which it then never
 * sees (`EPIPE`/`ECONNRESET` instead of the 413). RFC 9112 §9.6 asks a server to close in stages
 * for this reason; nginx's "lingering close" is the same idea.
 */
export function endAfterRequest(request: IncomingMessage, response: ServerResponse, lingerMs: number): void {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    request.off("end", end);
    request.off("close", end);
    request.off("error", end);
    response.end();
  };
  const timer = setTimeout(end, lingerMs);
  timer.unref();
  request.on("end", end);
  request.on("close", end);
  request.on("error", end);
  request.resume();
}
