import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:net";
import type { Reply } from "./static-site";

/** How long an answer sent before the end of its request's body waits for the rest (nginx: 5 s idle). */
const LINGER_MS = 5_000;

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

/**
 * Writes a reply. Given the request, and if its body has not been read to the end (a 413 answered
 * early), it sends the whole answer at once but ends the response only once the client has sent the
 * rest (read and thrown away) or after LINGER_MS: see endAfterRequest.
 */
export function writeReply(
  response: ServerResponse,
  method: string,
  reply: Reply,
  extraHeaders: Record<string, string>,
  request?: IncomingMessage,
): void {
  for (const [name, value] of Object.entries(extraHeaders)) response.setHeader(name, value);
  for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
  const body = reply.body ?? Buffer.alloc(0);
  if (reply.statusCode !== 204 && reply.statusCode !== 304) response.setHeader("content-length", body.length);
  response.writeHead(reply.statusCode);
  const sent = method === "HEAD" || reply.statusCode === 204 || reply.statusCode === 304 ? undefined : body;
  if (!request || request.complete) {
    response.end(sent);
    return;
  }
  if (sent) response.write(sent);
  endAfterRequest(request, response, LINGER_MS);
}

/**
 * Node's HTTP server closes a keep-alive connection after 5 s without a request, and the SDK's
 * pooled sockets do not know until they are used: a request sent on one just as the server closes
 * it fails with ECONNRESET. After a pause of about 5 s, a burst of parallel reads (the dashboard's
 * 30-odd counts) picked stale sockets for every one of its 3 attempts and answered 503. DynamoDB
 * keeps idle connections far longer; so do the local stand-ins the SDK talks to (DynamoDB, and the
 * proxy in front of SES), whose only clients are the runtime's own SDK clients and tests (their
 * number is bounded by the SDK's socket pool). Not the site's own server: browsers retry a request
 * whose reused connection was closed.
 */
export function keepIdleConnections(server: HttpServer): void {
  server.keepAliveTimeout = 0; // 0: no idle limit
}
