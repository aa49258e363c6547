/**
 * Each HTTP function is reached through its Lambda function URL, behind CloudFront (Origin Access
 * Control, docs/decisions/0055-api-through-function-urls-and-oac.md). A function URL sends the same
 * payload 2.0 event as an API Gateway HTTP API, except that it routes nothing: `routeKey` is
 * "$default" and there are no `pathParameters`. Every HTTP handler is wrapped with this in its
 * own source (httpApi() and httpRoutes() do it, functions/lib/http), so the handler a test
 * calls is the handler Lambda runs (docs/decisions/0047-ship-what-is-tested.md): a "$default"
 * event is matched against the handler's own routes (the same RouteTable the local runtime
 * dispatches with) and both are filled in; an event that already names its route (the local
 * runtime's, or one passed on by httpRoutes) goes through untouched.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { RouteTable } from "./routes";

type Handler<Result> = (event: APIGatewayProxyEventV2, context: Context) => Promise<Result>;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

type Answer = APIGatewayProxyStructuredResultV2 & { statusCode: number };

function answer(statusCode: number, error: string, headers: Record<string, string> = {}): Answer {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ error }) };
}

const FUNCTION_URL_ROUTE_KEY = "$default";

export function withFunctionUrlRouting<Result>(
  routes: readonly string[],
  handler: Handler<Result>,
): Handler<Result | Answer> {
  const table = new RouteTable(routes.map((routeKey) => ({ routeKey, target: routeKey })));
  return async (event, context) => {
    if (event.routeKey !== FUNCTION_URL_ROUTE_KEY) return handler(event, context);
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
