/**
 * One Lambda function for several routes (functions/registry.ts lists them): each route keeps its
 * own httpApi() stack, and the function picks it by the event's routeKey ("METHOD /path").
 */
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { withFunctionUrlRouting } from "../function-url";
import { httpApi } from "./api";
import { HttpError } from "./errors";
import type { ApiResult } from "./response";

type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<ApiResult>;

/**
 * A function URL event is routed over these routes (functions/lib/function-url.ts) and the local
 * runtime only passes the routes the registry gives a function, so anything else is a wiring bug;
 * it still goes through the standard stack, so the answer carries the standard headers and log line.
 */
const unknownRoute = httpApi(
  {
    route: "GET /unknown",
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    body: "none",
    sameOrigin: false,
  },
  async () => {
    throw new HttpError(404, { error: "Not found." }, {}, "unknown_route");
  },
);

export function httpRoutes(routes: Record<string, RouteHandler>) {
  return withFunctionUrlRouting(
    Object.keys(routes),
    async (event: APIGatewayProxyEventV2, context: Context): Promise<ApiResult> => {
      const route = routes[event.routeKey] ?? unknownRoute;
      return route(event, context);
    },
  );
}
