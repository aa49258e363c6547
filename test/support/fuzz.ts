/**
 * The fuzzing harness shared by the fuzz suite (test/fuzz) and `npm run bench -- fuzz`:
 * - its settings from the environment: FUZZ_SEED (default: a random seed, printed), FUZZ_RUNS
 *   (cases per property) and FUZZ_PATH (replay one shrunk counterexample);
 * - a raw HTTP/1.1 client on node:net, so that a case can send bytes that are not UTF-8, repeat a
 *   header or leave one out — what fetch would normalize away;
 * - the checks every answer must pass (never a 5xx; every 4xx has the documented error shape);
 * - `runFuzz`, which runs a fast-check property and, on failure, says how to re-run that case.
 */
import net from "node:net";
import fc from "fast-check";
import { ApiError } from "../../events";

export interface FuzzSettings {
  readonly seed: number;
  /** Cases per property. */
  readonly runs: number;
  /** fast-check's replay path of a shrunk counterexample (from a failure message). */
  readonly path: string | undefined;
}

/** Cases per property in CI: the whole fuzz suite stays well under 90 s on 2 cores. */
export const CI_RUNS = 400;

/** Settings from FUZZ_SEED / FUZZ_RUNS / FUZZ_PATH; a fresh random seed when none is given. */
export function fuzzSettings(defaultRuns: number = CI_RUNS): FuzzSettings {
  const seedText = process.env.FUZZ_SEED?.trim();
  const seed = seedText ? Number(seedText) : (Math.random() * 2 ** 31) | 0;
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got "${seedText}"`);
  const runsText = process.env.FUZZ_RUNS?.trim();
  const runs = runsText ? Number(runsText) : defaultRuns;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive integer`);
  return { seed, runs, path: process.env.FUZZ_PATH?.trim() || undefined };
}

export interface FuzzOutcome {
  readonly name: string;
  readonly cases: number;
  readonly failures: number;
  readonly seconds: number;
  readonly seed: number;
  /** The counterexample and how to re-run it, when the property failed. */
  readonly failure?: string;
}

/**
 * Runs one property with the seed and case count; never throws for a failed property (the caller
 * decides), and the failure text names the command that replays exactly that case.
 */
export async function runFuzz(
  name: string,
  property: fc.IAsyncProperty<unknown[]>,
  settings: FuzzSettings,
  rerun: string,
): Promise<FuzzOutcome> {
  const started = performance.now();
  const details = await fc.check(property, {
    seed: settings.seed,
    numRuns: settings.runs,
    ...(settings.path ? { path: settings.path } : {}),
    // A failing case is shrunk, but not for longer than a CI job can afford.
    interruptAfterTimeLimit: 10 * 60_000,
    markInterruptAsFailure: false,
  });
  const seconds = (performance.now() - started) / 1000;
  const base = { name, cases: details.numRuns, seconds, seed: settings.seed };
  if (!details.failed) return { ...base, failures: 0 };
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const failure = [
    `Property "${name}" failed after ${details.numRuns} case(s) (seed ${details.seed}, path "${details.counterexamplePath}").`,
    `Counterexample: ${fc.stringify(details.counterexample)}`,
    `Error: ${error}`,
    `Re-run exactly this case: FUZZ_SEED=${details.seed} FUZZ_PATH="${details.counterexamplePath}" ${rerun}`,
  ].join("\n");
  return { ...base, failures: 1, failure };
}

export interface RawRequest {
  readonly method: string;
  /** Path and query, sent as they are (no encoding). */
  readonly target: string;
  /** Header lines in order; a name may repeat. `Host` is added unless present. */
  readonly headers?: readonly (readonly [string, string])[];
  readonly body?: Buffer;
  /** Send the body chunked instead of with Content-Length. */
  readonly chunked?: boolean;
}

export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  readonly text: string;
  /** The body parsed as JSON, or undefined. */
  readonly json: unknown;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** One request on its own connection (Connection: close), bytes exactly as given. */
export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const headers = [...(request.headers ?? [])];
  if (!headers.some(([name]) => name.toLowerCase() === "host")) headers.unshift(["Host", url.host]);
  const body = request.body ?? Buffer.alloc(0);
  if (request.chunked) headers.push(["Transfer-Encoding", "chunked"]);
  else if (request.body !== undefined || request.method !== "GET")
    headers.push(["Content-Length", String(body.length)]);
  headers.push(["Connection", "close"]);
  const head = Buffer.from(
    `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`,
    "latin1",
  );
  const payload = request.chunked
    ? Buffer.concat([
        body.length > 0 ? Buffer.from(`${body.length.toString(16)}\r\n`) : Buffer.alloc(0),
        body,
        Buffer.from(body.length > 0 ? "\r\n0\r\n\r\n" : "0\r\n\r\n"),
      ])
    : body;

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer within ${timeoutMs} ms to ${request.method} ${request.target}`));
    }, timeoutMs);
    socket.on("connect", () => {
      socket.write(Buffer.concat([head, payload]));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may answer (413) and close before reading the whole body: a write error after an
    // answer is not a failure; the answer is what counts.
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      try {
        resolve(parseAnswer(data));
      } catch (error) {
        reject(
          new Error(
            `${request.method} ${request.target}: ${(error as Error).message} (${data.length} bytes)`,
          ),
        );
      }
    });
  });
}

/** Parses a raw HTTP/1.1 answer (status line, headers, body by Content-Length or chunks). */
export function parseAnswer(data: Buffer): RawAnswer {
  const end = data.indexOf(HEADER_END);
  if (end === -1) throw new Error("the connection closed without a complete answer");
  const [statusLine = "", ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  if (!Number.isInteger(status)) throw new Error(`malformed status line "${statusLine}"`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = data.subarray(end + HEADER_END.length);
  if (headers["transfer-encoding"]?.toLowerCase() === "chunked") body = dechunk(body);
  else if (headers["content-length"] !== undefined)
    body = body.subarray(0, Number(headers["content-length"]));
  const text = body.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, body, text, json };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", offset);
    if (lineEnd === -1) throw new Error("truncated chunked body");
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) throw new Error("malformed chunk size");
    if (size === 0) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** A short description of an answer for assertion messages. */
export function describeAnswer(answer: RawAnswer): string {
  return `${answer.status} ${answer.text.slice(0, 300)}`;
}

/**
 * What every answer of every route must satisfy: never a 5xx, and every 4xx is JSON of the
 * documented error shape `{ error, fieldErrors? }` (docs/product/http-api.md).
 */
export function assertContract(answer: RawAnswer, allowed?: readonly number[]): void {
  if (answer.status >= 500) throw new Error(`5xx: ${describeAnswer(answer)}`);
  if (allowed && !allowed.includes(answer.status)) {
    throw new Error(`status ${answer.status} not in [${allowed.join(", ")}]: ${describeAnswer(answer)}`);
  }
  if (answer.status >= 400) {
    if (!answer.headers["content-type"]?.startsWith("application/json")) {
      throw new Error(`a ${answer.status} without a JSON content type: ${answer.headers["content-type"]}`);
    }
    const shape = ApiError.strict().safeParse(answer.json);
    if (!shape.success)
      throw new Error(`a ${answer.status} not of the error shape: ${describeAnswer(answer)}`);
  }
}
