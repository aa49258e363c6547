/**
 * Serves the built site (web/dist) the way the CloudFront distribution does: clean URLs onto
 * prerendered files, `/x/` redirected to `/x`, the Command Center's SPA shell for /commandcenter/*,
 * 404.html with status 404 for anything else, long-lived caching for hashed assets, no-cache for
 * HTML, compression for text, ETag revalidation.
 */
import { createHash } from "node:crypto";
import { promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { trimTrailingSlashes } from "../../events/text";
import {
  COMMAND_CENTER_PREFIX,
  COMMAND_CENTER_SHELL_FILE,
  NOT_FOUND_FILE,
  PUBLIC_PATHS,
} from "../../web/src/public-paths";

export interface Reply {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[]>;
  readonly body?: Buffer;
}

export interface StaticRequest {
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly acceptEncoding?: string;
  readonly ifNoneMatch?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".pdf": "application/pdf",
  ".wasm": "application/wasm",
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

function isCompressible(contentType: string): boolean {
  return (
    contentType.startsWith("text/") ||
    contentType.startsWith("application/json") ||
    contentType.startsWith("application/manifest+json") ||
    contentType.startsWith("application/xml") ||
    contentType.startsWith("image/svg+xml") ||
    contentType.startsWith("application/wasm")
  );
}

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const HTML_CACHE = "no-cache";
const OTHER_CACHE = "public, max-age=3600";

type Encoding = "br" | "gzip" | "identity";

/** The encoding to use for a client's Accept-Encoding (br over gzip; q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

interface CachedFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly raw: Buffer;
  readonly hash: string;
  readonly variants: Map<Encoding, Buffer>;
}

/** What a request path resolves to in the dist folder. */
export type Resolution =
  | { readonly kind: "file"; readonly file: string; readonly statusCode: 200 | 404 }
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "notFound" };

const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>RepDesk (local)</title></head>
<body><main><h1>RepDesk local runtime</h1>
<p>The web site has not been built yet (web/dist is missing). The API is running under /api/.</p>
</main></body></html>
`;

export class StaticSite {
  private readonly root: string;
  private readonly cache = new Map<string, CachedFile>();

  constructor(distDir: string) {
    this.root = path.resolve(distDir);
  }

  async handle(request: StaticRequest): Promise<Reply> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return {
        statusCode: 405,
        headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
        body: Buffer.from("Method not allowed\n"),
      };
    }
    const resolution = await this.resolve(request.url);
    if (resolution.kind === "redirect") {
      return { statusCode: 301, headers: { location: resolution.location, "cache-control": HTML_CACHE } };
    }
    if (resolution.kind === "notFound") {
      const notFound = path.join(this.root, NOT_FOUND_FILE);
      if (await this.isFile(notFound)) return this.serveFile(notFound, 404, request);
      if (!(await this.isFile(path.join(this.root, "index.html")))) return this.placeholder(404);
      return {
        statusCode: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: Buffer.from("Not found\n"),
      };
    }
    if (!(await this.isFile(resolution.file))) return this.placeholder(resolution.statusCode);
    return this.serveFile(resolution.file, resolution.statusCode, request);
  }

  /** Maps a URL path onto the dist folder, refusing anything outside it. */
  async resolve(url: string): Promise<Resolution> {
    const queryIndex = url.indexOf("?");
    const rawPath = queryIndex === -1 ? url : url.slice(0, queryIndex);
    const query = queryIndex === -1 ? "" : url.slice(queryIndex);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return { kind: "notFound" };
    }
    if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\"))
      return { kind: "notFound" };
    const segments = decoded.split("/").slice(1);
    // No "..", no "." and no dot-files: nothing outside the dist folder or hidden in it is served.
    if (segments.some((segment) => segment.startsWith("."))) return { kind: "notFound" };
    if (decoded.length > 1 && decoded.endsWith("/")) {
      return { kind: "redirect", location: `${trimTrailingSlashes(rawPath) || "/"}${query}` };
    }
    if (decoded === COMMAND_CENTER_PREFIX || decoded.startsWith(`${COMMAND_CENTER_PREFIX}/`)) {
      const requested = this.inside(decoded);
      // Real files under the prefix (none today) win over the shell.
      if (path.extname(decoded) && requested && (await this.isFile(requested))) {
        return { kind: "file", file: requested, statusCode: 200 };
      }
      return { kind: "file", file: path.join(this.root, COMMAND_CENTER_SHELL_FILE), statusCode: 200 };
    }
    if (decoded === "/") return { kind: "file", file: path.join(this.root, "index.html"), statusCode: 200 };
    const target = this.inside(decoded);
    if (!target) return { kind: "notFound" };
    if (path.extname(decoded)) {
      return (await this.isFile(target))
        ? { kind: "file", file: target, statusCode: 200 }
        : { kind: "notFound" };
    }
    const page = path.join(target, "index.html");
    if (await this.isFile(page)) return { kind: "file", file: page, statusCode: 200 };
    // Before the site is built, the public routes still answer (with the placeholder).
    if (
      !(await this.isFile(path.join(this.root, "index.html"))) &&
      (PUBLIC_PATHS as readonly string[]).includes(decoded)
    ) {
      return { kind: "file", file: page, statusCode: 200 };
    }
    return { kind: "notFound" };
  }

  private inside(decodedPath: string): string | undefined {
    const target = path.resolve(this.root, `.${path.posix.normalize(decodedPath)}`);
    return target === this.root || target.startsWith(`${this.root}${path.sep}`) ? target : undefined;
  }

  private async isFile(file: string): Promise<boolean> {
    return (await this.stat(file))?.isFile() ?? false;
  }

  private async stat(file: string): Promise<Stats | undefined> {
    try {
      return await fs.stat(file);
    } catch {
      return undefined;
    }
  }

  private placeholder(statusCode: number): Reply {
    return {
      statusCode,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": HTML_CACHE },
      body: Buffer.from(PLACEHOLDER_HTML),
    };
  }

  private async load(file: string): Promise<CachedFile | undefined> {
    const stats = await this.stat(file);
    if (!stats?.isFile()) return undefined;
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const raw = await fs.readFile(file);
    const entry: CachedFile = {
      mtimeMs: stats.mtimeMs,
      size: stats.size,
      raw,
      hash: createHash("sha1").update(raw).digest("base64url").slice(0, 27),
      variants: new Map([["identity", raw]]),
    };
    this.cache.set(file, entry);
    return entry;
  }

  private async serveFile(file: string, statusCode: number, request: StaticRequest): Promise<Reply> {
    const entry = await this.load(file);
    if (!entry) return this.placeholder(statusCode);
    const contentType = contentTypeOf(file);
    const relative = path.relative(this.root, file).split(path.sep).join("/");
    const cacheControl = contentType.startsWith("text/html")
      ? HTML_CACHE
      : relative.startsWith("assets/")
        ? IMMUTABLE_CACHE
        : OTHER_CACHE;
    const compressible = isCompressible(contentType) && entry.raw.length > 256;
    const encoding = compressible ? negotiateEncoding(request.acceptEncoding) : "identity";
    const etag = `"${entry.hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const headers: Record<string, string> = {
      "content-type": contentType,
      "cache-control": cacheControl,
      etag,
    };
    if (compressible) headers.vary = "Accept-Encoding";
    if (statusCode === 200 && etagMatches(request.ifNoneMatch, etag)) return { statusCode: 304, headers };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    return { statusCode, headers, body: this.variant(entry, encoding) };
  }

  private variant(entry: CachedFile, encoding: Encoding): Buffer {
    let body = entry.variants.get(encoding);
    if (!body) {
      body =
        encoding === "br"
          ? brotliCompressSync(entry.raw, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length,
              },
            })
          : gzipSync(entry.raw, { level: 9 });
      entry.variants.set(encoding, body);
    }
    return body;
  }
}
