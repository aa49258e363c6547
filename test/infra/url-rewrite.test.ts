/**
 * The CloudFront Function, run as CloudFront runs it (one `handler(event)` per viewer request and
 * viewer response), against the route table of web/src/public-paths.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CloudFrontQuery,
  type CloudFrontResponse,
  cloudFrontQuery,
  loadUrlRewrite,
  urlRewriteCode,
} from "../../infra/constructs/site/url-rewrite";
import {
  COMMAND_CENTER_SHELL_FILE,
  htmlFileFor,
  NOT_FOUND_FILE,
  PUBLIC_PATHS,
} from "../../web/src/public-paths";

const code = urlRewriteCode();
const handler = loadUrlRewrite();

function viewerRequest(uri: string, querystring: CloudFrontQuery = {}) {
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

  it("reads a raw query string the way CloudFront hands it over", () => {
    expect(cloudFrontQuery("utm_source=ad&tag=a&tag=b&flag")).toEqual({
      utm_source: { value: "ad" },
      tag: { value: "a", multiValue: [{ value: "a" }, { value: "b" }] },
      flag: { value: "" },
    });
  });

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

  // Browsers read a Location as WHATWG URL parsing does (node's URL does the same): tabs and
  // newlines are dropped, "\\" counts as "/", and "//host" names another site.
  const SITE = "https://www.example.com";
  const staysOnSite = (location: string) => new URL(location, SITE).origin === SITE;

  it.each([
    ["//evil.example/"],
    ["//evil.example"],
    ["///evil.example/"],
    ["////evil.example//"],
    ["/\\evil.example/"],
    ["/\\evil.example"],
    ["/\\/evil.example/"],
    ["\\/evil.example/"],
    ["/%2F%2Fevil.example/"],
    ["/%2f%2fevil.example/"],
    ["/%5Cevil.example/"],
    ["/%5cevil.example/"],
    ["/%09/evil.example/"],
    ["/\t/evil.example/"],
    ["/\n/evil.example/"],
    ["/\r\n/evil.example/"],
    ["/%0a/evil.example/"],
    ["//pricing/"],
    ["/%2e%2e//evil.example/"],
  ])("does not redirect %j (a page of the site or nothing: 404)", (uri) => {
    const result = visit(uri, 404);
    expect(result.location).toBeUndefined();
    expect(result.status).toBe(404);
  });

  it("redirects only to a page of the site, whatever the path (property, fixed seed)", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "%2F",
      "%5C",
      "%09",
      "\t",
      "\n",
      "evil.example",
      "pricing",
      ".",
      "@",
      "commandcenter",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const uri = `/${pieces.join("")}`;
        const result = visit(uri);
        if (result.location === undefined) return;
        expect(staysOnSite(result.location), `${uri} -> ${result.location}`).toBe(true);
        const path = result.location.split("?")[0] ?? "";
        expect(
          (PUBLIC_PATHS as readonly string[]).includes(path) ||
            /^\/commandcenter(\/[A-Za-z0-9._~-]+)*$/.test(path),
          `${uri} -> ${result.location}`,
        ).toBe(true);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });

  it("still redirects trailing-slash variants of real pages (and keeps their query)", () => {
    expect(visit("/pricing//")).toEqual({ status: 301, location: "/pricing" });
    expect(visit("/platform/order-management///")).toEqual({
      status: 301,
      location: "/platform/order-management",
    });
    expect(visit("/commandcenter/")).toEqual({ status: 301, location: "/commandcenter" });
  });
});
