/**
 * One Lambda function for several routes (functions/registry.ts lists them): each route keeps its
 * own httpApi() stack, and the function picks it by API Gateway's routeKey ("METHOD /path").
 */
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { type ApiResult, jsonResponse } from "./response";

type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<ApiResult>;

export function httpRoutes(routes: Record<string, RouteHandler>) {
  return async (event: APIGatewayProxyEventV2, context: Context): Promise<ApiResult> => {
    const route = routes[event.routeKey];
    // API Gateway only sends the routes the registry gives this function; anything else is a wiring bug.
    if (!route) return jsonResponse(404, { error: "Not found." });
    return route(event, context);
  };
}
