/**
 * The runtime's CloudFront and API Gateway behaviour over real HTTP, against a small fake web/dist
 * (WEB_DIST_DIR): clean URLs, redirects, the SPA shell, 404.html, caching, compression, ETags,
 * HEAD, traversal, security headers, and the API's 404/405/413 answers.
 */

import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../events";
import { QUEUES } from "../../functions/registry";
import { securityHeaders } from "../../infra/security-headers";
import { loadStage } from "../../infra/stages";
import { parseAnswer, type RawAnswer, rawRequest } from "../support/fuzz";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose path is sent exactly as given (fetch would normalise "/../"). */
function raw(
  base: string,
  rawPath: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    chunks?: Buffer[];
  } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
        res.on("close", () => reject(new Error(`the answer to ${rawPath} was cut before its end`)));
      },
    );
    // A server may answer (413) before the upload is over and then close: an error writing the rest
    // of the body is no failure once the answer has come — the answer is what the client must read.
    let answered = false;
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.chunks) {
      // Chunked upload without a Content-Length; the server may answer before it is all sent.
      const chunks = [...options.chunks];
      const writeNext = () => {
        const chunk = chunks.shift();
        if (!chunk) return req.end();
        if (req.destroyed) return;
        req.write(chunk, () => setImmediate(writeNext));
      };
      writeNext();
    } else {
      req.end(options.body);
    }
  });
}

const UPLOAD_CHUNK = Buffer.alloc(64 * 1024, "a");
/** 64 MiB: far more than the limit; the answer must come long before. */
const UPLOAD_CHUNKS_MAX = 1024;
/** 16 MiB after the answer: more than socket buffers hold, so a server that stops reading resets it. */
const UPLOAD_CHUNKS_AFTER_ANSWER = 256;

/**
 * A chunked POST over a raw socket that goes on uploading after the answer: 64 KiB chunks until the
 * answer's first bytes arrive (at most UPLOAD_CHUNKS_MAX), then UPLOAD_CHUNKS_AFTER_ANSWER more,
 * then the last chunk; it reads until the server closes. Socket errors are collected, not thrown.
 */
function uploadPastTheAnswer(
  base: string,
  rawPath: string,
): Promise<{
  answer: RawAnswer;
  chunksBeforeAnswer: number;
  chunksAfterAnswer: number;
  /** The whole upload, last chunk included, was handed to the kernel. */
  uploaded: boolean;
  errors: string[];
}> {
  const url = new URL(base);
  const frame = Buffer.concat([
    Buffer.from(`${UPLOAD_CHUNK.length.toString(16)}\r\n`),
    UPLOAD_CHUNK,
    Buffer.from("\r\n"),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const received: Buffer[] = [];
    const errors: string[] = [];
    let before = 0;
    let after = 0;
    let uploaded = false;
    const writeNext = () => {
      if (socket.destroyed) return;
      const answered = received.length > 0;
      if (answered ? after >= UPLOAD_CHUNKS_AFTER_ANSWER : before >= UPLOAD_CHUNKS_MAX) {
        socket.end("0\r\n\r\n", () => {
          uploaded = true;
        });
        return;
      }
      if (answered) after += 1;
      else before += 1;
      socket.write(frame, (error) => {
        if (error) errors.push(`writing chunk: ${error.message}`);
        else setImmediate(writeNext);
      });
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${rawPath} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      writeNext();
    });
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", (error) => errors.push(error.message));
    socket.on("close", () => {
      try {
        const answer = parseAnswer(Buffer.concat(received));
        resolve({ answer, chunksBeforeAnswer: before, chunksAfterAnswer: after, uploaded, errors });
      } catch (error) {
        reject(error);
      }
    });
  });
}

const LONG_TEXT = "console.log('RepDesk asset');\n".repeat(100);

let dist: string;
let runtime: RuntimeProcess;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "repdesk-fake-site-"));
  dist = path.join(root, "dist");
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>Home</title>",
    "pricing/index.html": "<!doctype html><title>Pricing</title>",
    "platform/order-management/index.html": "<!doctype html><title>Order management</title>",
    "commandcenter/index.html": "<!doctype html><title>Command Center</title>",
    "404.html": "<!doctype html><title>Page not found</title>",
    "assets/app-3f9a1c.js": LONG_TEXT,
    "robots.txt": "User-agent: *\nAllow: /\n",
    "logo.png": "\u0089PNG fake",
    ".env": "SECRET=1",
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  writeFileSync(path.join(root, "secret.txt"), "outside the dist folder");
  runtime = await startRuntime({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await runtime?.stop();
  if (dist) rmSync(path.dirname(dist), { recursive: true, force: true });
});

describe("static site", () => {
  it("serves / and clean URLs from their index.html files, as uncached-but-revalidated HTML", async () => {
    for (const [route, title] of [
      ["/", "Home"],
      ["/pricing", "Pricing"],
      ["/platform/order-management", "Order management"],
    ]) {
      const response = await raw(runtime.url, route as string);
      expect(response.status, route).toBe(200);
      expect(response.body.toString()).toContain(`<title>${title}</title>`);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("redirects a trailing slash permanently, keeping the query", async () => {
    const response = await raw(runtime.url, "/pricing/?plan=pro");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/pricing?plan=pro");
  });

  it("never redirects off the site: //host, /\\host, ///host and their encoded forms get 404", async () => {
    for (const attempt of [
      "//evil.example/",
      "//evil.example",
      "///evil.example/",
      "/\\evil.example/",
      "/\\/evil.example/",
      "/%2F%2Fevil.example/",
      "/%5Cevil.example/",
      "/%5cevil.example/",
      "/%09/evil.example/",
      "/%0a/evil.example/",
      "//pricing/",
    ]) {
      const response = await raw(runtime.url, attempt);
      expect(response.headers.location, attempt).toBeUndefined();
      expect(response.status, attempt).toBe(404);
    }
  });

  it("never redirects off the site for a raw tab or newline in the path either", async () => {
    for (const attempt of ["/\t/evil.example/", "/\n/evil.example/"]) {
      const answer = await rawRequest(runtime.url, { method: "GET", target: attempt });
      expect(answer.status, JSON.stringify(attempt)).not.toBe(301);
      expect(answer.headers.location, JSON.stringify(attempt)).toBeUndefined();
    }
  });

  it("redirects trailing-slash variants of a page to it, as the CloudFront Function does", async () => {
    for (const [attempt, location] of [
      ["/pricing//", "/pricing"],
      ["/platform/order-management/", "/platform/order-management"],
      ["/commandcenter/signups/", "/commandcenter/signups"],
      ["//", "/"],
    ]) {
      const response = await raw(runtime.url, attempt as string);
      expect(response.status, attempt).toBe(301);
      expect(response.headers.location, attempt).toBe(location);
    }
  });

  it("answers /commandcenter and everything under it with the SPA shell", async () => {
    for (const route of ["/commandcenter", "/commandcenter/signups/abc", "/commandcenter/login?next=x"]) {
      const response = await raw(runtime.url, route);
      expect(response.status, route).toBe(200);
      expect(response.body.toString()).toContain("<title>Command Center</title>");
    }
  });

  it("answers unknown paths with 404.html and status 404", async () => {
    for (const route of ["/nope", "/pricing/extra", "/missing.js", "/assets/gone-123.js"]) {
      const response = await raw(runtime.url, route);
      expect(response.status, route).toBe(404);
      expect(response.body.toString(), route).toContain("Page not found");
    }
  });

  it("serves hashed assets as immutable, with the right content type, compressed for clients that accept it", async () => {
    const plain = await raw(runtime.url, "/assets/app-3f9a1c.js");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(LONG_TEXT);

    const brotli = await raw(runtime.url, "/assets/app-3f9a1c.js", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    expect(brotli.body.length).toBeLessThan(LONG_TEXT.length / 5);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LONG_TEXT);

    const gzip = await raw(runtime.url, "/assets/app-3f9a1c.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(LONG_TEXT);

    const png = await raw(runtime.url, "/logo.png", { headers: { "accept-encoding": "br" } });
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect((await raw(runtime.url, "/robots.txt")).headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("revalidates with ETag / If-None-Match (304, no body)", async () => {
    const first = await raw(runtime.url, "/pricing");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const second = await raw(runtime.url, "/pricing", { headers: { "if-none-match": etag } });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    const changed = await raw(runtime.url, "/pricing", { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await raw(runtime.url, "/pricing");
    const head = await raw(runtime.url, "/pricing", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("never serves a file outside the dist folder or a dot-file", async () => {
    for (const attempt of [
      "/../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..\\secret.txt",
      "/%5c..%5csecret.txt",
      "/.env",
      "/robots.txt%00.html",
    ]) {
      const response = await raw(runtime.url, attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body.toString(), attempt).not.toContain("outside the dist folder");
      expect(response.body.toString(), attempt).not.toContain("SECRET");
    }
  });

  it("refuses other methods on the site", async () => {
    const response = await raw(runtime.url, "/pricing", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });
});

describe("security headers", () => {
  const expected = securityHeaders({
    tagManagerId: loadStage("local").tagManagerId,
    indexable: loadStage("local").production,
  });

  it("are on every answer: pages, assets, 404s, redirects and the API", async () => {
    const answers = await Promise.all([
      raw(runtime.url, "/"),
      raw(runtime.url, "/assets/app-3f9a1c.js"),
      raw(runtime.url, "/nope"),
      raw(runtime.url, "/pricing/"),
      raw(runtime.url, "/api/nope"),
      raw(runtime.url, "/api/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    ]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers[name.toLowerCase()], name).toBe(value);
    }
  });
});

describe("API emulation", () => {
  it("answers an unknown API path with 404 JSON", async () => {
    const response = await raw(runtime.url, "/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(response.body.toString())).toEqual({ error: "Not found" });
  });

  it("answers a known path with another method with 405 JSON and Allow", async () => {
    const response = await raw(runtime.url, "/api/signup");
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(JSON.parse(response.body.toString())).toHaveProperty("error");
  });

  it("refuses a body over the limit with 413 JSON, declared or streamed", async () => {
    const declared = await raw(runtime.url, "/api/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(LIMITS.bodyBytes + 1, "a"),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString())).toHaveProperty("error");

    // A chunked upload announcing no size: answered as soon as it passes the limit, and the rest of
    // the upload (which a client may go on sending) is read, not cut off with a reset.
    const streamed = await uploadPastTheAnswer(runtime.url, "/api/contact");
    expect(streamed.errors).toEqual([]);
    expect(streamed).toMatchObject({ chunksAfterAnswer: UPLOAD_CHUNKS_AFTER_ANSWER, uploaded: true });
    expect(streamed.chunksBeforeAnswer).toBeLessThan(UPLOAD_CHUNKS_MAX);
    expect(streamed.answer.status).toBe(413);
    expect(streamed.answer.json).toHaveProperty("error");
  });

  it("passes a body of exactly the limit on to the function", async () => {
    const padding = "x".repeat(LIMITS.bodyBytes - JSON.stringify({ notes: "" }).length);
    const body = JSON.stringify({ notes: padding });
    expect(Buffer.byteLength(body)).toBe(LIMITS.bodyBytes);
    const response = await raw(runtime.url, "/api/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    // The function saw it (and rejected the fields), rather than the runtime refusing the size.
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString())).toHaveProperty("fieldErrors");
  });

  // API Gateway's REST API behind CloudFront (docs/decisions/0087): a plain JSON POST, as curl, a
  // partner's script or any HTTP library sends it, reaches the function. A client that still sends
  // the x-amz-content-sha256 of the old function-URL setup keeps working, right or stale.
  it("takes a plain JSON POST, and one with a right or a stale x-amz-content-sha256", async () => {
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    const signup = (n: number) =>
      JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        email: `plain-post-${n}-${Date.now()}@example.com`,
        teamSize: "solo",
        productLines: "single",
      });
    const cases: [string, (body: string) => Record<string, string>][] = [
      ["no hash header", () => ({})],
      ["its right hash", (body) => ({ "x-amz-content-sha256": sha256(body) })],
      ["a stale hash", (body) => ({ "x-amz-content-sha256": sha256(`${body} `) })],
    ];
    for (const [index, [name, hash]] of cases.entries()) {
      const body = signup(index);
      const answer = await raw(runtime.url, "/api/signup", {
        method: "POST",
        headers: { "content-type": "application/json", ...hash(body) },
        body,
      });
      expect(answer.status, `${name}: ${answer.body.toString()}`).toBe(201);
      expect(answer.headers["x-amzn-errortype"]).toBeUndefined();
    }
  });

  it("exposes the queue counts locally", async () => {
    const report = await runtime.queues();
    // Every queue of the registry, the local runtime's stand-in for each.
    expect(Object.keys(report.queues).sort()).toEqual(QUEUES.map((queue) => queue.name).sort());
    expect(Object.keys(report.queues)).toEqual(expect.arrayContaining(["notification", "webhook-events"]));
    expect(report.deadLetters).toEqual([]);
  });
});
