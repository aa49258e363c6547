/**
 * Every public page's response, headers and Brotli body, fits a new connection's first round trip:
 * TCP's initial window of ten 1,460-byte segments (docs/decisions/0113-first-paint-in-the-first-round-trip.md).
 * Measured over real HTTP on the site with a tag manager container, the largest case: its pages carry
 * the consent banner and probe, and its Content-Security-Policy names the tag manager's hosts.
 * `npm run bench -- web` reports the same size as Lighthouse sees it.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "../../web/src/public-paths";
import { TARGETS } from "../bench/web-targets";
import { type RuntimeProcess, startRuntime } from "../support/runtime";

let runtime: RuntimeProcess;
beforeAll(async () => {
  runtime = await startRuntime({ env: { TAG_MANAGER_ID: "GTM-CONSENT1" } });
}, 300_000);
afterAll(async () => {
  await runtime?.stop();
});

/** The bytes of one answer as they cross the connection: status line, headers and encoded body. */
function responseBytes(url: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { "accept-encoding": "br, gzip" } }, (answer) => {
      let bytes = `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n`.length + 2;
      for (let index = 0; index < answer.rawHeaders.length; index += 2)
        bytes += `${answer.rawHeaders[index]}: ${answer.rawHeaders[index + 1]}\r\n`.length;
      answer.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      answer.on("end", () =>
        resolve({
          status: answer.statusCode ?? 0,
          encoding: String(answer.headers["content-encoding"]),
          bytes,
        }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

describe("every public page's response", () => {
  it.each([...PUBLIC_PATHS])("%s fits the first round trip", async (path) => {
    const { status, encoding, bytes } = await responseBytes(`${runtime.url}${path}`);
    expect(status).toBe(200);
    expect(encoding).toBe("br");
    expect(bytes).toBeGreaterThan(5_000);
    expect(bytes).toBeLessThanOrEqual(TARGETS.htmlTransferBytes);
  });
});
