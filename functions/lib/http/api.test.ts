import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { LIMITS } from "../../../events/limits";
import { SignupRequest } from "../../../events/signup";
import { apiEvent, jsonOf, lambdaContext } from "../../../test/support/api-gateway";
import { httpApi, validateBody } from "./api";
import { HttpError, MESSAGES } from "./errors";
import { jsonResponse } from "./response";

process.env.LOG_LEVEL = "silent";

const echo = httpApi({ route: "POST /api/echo", siteUrl: () => "https://www.example.com" }, async (request) =>
  jsonResponse(201, { ok: true, received: request.body, ip: request.clientIp }),
);

const validSignup = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  teamSize: "solo",
  productLines: "single",
};

async function call(options: Parameters<typeof apiEvent>[0], handler = echo) {
  const result = await handler(apiEvent({ path: "/api/echo", ...options }), lambdaContext);
  return { status: result.statusCode, headers: result.headers ?? {}, json: jsonOf(result) };
}

describe("httpApi standard stack", () => {
  it("answers JSON with no-store on success", async () => {
    const { status, headers, json } = await call({ body: { a: 1 } });
    expect(status).toBe(201);
    expect(headers["Content-Type"]).toBe("application/json; charset=utf-8");
    expect(headers["Cache-Control"]).toBe("no-store");
    expect(json).toEqual({ ok: true, received: { a: 1 }, ip: "127.0.0.1" });
  });

  it("accepts a charset parameter on the media type", async () => {
    const { status } = await call({
      body: "{}",
      headers: { "content-type": "application/json; charset=UTF-8" },
    });
    expect(status).toBe(201);
  });

  it.each([
    ["text/plain", 415],
    ["application/x-www-form-urlencoded", 415],
    ["application/jsonp", 415],
    ["application/json; charset=latin1", 415],
  ])("rejects Content-Type %s with %i", async (contentType, expected) => {
    const { status, headers, json } = await call({ body: "{}", headers: { "content-type": contentType } });
    expect(status).toBe(expected);
    expect(json.error).toBe(MESSAGES.unsupportedMediaType);
    expect(headers["Cache-Control"]).toBe("no-store");
  });

  it("rejects a missing Content-Type with 415", async () => {
    const event = apiEvent({ path: "/api/echo", body: "{}" });
    delete event.headers["content-type"];
    const result = await echo(event, lambdaContext);
    expect(result.statusCode).toBe(415);
  });

  it("rejects a body over LIMITS.bodyBytes with 413, as text or base64", async () => {
    const big = JSON.stringify({ notes: "x".repeat(LIMITS.bodyBytes) });
    expect((await call({ body: big })).status).toBe(413);
    expect((await call({ body: Buffer.from(big) })).status).toBe(413);
    const declared = String(LIMITS.bodyBytes + 1);
    expect((await call({ body: "{}", headers: { "content-length": declared } })).status).toBe(413);
  });

  it.each([
    ["invalid JSON", "{not json", MESSAGES.invalidJson],
    ["empty body", "", MESSAGES.invalidJson],
    ["an array", "[1,2]", MESSAGES.notAnObject],
    ["null", "null", MESSAGES.notAnObject],
    ["a number", "42", MESSAGES.notAnObject],
    ["a string", '"hello"', MESSAGES.notAnObject],
    ["deep nesting", `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`, MESSAGES.tooDeep],
    ["a lone surrogate escape", '{"firstName":"\\ud800"}', MESSAGES.invalidUtf8],
  ])("answers 400 for %s", async (_label, body, message) => {
    const { status, json } = await call({ body });
    expect(status).toBe(400);
    expect(json).toEqual({ error: message });
  });

  it("answers 400 for bytes that are not UTF-8", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"firstName":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const { status, json } = await call({ body: bytes });
    expect(status).toBe(400);
    expect(json.error).toBe(MESSAGES.invalidUtf8);
    // API Gateway and the local runtime pass JSON as text: undecodable bytes arrive as U+FFFD.
    expect((await call({ body: bytes.toString("utf8") })).status).toBe(400);
  });

  it("drops prototype-reaching keys", async () => {
    const { status, json } = await call({ body: '{"__proto__":{"polluted":true},"constructor":1,"a":2}' });
    expect(status).toBe(201);
    expect(json.received).toEqual({ a: 2 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers 405 with Allow for another method", async () => {
    const { status, headers } = await call({ method: "GET" });
    expect(status).toBe(405);
    expect(headers.Allow).toBe("POST");
  });

  describe("cross-site guard", () => {
    it.each([
      [{ "sec-fetch-site": "cross-site" }, 403],
      [{ origin: "https://evil.example" }, 403],
      [{ origin: "null" }, 403],
      [{ origin: "https://www.example.com" }, 201],
      [{ origin: "http://localhost:3000" }, 201],
      [{ "sec-fetch-site": "same-origin", origin: "https://www.example.com" }, 201],
      [{}, 201],
      // The scheme counts: an http page on the site's host (or any host) is another origin.
      [{ origin: "http://www.example.com" }, 403],
      [{ origin: "http://www.example.com", host: "www.example.com" }, 403],
      [{ origin: "https://api.example.com", host: "api.example.com" }, 201],
      [{ origin: "http://api.example.com", host: "api.example.com" }, 403],
      [{ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, 201],
      [{ origin: "http://[::1]:3000", host: "[::1]:3000" }, 201],
    ])("%o -> %i", async (headers, expected) => {
      const { status, json } = await call({ body: {}, headers });
      expect(status).toBe(expected);
      if (expected === 403) expect(json).toEqual({ error: MESSAGES.crossSite });
    });
  });

  it("maps validation failures to 400 with the field messages of docs/product/site.md", async () => {
    const handler = httpApi({ route: "POST /api/echo" }, async (request) => {
      validateBody(request, SignupRequest);
      return jsonResponse(201, { ok: true });
    });
    const { status, json } = await call(
      { body: { ...validSignup, firstName: " ", email: "nope", teamSize: 3 } },
      handler,
    );
    expect(status).toBe(400);
    expect(json.fieldErrors).toEqual({
      firstName: "First name is required",
      email: "Please enter a valid email address",
      teamSize: "Please select your team size",
    });
    expect(typeof json.error).toBe("string");
  });

  it("passes an HttpError's status, body and headers through", async () => {
    const handler = httpApi({ route: "POST /api/echo" }, async () => {
      throw new HttpError(429, { error: "slow down" }, { "Retry-After": "7" });
    });
    const { status, headers, json } = await call({ body: {} }, handler);
    expect([status, headers["Retry-After"], json]).toEqual([429, "7", { error: "slow down" }]);
  });

  it("answers 500 without internals for an unexpected error", async () => {
    const handler = httpApi({ route: "POST /api/echo" }, async () => {
      throw new Error("secret table name arn:aws:dynamodb:...");
    });
    const { status, json } = await call({ body: {} }, handler);
    expect(status).toBe(500);
    expect(json).toEqual({ error: "Something went wrong. Please try again." });
  });

  it("answers 503 with Retry-After when DynamoDB throttles or is unreachable", async () => {
    for (const error of [
      Object.assign(new Error("throttled"), { name: "ProvisionedThroughputExceededException" }),
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("timed out"), { name: "TimeoutError" }),
    ]) {
      const handler = httpApi({ route: "POST /api/echo" }, async () => {
        throw error;
      });
      const { status, headers, json } = await call({ body: {} }, handler);
      expect(status).toBe(503);
      expect(Number(headers["Retry-After"])).toBeGreaterThan(0);
      expect(json.error).toBe(MESSAGES.unavailable);
    }
  });

  it("validates arbitrary schemas without throwing on odd values", async () => {
    const handler = httpApi({ route: "POST /api/echo" }, async (request) => {
      const input = validateBody(request, z.object({ n: z.number({ error: "n must be a number" }) }));
      return jsonResponse(200, input);
    });
    expect((await call({ body: { n: "x" } }, handler)).json.fieldErrors).toEqual({ n: "n must be a number" });
  });
});

describe("httpApi request log line", () => {
  it("carries requestId, route and the X-Ray trace id; a sampled request logs its debug lines", async () => {
    const saved = { level: process.env.LOG_LEVEL, rate: process.env.LOG_SAMPLE_RATE };
    process.env.LOG_LEVEL = "info";
    process.env.LOG_SAMPLE_RATE = "1";
    process.env._X_AMZN_TRACE_ID = "Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1";
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const route = httpApi({ route: "GET /api/ping" }, async (request) => {
        request.log.debug("detail");
        return jsonResponse(200, { ok: true });
      });
      await route(apiEvent({ method: "GET", path: "/api/ping" }), lambdaContext);
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = saved.level;
      if (saved.rate === undefined) delete process.env.LOG_SAMPLE_RATE;
      else process.env.LOG_SAMPLE_RATE = saved.rate;
      delete process.env._X_AMZN_TRACE_ID;
    }
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const correlation = {
      route: "GET /api/ping",
      traceId: "1-5759e988-bd862e3fe1be46a994272793",
      sampled: true,
    };
    expect(parsed).toEqual([
      expect.objectContaining({ level: "debug", msg: "detail", ...correlation }),
      expect.objectContaining({ level: "info", msg: "request", status: 200, ...correlation }),
    ]);
    expect(parsed[0]?.requestId).toBe(parsed[1]?.requestId);
  });
});
