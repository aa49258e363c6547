/**
 * The local front door's edge cache: the answer the site's file pipeline (sirv, then the
 * `compression` middleware, ./static-site.ts) gave for a file, kept in memory and replayed, as
 * CloudFront answers a cached object without asking its origin again. A page is compressed once per
 * build and encoding instead of on every request, and a cached answer needs no file read and no
 * zlib work on the thread pool that the runtime's other work shares
 * (docs/decisions/0107-local-front-door-and-first-layout.md).
 *
 * What it answers does not change: an entry is the recorded status line's headers and bytes of a
 * full 200 answer, keyed by everything that chose them — the method, the file, its size and
 * modification time (a rebuild writes new files: new keys) and the request's Accept-Encoding.
 * Requests whose answer depends on more (Range, If-None-Match, If-Modified-Since) always go through
 * the pipeline.
 */
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";

export interface CachedAnswer {
  readonly statusCode: number;
  /** The headers the pipeline set or changed (the request's own, e.g. security headers, stay). */
  readonly headers: readonly (readonly [string, OutgoingHttpHeader])[];
  readonly body: Buffer;
}

export interface AnswerCacheLimits {
  readonly entries: number;
  readonly bytes: number;
}

const DEFAULT_LIMITS: AnswerCacheLimits = { entries: 2_000, bytes: 64 * 1024 * 1024 };

/** Request headers that make an answer conditional or partial: never cached. */
const UNCACHED_REQUEST_HEADERS = ["range", "if-none-match", "if-modified-since", "if-range"] as const;

type Chunk = string | Uint8Array;

/** A copy of a written chunk (the writer may reuse its buffer). */
function toBuffer(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk);
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly limits: AnswerCacheLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The key of a request for `file` (its size and modification time as just read), or undefined
   * when the answer must not come from the cache.
   */
  static keyFor(
    request: IncomingMessage,
    method: string,
    file: string,
    stats: { readonly size: number; readonly mtimeMs: number },
  ): string | undefined {
    if (method !== "GET" && method !== "HEAD") return undefined;
    if (UNCACHED_REQUEST_HEADERS.some((name) => request.headers[name] !== undefined)) return undefined;
    const encoding = request.headers["accept-encoding"] ?? "";
    return JSON.stringify([method, file, stats.size, stats.mtimeMs, encoding]);
  }

  /** Replays a cached answer onto `response`; false when there is none. */
  replay(key: string, response: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.statusCode = entry.statusCode;
    // One end() with the whole body: Node sends it with a Content-Length, in one piece.
    response.end(entry.body);
    return true;
  }

  /**
   * Runs `produce` (which answers on `response`), recording the answer it writes; a complete 200
   * answer is kept under `key`. The bytes reach the client exactly as `produce` wrote them.
   */
  record(key: string, request: IncomingMessage, response: ServerResponse, produce: () => void): void {
    const before = new Map(Object.entries(response.getHeaders()));
    const head = request.method?.toUpperCase() === "HEAD";
    // The pipeline writes through these (compression keeps them as its "raw" write and end).
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (head || chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(toBuffer(chunk as Chunk, encoding));
    };
    response.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as typeof response.write;
    response.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      const result = end(...args);
      // Only a whole answer gets here: the pipeline ends the response after its last byte.
      if (response.statusCode === 200) this.store(key, response, before, Buffer.concat(chunks));
      return result;
    }) as typeof response.end;
    produce();
  }

  private store(
    key: string,
    response: ServerResponse,
    before: Map<string, OutgoingHttpHeader | undefined>,
    body: Buffer,
  ): void {
    const headers: [string, OutgoingHttpHeader][] = [];
    for (const [name, value] of Object.entries(response.getHeaders())) {
      if (value === undefined) continue;
      if (JSON.stringify(before.get(name)) !== JSON.stringify(value)) headers.push([name, value]);
    }
    // A header the pipeline removed (Content-Length when it compresses) must not come back: the
    // request's own headers are set before the replay, and none of them is removed by it.
    for (const name of before.keys()) if (!response.hasHeader(name)) return;
    const entry: CachedAnswer = { statusCode: response.statusCode, headers, body };
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.body.length;
    if (this.entries.size >= this.limits.entries || this.bytes + body.length > this.limits.bytes) {
      // Over a limit (many builds or encodings): start afresh, as a CDN evicts.
      this.entries.clear();
      this.bytes = 0;
    }
    if (body.length > this.limits.bytes) return;
    this.entries.set(key, entry);
    this.bytes += body.length;
  }
}
