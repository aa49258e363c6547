/**
 * The CloudFront Function, run as CloudFront runs it (one `handler(event)` per viewer request and
 * viewer response), against the route table of web/src/public-paths.ts.
 */
import { describe, expect, it } from "vitest";
import { urlRewriteCode } from "../../infra/constructs/site/url-rewrite";
import {
  COMMAND_CENTER_SHELL_FILE,
  htmlFileFor,
  NOT_FOUND_FILE,
  PUBLIC_PATHS,
} from "../../web/src/public-paths";

type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;
interface CloudFrontRequest {
  uri: string;
  querystring: QueryString;
  headers: Record<string, { value: string }>;
}
interface CloudFrontResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}
type Handler = (event: unknown) => CloudFrontRequest | CloudFrontResponse;

const code = urlRewriteCode();
const handler = new Function(`${code}\nreturn handler;`)() as Handler;

function viewerRequest(uri: string, querystring: QueryString = {}) {
  return handler({ context: { eventType: "viewer-request" }, request: { uri, querystring, headers: {} } });
}

/** The full round trip: what S3 is asked for, and the status the viewer finally sees. */
function visit(uri: string, s3Status = 200): { fetched?: string; status: number; location?: string } {
  const result = viewerRequest(uri);
  if ("statusCode" in result) return { status: result.statusCode, location: result.headers?.location?.value };
  const response = handler({
    context: { eventType: "viewer-response" },
    request: { ...result },
    response: { statusCode: s3Status, headers: {} },
  }) as CloudFrontResponse;
  return { fetched: result.uri, status: response.statusCode };
}

describe("CloudFront URL rewrite function", () => {
  it("fits CloudFront's 10 KB function size limit and carries the whole route table", () => {
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
    for (const path of PUBLIC_PATHS.filter((p) => p !== "/")) expect(code).toContain(JSON.stringify(path));
  });

  it.each(PUBLIC_PATHS.map((path) => [path]))("serves %s from its prerendered file with 200", (path) => {
    expect(visit(path)).toEqual({ fetched: `/${htmlFileFor(path)}`, status: 200 });
  });

  it.each(PUBLIC_PATHS.filter((p) => p !== "/").map((path) => [path]))(
    "redirects %s/ to the clean URL",
    (path) => {
      expect(visit(`${path}/`)).toEqual({ status: 301, location: path });
    },
  );

  it("keeps the query string on a trailing-slash redirect", () => {
    const result = viewerRequest("/pricing/", {
      utm_source: { value: "ad" },
      tag: { value: "a", multiValue: [{ value: "a" }, { value: "b" }] },
      flag: { value: "" },
    }) as CloudFrontResponse;
    expect(result.statusCode).toBe(301);
    expect(result.headers?.location?.value).toBe("/pricing?utm_source=ad&tag=a&tag=b&flag");
  });

  it.each([
    ["/commandcenter"],
    ["/commandcenter/login"],
    ["/commandcenter/signups"],
    ["/commandcenter/a/b/c"],
  ])("serves the Command Center shell for %s", (path) => {
    expect(visit(path)).toEqual({ fetched: `/${COMMAND_CENTER_SHELL_FILE}`, status: 200 });
  });

  it("redirects a Command Center deep link with a trailing slash, then serves the shell", () => {
    expect(visit("/commandcenter/signups/")).toEqual({ status: 301, location: "/commandcenter/signups" });
  });

  it.each([
    ["/assets/index-3f2a9c1b.js"],
    ["/assets/index-3f2a9c1b.css"],
    ["/favicon.svg"],
    ["/robots.txt"],
    ["/pricing/index.html"],
  ])("leaves the file path %s untouched", (path) => {
    expect(visit(path)).toEqual({ fetched: path, status: 200 });
  });

  it.each([["/nope"], ["/pricing/extra"], ["/platform"], ["/solutions"], ["/commandcenterx"], ["/api"]])(
    "answers the unknown path %s with 404.html and status 404",
    (path) => {
      expect(visit(path)).toEqual({ fetched: `/${NOT_FOUND_FILE}`, status: 404 });
    },
  );

  it("answers 404 for a missing file (S3 says 403 without list permission)", () => {
    expect(visit("/assets/missing.js", 403)).toEqual({ fetched: "/assets/missing.js", status: 404 });
  });

  it("sets 404 on the response whether CloudFront passes the original or the rewritten URI", () => {
    for (const uri of ["/nope", "/404.html"]) {
      const response = handler({
        context: { eventType: "viewer-response" },
        request: { uri, querystring: {}, headers: {} },
        response: { statusCode: 200, headers: {} },
      }) as CloudFrontResponse;
      expect(response.statusCode).toBe(404);
    }
  });

  it("redirects a bare run of slashes to the home page", () => {
    expect(visit("//")).toEqual({ status: 301, location: "/" });
  });
});
