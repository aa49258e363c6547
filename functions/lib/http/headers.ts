import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** A request header by name, case-insensitively (API Gateway lower-cases them; tests may not). */
export function header(event: Pick<APIGatewayProxyEventV2, "headers">, name: string): string | undefined {
  const headers = event.headers ?? {};
  const direct = headers[name] ?? headers[name.toLowerCase()];
  if (direct !== undefined) return direct;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
