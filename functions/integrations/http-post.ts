/**
 * One POST to a receiver, connecting to the address the guard checked (./url-guard.ts): node's
 * `lookup` is replaced by one that answers only that address, while TLS still verifies the
 * certificate for the URL's host name (SNI and Host from the URL). Redirects are never followed
 * (an answer is an answer; a 3xx is not a success), the body read is capped and everything —
 * connecting, TLS, sending, the whole answer — must end within the time limit. An answer whose
 * body has not ended by then (a receiver trickling it), or that is cut off before its end, is no
 * answer: it carries no status, only an error that names the status it began with.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "./url-guard";

export interface PostOutcome {
  /** The receiver's status; absent when there was no complete answer (refused, timed out...). */
  readonly status?: number;
  readonly latencyMs: number;
  /** The first `maxBodyBytes` of the answer, as text. */
  readonly body?: string;
  readonly error?: string;
}

export interface PostRequest {
  readonly url: URL;
  readonly target: ResolvedAddress;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

export type Poster = (request: PostRequest) => Promise<PostOutcome>;

export const postToReceiver: Poster = (request) =>
  new Promise<PostOutcome>((resolve) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let settled = false;
    /** The status of the answer once its head arrived, while its body is still coming. */
    let began: number | undefined;
    const finish = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const pinned: LookupFunction = (_hostname, options, callback) => {
      const { address, family } = request.target;
      if (typeof options === "object" && options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const transport = request.url.protocol === "https:" ? https : http;
    const outgoing = transport.request(request.url, {
      method: "POST",
      headers: { ...request.headers, "content-length": Buffer.byteLength(request.body).toString() },
      lookup: pinned,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({
        error:
          began === undefined
            ? `no answer within ${request.timeoutMs} ms`
            : `the answer (status ${began}) did not end within ${request.timeoutMs} ms`,
      });
      outgoing.destroy();
    }, request.timeoutMs);
    outgoing.on("error", (error) => finish({ error: error.message.slice(0, 300) }));
    outgoing.on("response", (response) => {
      began = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, request.maxBodyBytes).toString("utf8"),
        });
      const cutOff = () => finish({ error: `the answer (status ${began}) was cut off before its end` });
      response.on("data", (chunk: Buffer) => {
        if (size >= request.maxBodyBytes) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= request.maxBodyBytes) {
          // Enough kept: the rest is not read.
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", cutOff);
      // After "end" this changes nothing; before it, the connection went down mid-answer.
      response.on("close", () => (response.complete ? done() : cutOff()));
    });
    outgoing.end(request.body);
  });
