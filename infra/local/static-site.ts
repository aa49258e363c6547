/**
 * Serves the built site (web/dist) the way the CloudFront distribution does. The URL mapping is the
 * CloudFront Function itself (infra/constructs/site/url-rewrite.function.js, loaded in Node), so the
 * two cannot drift: clean URLs onto prerendered files, `/x/` redirected to `/x` (only ever to a page
 * of the site), the Command Center's SPA shell for /commandcenter/*, 404.html with status 404 for
 * anything else. Files are sent by sirv (content types, ETag revalidation, HEAD, ranges) through
 * the `compression` middleware (br/gzip negotiated per request), with the cache headers the
 * deployment gives the same files in S3. Like CloudFront, it keeps what it answered for a file and
 * answers the next request for it from memory (./answer-cache.ts): same headers, same bytes.
 */
import { promises as fs, readFileSync, type Stats, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import { lookup } from "mrmime";
import sirv from "sirv";
import { NOT_FOUND_FILE } from "../../web/src/public-paths";
import {
  cloudFrontQuery,
  IMMUTABLE_CACHE,
  loadUrlRewrite,
  REVALIDATE_CACHE,
} from "../constructs/site/url-rewrite";
import { type SiteArea, siteAreaOf } from "../security-headers";
import { CSP_HASHES_FILE, type CspHashes, NO_HASHES, parseCspHashes } from "../site/csp-hashes";
import { AnswerCache } from "./answer-cache";

export interface Reply {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[]>;
  readonly body?: Buffer;
}

const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>RepDesk (local)</title></head>
<body><main><h1>RepDesk local runtime</h1>
<p>The web site has not been built yet (web/dist is missing). The API is running under /api/.</p>
</main></body></html>
`;

const HTML = "text/html; charset=utf-8";
/** Text types get an explicit charset, as the deployment's content types have. */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)$|image\/svg\+xml$)/;

type Next = (error?: unknown) => void;
type Files = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

function filesIn(root: string): Files {
  return sirv(root, {
    dev: true, // read the folder on every request: a rebuild shows without a restart
    etag: true,
    dotfiles: false,
    extensions: [],
    // Headers set here win over sirv's own (its dev mode would say no-cache for everything).
    setHeaders: (response, pathname) => {
      response.setHeader(
        "cache-control",
        pathname.startsWith("/assets/") ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
      const type = lookup(pathname);
      if (type && TEXT_TYPE.test(type)) response.setHeader("content-type", `${type}; charset=utf-8`);
    },
  }) as Files;
}

/**
 * A regular file's stats, or undefined. Synchronous on purpose: a stat takes microseconds, and the
 * thread pool an asynchronous one waits for is shared with the runtime's other work.
 */
function fileStats(file: string): Stats | undefined {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** What the CloudFront Function decides for a raw request path and query. */
export type Route =
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "file"; readonly uri: string };

export interface StaticSiteOptions {
  /**
   * The Content-Security-Policy for the served build's inline-style hashes (its CSP_HASHES_FILE,
   * read on each request, so a rebuild's new stylesheet is allowed without a restart) and the area
   * of the requested path (the Command Center's own policy, as CloudFront's behaviour for
   * COMMAND_CENTER_PATH_PATTERN sends it), as the CDK stack makes CloudFront's from the same file.
   * Unset: the header already set stays.
   */
  readonly contentSecurityPolicy?: (hashes: CspHashes, area: SiteArea) => string;
}

export class StaticSite {
  private readonly rewrite = loadUrlRewrite();
  private readonly compress = compression({ threshold: 256 });
  private readonly cache = new AnswerCache();
  private served: { root: string; files: Files } | undefined;
  private hashes: { file: string; mtimeMs: number; size: number; read: CspHashes } | undefined;

  /**
   * `distDir`: the built site. `at`: the folder to serve in its place for another origin than the
   * build's (./site-origin.ts); by default the build itself.
   */
  constructor(
    distDir: string,
    private readonly at: { root(): Promise<string> } = { root: async () => path.resolve(distDir) },
    private readonly options: StaticSiteOptions = {},
  ) {}

  /** sirv for the folder served now (made again when that folder changes). */
  private async current(): Promise<{ root: string; files: Files }> {
    const root = path.resolve(await this.at.root());
    if (this.served?.root !== root) this.served = { root, files: filesIn(root) };
    return this.served;
  }

  /** The viewer-request half of the CloudFront Function. */
  route(url: string): Route {
    const queryIndex = url.indexOf("?");
    const uri = queryIndex === -1 ? url : url.slice(0, queryIndex);
    const querystring = cloudFrontQuery(queryIndex === -1 ? "" : url.slice(queryIndex + 1));
    const result = this.rewrite({
      context: { eventType: "viewer-request" },
      request: { uri, querystring, headers: {} },
    });
    if ("statusCode" in result) return { kind: "redirect", location: result.headers?.location?.value ?? "/" };
    return { kind: "file", uri: result.uri };
  }

  /** The viewer-response half: the status the viewer sees for a mapped URI and S3's status. */
  private statusFor(uri: string, originStatus: number): number {
    const result = this.rewrite({
      context: { eventType: "viewer-response" },
      request: { uri, querystring: {}, headers: {} },
      response: { statusCode: originStatus },
    });
    return "statusCode" in result ? result.statusCode : originStatus;
  }

  /** Answers a request for the site; headers already set on `response` (security headers) stay. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD") {
      return this.send(response, method, {
        statusCode: 405,
        headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
        body: Buffer.from("Method not allowed\n"),
      });
    }
    return new Promise<void>((resolve, reject) => {
      response.once("finish", resolve);
      response.once("close", resolve);
      this.answer(request, response, method).catch(reject);
    });
  }

  /** From here on, what is written to `response` is compressed as the client accepts. */
  private compressing(request: IncomingMessage, response: ServerResponse): void {
    // compression's types name Express's request and response; it only uses Node's own. It
    // patches the response and calls its `next` at once.
    this.compress(request as never, response as never, () => {});
  }

  private async answer(request: IncomingMessage, response: ServerResponse, method: string): Promise<void> {
    const route = this.route(request.url ?? "/");
    const policy = this.options.contentSecurityPolicy;
    if (policy) {
      const { root } = await this.current();
      const requested = (request.url ?? "/").split("?")[0] ?? "/";
      response.setHeader("content-security-policy", policy(this.cspHashes(root), siteAreaOf(requested)));
    }
    if (route.kind === "redirect") {
      this.compressing(request, response);
      return this.send(response, method, {
        statusCode: 301,
        headers: { location: route.location, "cache-control": REVALIDATE_CACHE },
      });
    }
    const { root, files } = await this.current();
    const file = this.fileOf(root, route.uri);
    const stats = file === undefined ? undefined : fileStats(file);
    const status = this.statusFor(route.uri, stats ? 200 : 404);
    const built = fileStats(path.join(root, "index.html")) !== undefined;
    if (!built) {
      // Before the site is built, every page answers with a placeholder (404 for unknown paths).
      const known = this.statusFor(route.uri, 200) === 200;
      this.compressing(request, response);
      return this.send(response, method, this.placeholder(known ? 200 : 404));
    }
    if (status === 404 || !stats || file === undefined) {
      this.compressing(request, response);
      return this.notFound(root, response, method);
    }
    request.url = route.uri;
    const key = AnswerCache.keyFor(request, method, file, stats);
    if (key !== undefined && this.cache.replay(key, response)) return;
    const serve = () => {
      this.compressing(request, response);
      files(request, response, () => void this.notFound(root, response, method));
    };
    if (key === undefined) serve();
    else this.cache.record(key, request, response, serve);
  }

  /** The file a mapped URI names, or undefined for anything outside the folder or hidden in it. */
  private fileOf(root: string, uri: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      return undefined;
    }
    if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return undefined;
    // No "..", no "." and no dot-files: nothing outside the dist folder or hidden in it is served.
    if (decoded.split("/").some((segment) => segment.startsWith("."))) return undefined;
    const target = path.resolve(root, `.${decoded}`);
    return target.startsWith(`${root}${path.sep}`) ? target : undefined;
  }

  private async notFound(root: string, response: ServerResponse, method: string): Promise<void> {
    const page = await fs.readFile(path.join(root, NOT_FOUND_FILE)).catch(() => undefined);
    return this.send(response, method, {
      statusCode: 404,
      headers: {
        "content-type": page ? HTML : "text/plain; charset=utf-8",
        "cache-control": REVALIDATE_CACHE,
      },
      body: page ?? Buffer.from("Not found\n"),
    });
  }

  /** The build's inline style and script hashes, read again only when its file changes (a rebuild). */
  private cspHashes(root: string): CspHashes {
    const file = path.join(root, CSP_HASHES_FILE);
    const stats = fileStats(file);
    if (!stats) return NO_HASHES;
    const known = this.hashes;
    if (known?.file === file && known.mtimeMs === stats.mtimeMs && known.size === stats.size)
      return known.read;
    let json: string;
    try {
      json = readFileSync(file, "utf8");
    } catch {
      return NO_HASHES;
    }
    const read = parseCspHashes(json);
    this.hashes = { file, mtimeMs: stats.mtimeMs, size: stats.size, read };
    return read;
  }

  private placeholder(statusCode: number): Reply {
    return {
      statusCode,
      headers: { "content-type": HTML, "cache-control": REVALIDATE_CACHE },
      body: Buffer.from(PLACEHOLDER_HTML),
    };
  }

  private async send(response: ServerResponse, method: string, reply: Reply): Promise<void> {
    for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
    const body = reply.body ?? Buffer.alloc(0);
    if (reply.statusCode !== 304) response.setHeader("content-length", body.length);
    response.writeHead(reply.statusCode);
    response.end(method === "HEAD" ? undefined : body);
  }
}
