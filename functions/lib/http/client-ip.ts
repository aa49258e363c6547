import { isIP } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { header } from "./headers";

export const VIEWER_ADDRESS_HEADER = "cloudfront-viewer-address";

/**
 * The address in a `CloudFront-Viewer-Address` value: "ip:port", where an IPv6 ip is not
 * bracketed ("2001:db8::1:443"), so the port is whatever follows the last colon.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  if (bracketed?.[1] && isIP(bracketed[1])) return bracketed[1];
  // CloudFront always appends the port, so try "everything before the last colon" first:
  // "2001:db8::1:443" is also a valid address on its own, but here it means port 443.
  const lastColon = trimmed.lastIndexOf(":");
  const beforePort = trimmed.slice(0, lastColon);
  if (lastColon > 0 && /^\d+$/.test(trimmed.slice(lastColon + 1)) && isIP(beforePort)) return beforePort;
  return isIP(trimmed) ? trimmed : undefined;
}

/**
 * The visitor's address: CloudFront's viewer address when the request came through CloudFront
 * (API Gateway then only sees the edge server), else API Gateway's source address.
 */
export function clientIp(
  event: Pick<APIGatewayProxyEventV2, "headers" | "requestContext">,
): string | undefined {
  const fromCloudFront = parseViewerAddress(header(event, VIEWER_ADDRESS_HEADER));
  if (fromCloudFront) return fromCloudFront;
  const source = event.requestContext?.http?.sourceIp;
  return source && isIP(source) ? source : undefined;
}
