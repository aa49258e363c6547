/**
 * The local runtime's control endpoints (/__local/*) and the SES stand-in hold every stored
 * e-mail; a web page must not reach them. Over real HTTP (node:http, which lets a test set Host):
 * a foreign Host (DNS rebinding), a cross-site Origin or Sec-Fetch-Site gets 403; the runtime's
 * own loopback names with its port get through.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntime();
});
afterAll(async () => {
  await runtime?.stop();
});

function get(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "GET", headers },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const targets = () => [
  { name: "GET /__local/stats", base: runtime.url, path: "/__local/stats" },
  { name: "GET /__local/queues", base: runtime.url, path: "/__local/queues" },
  { name: "the SES stand-in's GET /store", base: runtime.sesUrl, path: "/store" },
];

describe("local control endpoints", () => {
  it("refuse a foreign Host, a cross-site Origin and Sec-Fetch-Site: cross-site", async () => {
    for (const target of targets()) {
      const port = new URL(target.base).port;
      const hostile: Record<string, string>[] = [
        { host: `evil.example:${port}` },
        { host: "localhost" },
        { host: `localhost:${Number(port) + 1}` },
        { host: `localhost:${port}`, origin: "http://evil.example" },
        { host: `localhost:${port}`, origin: "null" },
        { host: `localhost:${port}`, "sec-fetch-site": "cross-site" },
      ];
      for (const headers of hostile) {
        expect([target.name, headers, await get(target.base, target.path, headers)]).toEqual([
          target.name,
          headers,
          403,
        ]);
      }
    }
  });

  it("answer the runtime's own loopback names with its port", async () => {
    for (const target of targets()) {
      const port = new URL(target.base).port;
      const own: Record<string, string>[] = [
        { host: `localhost:${port}` },
        { host: `127.0.0.1:${port}` },
        { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin" },
      ];
      for (const headers of own) {
        expect([target.name, headers, await get(target.base, target.path, headers)]).toEqual([
          target.name,
          headers,
          200,
        ]);
      }
    }
  });
});
