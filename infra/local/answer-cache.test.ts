import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that answers through `cache` with `produce` as the pipeline; counts the pipeline's runs. */
async function serve(
  cache: AnswerCache,
  file: { size: number; mtimeMs: number },
  produce: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; runs: () => number }> {
  let runs = 0;
  const server = createServer((request, response) => {
    response.setHeader("x-frame-options", "DENY"); // the request's own header, as the runtime sets
    const method = request.method ?? "GET";
    const key = AnswerCache.keyFor(request, method, "/dist/index.html", file);
    if (key !== undefined && cache.replay(key, response)) return;
    const run = () => {
      runs += 1;
      produce(request, response);
    };
    if (key === undefined) run();
    else cache.record(key, request, response, run);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, runs: () => runs };
}

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const PAGE = "<!doctype html><title>Home</title>".repeat(50);

/** Like sirv + compression: headers, then the body in pieces, compressed when br is accepted. */
function pipeline(request: IncomingMessage, response: ServerResponse): void {
  const br = (request.headers["accept-encoding"] ?? "").includes("br");
  const body = br ? brotliCompressSync(PAGE) : Buffer.from(PAGE);
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.setHeader("etag", 'W/"1-2"');
  response.setHeader("vary", "Accept-Encoding");
  if (br) response.setHeader("content-encoding", "br");
  response.writeHead(200);
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  response.write(body.subarray(0, 10));
  setTimeout(() => response.end(body.subarray(10)), 5);
}

function withoutDate(headers: Answer["headers"]): Answer["headers"] {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}

describe("AnswerCache", () => {
  it("replays the pipeline's answer: the same status, headers and bytes, without running it again", async () => {
    const cache = new AnswerCache();
    const site = await serve(cache, { size: 10, mtimeMs: 1 }, pipeline);
    const first = await get(site.url, { "accept-encoding": "gzip, deflate, br" });
    const second = await get(site.url, { "accept-encoding": "gzip, deflate, br" });
    expect(site.runs()).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(second.body).toString()).toBe(PAGE);
    // The first was chunked, the replay has its length: otherwise the same headers.
    const { "transfer-encoding": chunked, ...firstHeaders } = withoutDate(first.headers);
    expect(chunked).toBe("chunked");
    expect(withoutDate(second.headers)).toEqual({
      ...firstHeaders,
      "content-length": String(first.body.length),
    });
    expect(second.headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps one answer per Accept-Encoding, method and file version", async () => {
    const cache = new AnswerCache();
    const site = await serve(cache, { size: 10, mtimeMs: 1 }, pipeline);
    const br = await get(site.url, { "accept-encoding": "br" });
    const plain = await get(site.url);
    expect(plain.body.toString()).toBe(PAGE);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect((await get(site.url, { "accept-encoding": "br" })).body.equals(br.body)).toBe(true);
    const head = await get(site.url, {}, "HEAD");
    expect(head.body.length).toBe(0);
    expect(site.runs()).toBe(3);
    expect((await get(site.url, {}, "HEAD")).headers.etag).toBe(head.headers.etag);
    expect(site.runs()).toBe(3);

    const request = { headers: {} } as IncomingMessage;
    const key = (size: number, mtimeMs: number) =>
      AnswerCache.keyFor(request, "GET", "/f", { size, mtimeMs });
    expect(key(10, 1)).toBe(key(10, 1));
    expect(key(10, 2)).not.toBe(key(10, 1));
    expect(key(11, 1)).not.toBe(key(10, 1));
  });

  it("never answers a partial, conditional or other-method request from memory", () => {
    const file = { size: 1, mtimeMs: 1 };
    for (const headers of [
      { range: "bytes=0-1" },
      { "if-none-match": '"x"' },
      { "if-modified-since": "Tue, 01 Jan 2030 00:00:00 GMT" },
      { "if-range": '"x"' },
    ]) {
      expect(AnswerCache.keyFor({ headers } as IncomingMessage, "GET", "/f", file)).toBeUndefined();
    }
    expect(AnswerCache.keyFor({ headers: {} } as IncomingMessage, "POST", "/f", file)).toBeUndefined();
  });

  it("keeps no answer but a 200", async () => {
    const cache = new AnswerCache();
    const notFound = await serve(cache, { size: 1, mtimeMs: 1 }, (_request, response) => {
      response.statusCode = 404;
      response.end("no");
    });
    await get(notFound.url);
    await get(notFound.url);
    expect(notFound.runs()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("starts afresh past its limits", async () => {
    const cache = new AnswerCache({ entries: 2, bytes: 1_000_000 });
    for (const mtimeMs of [1, 2, 3]) {
      const site = await serve(cache, { size: 1, mtimeMs }, pipeline);
      await get(site.url);
    }
    expect(cache.size).toBe(1);
  });
});
