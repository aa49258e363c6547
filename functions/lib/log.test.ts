import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, sampleDebug, xrayTraceId } from "./log";

const ENV = ["LOG_LEVEL", "LOG_SAMPLE_RATE", "_X_AMZN_TRACE_ID"] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  vi.restoreAllMocks();
});

function captureStdout(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

describe("log sampling and correlation", () => {
  it("picks LOG_SAMPLE_RATE of invocations for debug detail (off by default)", () => {
    delete process.env.LOG_SAMPLE_RATE;
    expect(sampleDebug(() => 0)).toBe(false);
    process.env.LOG_SAMPLE_RATE = "0.1";
    expect(sampleDebug(() => 0.05)).toBe(true);
    expect(sampleDebug(() => 0.1)).toBe(false);
    process.env.LOG_SAMPLE_RATE = "not a number";
    expect(sampleDebug(() => 0)).toBe(false);
  });

  it("writes debug lines of a sampled logger at LOG_LEVEL=info, and none of an unsampled one", () => {
    process.env.LOG_LEVEL = "info";
    const lines = captureStdout();
    createLogger({ requestId: "r1" }).debug("hidden");
    createLogger({ requestId: "r2" }, { sampled: true }).child({ route: "GET /x" }).debug("shown");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "debug", msg: "shown", requestId: "r2", route: "GET /x" }),
    ]);
  });

  it("keeps LOG_LEVEL=silent silent, sampled or not", () => {
    process.env.LOG_LEVEL = "silent";
    const lines = captureStdout();
    createLogger({}, { sampled: true }).error("nothing");
    expect(lines).toEqual([]);
  });

  it("reads the X-Ray trace id of the invocation", () => {
    process.env._X_AMZN_TRACE_ID =
      "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1";
    expect(xrayTraceId()).toBe("1-5759e988-bd862e3fe1be46a994272793");
    delete process.env._X_AMZN_TRACE_ID;
    expect(xrayTraceId()).toBeUndefined();
  });
});
