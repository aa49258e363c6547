import { describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "../../functions/lib/http/client-ip";
import { RouteTable } from "../../functions/lib/routes";
import {
  fromApiGatewayResult,
  LOCAL_STAGE,
  normalizeIp,
  toApiGatewayEvent,
  withViewerAddress,
} from "./api-event";

const base = {
  method: "post",
  sourceIp: "127.0.0.1",
  routeKey: "POST /api/things/{id}",
  pathParameters: { id: "a b" },
  requestId: "req-1",
  now: new Date("2025-03-12T19:03:58.123Z"),
};

describe("toApiGatewayEvent (REST API, Lambda proxy integration)", () => {
  it("carries the resource, path, query, headers and request context as API Gateway does", () => {
    const event = toApiGatewayEvent({
      ...base,
      url: "/api/things/a%20b?q=hello+world&tag=x&tag=y&empty&enc=%C3%A9",
      headers: {
        host: "localhost:3000",
        "user-agent": "curl/8",
        "x-multi": ["one", "two"],
        cookie: "session=abc; theme=dark",
        "content-type": "application/json",
      },
      body: Buffer.from('{"a":1}'),
    });
    expect(event).toEqual({
      resource: "/api/things/{id}",
      path: "/api/things/a%20b",
      httpMethod: "POST",
      headers: {
        host: "localhost:3000",
        "user-agent": "curl/8",
        "x-multi": "two",
        cookie: "session=abc; theme=dark",
        "content-type": "application/json",
      },
      multiValueHeaders: {
        host: ["localhost:3000"],
        "user-agent": ["curl/8"],
        "x-multi": ["one", "two"],
        cookie: ["session=abc; theme=dark"],
        "content-type": ["application/json"],
      },
      queryStringParameters: { q: "hello world", tag: "y", empty: "", enc: "é" },
      multiValueQueryStringParameters: { q: ["hello world"], tag: ["x", "y"], empty: [""], enc: ["é"] },
      pathParameters: { id: "a b" },
      stageVariables: null,
      requestContext: {
        accountId: "000000000000",
        apiId: "local",
        authorizer: null,
        domainName: "localhost:3000",
        domainPrefix: "localhost",
        extendedRequestId: "req-1",
        httpMethod: "POST",
        identity: {
          accessKey: null,
          accountId: null,
          apiKey: null,
          apiKeyId: null,
          caller: null,
          clientCert: null,
          cognitoAuthenticationProvider: null,
          cognitoAuthenticationType: null,
          cognitoIdentityId: null,
          cognitoIdentityPoolId: null,
          principalOrgId: null,
          sourceIp: "127.0.0.1",
          user: null,
          userAgent: "curl/8",
          userArn: null,
        },
        path: `/${LOCAL_STAGE}/api/things/a%20b`,
        protocol: "HTTP/1.1",
        requestId: "req-1",
        requestTime: "12/Mar/2025:19:03:58 +0000",
        requestTimeEpoch: Date.parse("2025-03-12T19:03:58.123Z"),
        resourceId: "local",
        resourcePath: "/api/things/{id}",
        stage: LOCAL_STAGE,
      },
      body: '{"a":1}',
      isBase64Encoded: false,
    });
  });

  it("keeps prototype-named query parameters as plain own parameters", () => {
    const event = toApiGatewayEvent({
      ...base,
      url: "/api/x?constructor=a&__proto__=b&__proto__=c&toString=d",
      headers: {},
      body: Buffer.alloc(0),
    });
    const parameters = event.queryStringParameters ?? {};
    expect(Object.entries(parameters)).toEqual([
      ["constructor", "a"],
      ["__proto__", "c"],
      ["toString", "d"],
    ]);
    expect(Object.getPrototypeOf(parameters)).toBe(Object.prototype);
    expect(
      Object.getOwnPropertyDescriptor(event.multiValueQueryStringParameters, "__proto__")?.value,
    ).toEqual(["b", "c"]);
    expect(JSON.parse(JSON.stringify(event)).queryStringParameters).toEqual(
      JSON.parse('{"constructor":"a","__proto__":"c","toString":"d"}'),
    );
  });

  it("passes every body as text (no binary media types) and nulls what is absent", () => {
    const bytes = toApiGatewayEvent({
      ...base,
      pathParameters: {},
      url: "/api/upload",
      headers: { "content-type": "application/octet-stream" },
      body: Buffer.from([0x7b, 0xff, 0x7d]),
    });
    expect(bytes.isBase64Encoded).toBe(false);
    // Bytes that are not UTF-8 arrive as U+FFFD, which the handlers refuse (functions/lib/http/json-body.ts).
    expect(bytes.body).toBe("{\uFFFD}");
    expect(bytes.queryStringParameters).toBeNull();
    expect(bytes.multiValueQueryStringParameters).toBeNull();
    expect(bytes.pathParameters).toBeNull();

    const empty = toApiGatewayEvent({
      ...base,
      pathParameters: {},
      url: "/api/x",
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(empty.body).toBeNull();
    expect(empty.isBase64Encoded).toBe(false);
  });
});

describe("viewer address (CloudFront's part)", () => {
  const socket = { remoteAddress: "::ffff:127.0.0.1", remotePort: 50123 };

  it("sets it from the socket and drops a client-sent value", () => {
    expect(
      withViewerAddress({ [VIEWER_ADDRESS_HEADER]: "81.2.69.142:1" }, socket, false)[VIEWER_ADDRESS_HEADER],
    ).toBe("127.0.0.1:50123");
    expect(withViewerAddress({}, { remoteAddress: "::1", remotePort: 7 }, false)[VIEWER_ADDRESS_HEADER]).toBe(
      "::1:7",
    );
  });

  it("lets a client-sent value through only when trusted", () => {
    expect(
      withViewerAddress({ [VIEWER_ADDRESS_HEADER]: "81.2.69.142:1" }, socket, true)[VIEWER_ADDRESS_HEADER],
    ).toBe("81.2.69.142:1");
    expect(withViewerAddress({}, socket, true)[VIEWER_ADDRESS_HEADER]).toBe("127.0.0.1:50123");
  });

  it("normalises IPv4-mapped addresses", () => {
    expect(normalizeIp("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(normalizeIp("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("fromApiGatewayResult", () => {
  it("merges headers and multiValueHeaders (Set-Cookie kept apart) and decodes a base64 body", () => {
    const response = fromApiGatewayResult({
      statusCode: 200,
      headers: { "Content-Type": "image/png", "X-Count": 3 },
      multiValueHeaders: { "Set-Cookie": ["a=1; HttpOnly", "b=2"], Vary: ["Origin", "Cookie"] },
      body: Buffer.from([1, 2, 3]).toString("base64"),
      isBase64Encoded: true,
    });
    expect(response).toEqual({
      statusCode: 200,
      headers: {
        "content-type": "image/png",
        "x-count": "3",
        "set-cookie": ["a=1; HttpOnly", "b=2"],
        vary: "Origin, Cookie",
      },
      body: Buffer.from([1, 2, 3]),
    });
  });

  it("answers 502 for a result that is not a proxy result, as API Gateway does", () => {
    expect(fromApiGatewayResult({ hello: "world" }).statusCode).toBe(502);
    expect(fromApiGatewayResult("text").statusCode).toBe(502);
    expect(fromApiGatewayResult({ statusCode: 204 }).body.length).toBe(0);
  });
});

describe("RouteTable", () => {
  const table = new RouteTable([
    { routeKey: "GET /api/admin/signups", target: "list" },
    { routeKey: "GET /api/admin/signups/{id}", target: "one" },
    { routeKey: "DELETE /api/admin/signups/{id}", target: "delete" },
    { routeKey: "GET /api/admin/signups/stats", target: "stats" },
    { routeKey: "ANY /api/files/{path+}", target: "files" },
  ]);

  it("prefers literal segments over parameters and decodes parameters", () => {
    expect(table.match("GET", "/api/admin/signups/stats")).toMatchObject({ kind: "found", target: "stats" });
    expect(table.match("get", "/api/admin/signups/a%2Fb")).toEqual({
      kind: "found",
      routeKey: "GET /api/admin/signups/{id}",
      target: "one",
      pathParameters: { id: "a/b" },
    });
    expect(table.match("PUT", "/api/files/x/y.txt")).toMatchObject({
      target: "files",
      pathParameters: { path: "x/y.txt" },
    });
  });

  it("tells a wrong method (with the allowed ones) from an unknown path", () => {
    expect(table.match("POST", "/api/admin/signups/1")).toEqual({
      kind: "methodNotAllowed",
      allow: ["DELETE", "GET"],
    });
    expect(table.match("GET", "/api/admin/nothing")).toEqual({ kind: "notFound" });
    expect(table.match("GET", "/api/admin/signups/")).toEqual({ kind: "notFound" });
  });

  it("chooses the resource first, as API Gateway does: DELETE on the literal stats path is 405, not a delete of 'stats'", () => {
    expect(table.match("DELETE", "/api/admin/signups/stats")).toEqual({
      kind: "methodNotAllowed",
      allow: ["GET"],
    });
    const levels = new RouteTable([
      { routeKey: "GET /a/{x}/c", target: "param-first" },
      { routeKey: "GET /a/b/{y}", target: "literal-first" },
    ]);
    expect(levels.match("GET", "/a/b/c")).toMatchObject({ kind: "found", target: "literal-first" });
  });
});
