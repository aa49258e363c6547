import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { withFunctionUrlRouting } from "./function-url";

/** What a Lambda function URL delivers: payload 2.0, routeKey "$default", no pathParameters. */
function urlEvent(method: string, rawPath: string): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString: "",
    headers: {},
    requestContext: { http: { method, path: rawPath } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

describe("function URL events get the handler's own routing", () => {
  const seen: APIGatewayProxyEventV2[] = [];
  const handler = withFunctionUrlRouting(
    ["DELETE /api/admin/signups/{id}", "GET /api/admin/signups/stats"],
    async (event) => {
      seen.push(event);
      return { statusCode: 200, body: "ok" };
    },
  );

  it("sets routeKey and decoded path parameters from the matching route", async () => {
    await handler(urlEvent("DELETE", "/api/admin/signups/a%20b"), {} as Context);
    expect(seen.at(-1)?.routeKey).toBe("DELETE /api/admin/signups/{id}");
    expect(seen.at(-1)?.pathParameters).toEqual({ id: "a b" });
    await handler(urlEvent("GET", "/api/admin/signups/stats"), {} as Context);
    expect(seen.at(-1)?.routeKey).toBe("GET /api/admin/signups/stats");
    expect(seen.at(-1)?.pathParameters).toBeUndefined();
  });

  it("answers 404 and 405 itself for paths and methods the function does not serve", async () => {
    const before = seen.length;
    expect(await handler(urlEvent("GET", "/api/other"), {} as Context)).toMatchObject({ statusCode: 404 });
    expect(await handler(urlEvent("POST", "/api/admin/signups/stats"), {} as Context)).toMatchObject({
      statusCode: 405,
      headers: { allow: "DELETE, GET" },
    });
    expect(seen.length).toBe(before);
  });

  it("passes an event that already names its route through untouched (the local runtime's)", async () => {
    const event = { ...urlEvent("GET", "/anything"), routeKey: "GET /api/admin/signups/stats" };
    await handler(event as APIGatewayProxyEventV2, {} as Context);
    expect(seen.at(-1)).toBe(event);
  });
});
