/**
 * One POST to a receiver (./http-post.ts), against a server on this machine: the answer's body is
 * cut at the cap, a receiver that does not answer in time is given up on, a 2xx whose body does
 * not end in time or is cut off is no answer, a redirect is not followed, and the connection goes
 * to the checked address whatever the name would resolve to now.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postToReceiver } from "./http-post";

let server: Server;
let port = 0;
const seen: string[] = [];
/** Answers held open, closed after the tests. */
const held: ServerResponse[] = [];
/** The trickling answers' timers, stopped after the tests. */
const trickles: NodeJS.Timeout[] = [];

function route(request: IncomingMessage, response: ServerResponse): void {
  seen.push(`${request.headers.host} ${request.url}`);
  request.resume();
  if (request.url === "/big") {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("x".repeat(100_000));
  } else if (request.url === "/silent") {
    held.push(response);
  } else if (request.url === "/trickle") {
    // A 200 at once, then its body a byte at a time and never to its end.
    response.writeHead(200, { "content-type": "text/plain" });
    response.write("o");
    held.push(response);
    trickles.push(setInterval(() => response.write("k"), 20));
  } else if (request.url === "/cut") {
    // A 200 announcing 100 bytes, 2 of them sent, then the connection is dropped.
    response.writeHead(200, { "content-type": "text/plain", "content-length": "100" });
    response.write("ok", () => response.socket?.destroy());
  } else if (request.url === "/redirect") {
    response.writeHead(302, { location: `http://127.0.0.1:${port}/target` });
    response.end("moved");
  } else {
    response.writeHead(204);
    response.end();
  }
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  for (const response of held) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, options: { host?: string; timeoutMs?: number } = {}) =>
  postToReceiver({
    url: new URL(`http://${options.host ?? "127.0.0.1"}:${port}${path}`),
    target: { address: "127.0.0.1", family: 4 },
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: 2048,
  });

describe("a POST to a receiver", () => {
  it("keeps only the first 2 KB of a larger answer", async () => {
    const outcome = await post("/big");
    expect(outcome.status).toBe(200);
    expect(outcome.body).toBe("x".repeat(2048));
  });

  it("gives up on a receiver that does not answer within the limit", async () => {
    const outcome = await post("/silent", { timeoutMs: 300 });
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toBe("no answer within 300 ms");
  });

  it("counts a 2xx whose body has not ended within the limit as no answer, and says why", async () => {
    const outcome = await post("/trickle", { timeoutMs: 300 });
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toBe("the answer (status 200) did not end within 300 ms");
  });

  it("counts a 2xx cut off before the end of its body as no answer", async () => {
    const outcome = await post("/cut");
    expect(outcome.status).toBeUndefined();
    expect(outcome.error).toBe("the answer (status 200) was cut off before its end");
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    const before = seen.length;
    const outcome = await post("/redirect");
    expect(outcome.status).toBe(302);
    expect(seen.slice(before)).toEqual([`127.0.0.1:${port} /redirect`]);
  });

  it("connects to the checked address, not to what the name resolves to now", async () => {
    // A name that resolves nowhere: the request still reaches the address the guard checked,
    // with the URL's host in the Host header.
    const outcome = await post("/pinned", { host: "receiver.invalid" });
    expect(outcome.status).toBe(204);
    expect(seen.at(-1)).toBe(`receiver.invalid:${port} /pinned`);
  });
});
