import { describe, expect, it } from "vitest";
import { apiEvent, jsonOf, lambdaContext } from "../../../test/support/api-gateway";
import { httpApi } from "./api";
import { cookiesOf, jsonResponse, withCookies } from "./response";
import { httpRoutes } from "./routes";

process.env.LOG_LEVEL = "silent";

const item = httpApi({ route: "GET /api/things/{id}", body: "none" }, async (request) =>
  jsonResponse(200, { route: "get", id: request.event.pathParameters?.id }),
);
const remove = httpApi({ route: "DELETE /api/things/{id}", sameOrigin: false }, async () =>
  withCookies(jsonResponse(204), "a=1", undefined, "b=2"),
);
const handler = httpRoutes({ "GET /api/things/{id}": item, "DELETE /api/things/{id}": remove });

describe("httpRoutes over REST API events", () => {
  it("picks the route API Gateway matched: method and resource, with the path parameters it filled in", async () => {
    const got = await handler(
      apiEvent({
        method: "GET",
        path: "/api/things/42",
        resource: "/api/things/{id}",
        pathParameters: { id: "42" },
      }),
      lambdaContext,
    );
    expect(got.statusCode).toBe(200);
    expect(jsonOf(got)).toEqual({ route: "get", id: "42" });
    const deleted = await handler(
      apiEvent({
        method: "DELETE",
        path: "/api/things/42",
        resource: "/api/things/{id}",
        pathParameters: { id: "42" },
      }),
      lambdaContext,
    );
    expect(deleted.statusCode).toBe(204);
    expect(cookiesOf(deleted)).toEqual(["a=1", "b=2"]);
  });

  it("answers 404 JSON for a route it was not given (a wiring bug, never a crash)", async () => {
    const other = await handler(
      apiEvent({ method: "POST", path: "/api/things/1", resource: "/api/things/{id}" }),
      lambdaContext,
    );
    expect(other.statusCode).toBe(404);
    expect(jsonOf(other)).toEqual({ error: "Not found." });
  });

  it("httpApi refuses an event for another resource with 404, and another method with 405", async () => {
    const wrongResource = await item(
      apiEvent({ method: "GET", path: "/api/other", resource: "/api/other" }),
      lambdaContext,
    );
    expect(wrongResource.statusCode).toBe(404);
    const wrongMethod = await item(
      apiEvent({ method: "PUT", path: "/api/things/1", resource: "/api/things/{id}", body: {} }),
      lambdaContext,
    );
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers?.Allow).toBe("GET");
  });
});
