/**
 * The runtime's CloudFront and API Gateway behaviour over real HTTP, against a small fake web/dist
 * (WEB_DIST_DIR): clean URLs, redirects, the SPA shell, 404.html, caching, compression, ETags,
 * HEAD, traversal, security headers, and the API's 404/405/413 answers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../events";
import { securityHeaders } from "../../infra/security-headers";
import { loadStage } from "../../infra/stages";
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
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
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
    expect(etag).toMatch(/^".+"$/);
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
  const expected = securityHeaders({ tagManagerId: loadStage("local").tagManagerId });

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

    // 64 MB announced as chunked: the runtime answers long before it could all be read.
    const chunk = Buffer.alloc(64 * 1024, "a");
    const streamed = await raw(runtime.url, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      chunks: Array.from({ length: 1024 }, () => chunk),
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body.toString())).toHaveProperty("error");
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

  it("exposes the queue counts locally", async () => {
    const report = await runtime.queues();
    expect(Object.keys(report.queues).sort()).toEqual(["enrichment", "notification"]);
    expect(report.deadLetters).toEqual([]);
  });
});
