/**
 * What an HTTP handler receives: the Lambda proxy event of an API Gateway REST API
 * (docs/decisions/0087-api-gateway-rest-behind-cloudfront.md). API Gateway has already routed it:
 * `httpMethod` and `resource` (the route's path template, e.g. "/api/admin/signups/{id}") name the
 * registry route, and `pathParameters` are filled in. The local runtime builds the same event
 * (infra/local/api-event.ts).
 */
import type { APIGatewayProxyEvent } from "aws-lambda";

export type ApiEvent = APIGatewayProxyEvent;

/** "METHOD /resource" as in functions/registry.ts, e.g. "DELETE /api/admin/signups/{id}". */
export function routeKeyOf(event: Pick<ApiEvent, "httpMethod" | "resource">): string {
  return `${(event.httpMethod ?? "").toUpperCase()} ${event.resource ?? ""}`;
}
