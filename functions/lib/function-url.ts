/**
 * Each HTTP function is reached through its Lambda function URL, behind CloudFront (Origin Access
 * Control, docs/decisions/0055-api-through-function-urls-and-oac.md). A function URL sends the same
 * payload 2.0 event as an API Gateway HTTP API, except that it routes nothing: `routeKey` is
 * "$default" and there are no `pathParameters`. This wrapper, applied by the build to every HTTP
 * function, matches the request against that function's registry routes (the same RouteTable the
 * local runtime dispatches with) and fills both in, so handlers see the event they see locally.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { RouteTable } from "./routes";

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function answer(statusCode: number, error: string, headers: Record<string, string> = {}) {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ error }) };
}

export function withRegistryRoutes(routes: readonly string[], handler: HttpHandler): HttpHandler {
  const table = new RouteTable(routes.map((routeKey) => ({ routeKey, target: routeKey })));
  return async (event, context) => {
    const method = event.requestContext?.http?.method ?? "GET";
    const match = table.match(method, event.rawPath ?? "/");
    if (match.kind === "notFound") return answer(404, "Not found.");
    if (match.kind === "methodNotAllowed")
      return answer(405, "Method not allowed.", { allow: match.allow.join(", ") });
    const routed: APIGatewayProxyEventV2 = { ...event, routeKey: match.routeKey };
    if (Object.keys(match.pathParameters).length > 0) routed.pathParameters = match.pathParameters;
    return handler(routed, context);
  };
}
