/**
 * One Lambda function for several routes (functions/registry.ts lists them): each route keeps its
 * own httpApi() stack, and the function picks it by the route API Gateway matched: the event's
 * method and resource ("METHOD /path", functions/lib/http/event.ts).
 */
import type { Context } from "aws-lambda";
import { httpApi, UNKNOWN_ROUTE } from "./api";
import { HttpError } from "./errors";
import { type ApiEvent, routeKeyOf } from "./event";
import type { ApiResult } from "./response";

type RouteHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/**
 * API Gateway and the local runtime only pass the routes the registry gives a function, so anything
 * else is a wiring bug; it still goes through the standard stack, so the answer carries the
 * standard headers and log line.
 */
const unknownRoute = httpApi(
  {
    route: UNKNOWN_ROUTE,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    body: "none",
    sameOrigin: false,
  },
  async () => {
    throw new HttpError(404, { error: "Not found." }, {}, "unknown_route");
  },
);

export function httpRoutes(routes: Record<string, RouteHandler>) {
  return async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const route = routes[routeKeyOf(event)] ?? unknownRoute;
    return route(event, context);
  };
}
