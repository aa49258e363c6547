import { isIP } from "node:net";
import type { ApiEvent } from "./event";
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
 * The visitor's address: CloudFront's viewer address (API Gateway's own source address is then
 * the edge server's), else API Gateway's source address. Nobody can forge the header: CloudFront
 * sets it itself, and the API's web ACL turns away every request that did not come through this
 * stage's distribution (infra/constructs/api-waf.ts).
 */
export function clientIp(event: Pick<ApiEvent, "headers" | "requestContext">): string | undefined {
  const fromCloudFront = parseViewerAddress(header(event, VIEWER_ADDRESS_HEADER));
  if (fromCloudFront) return fromCloudFront;
  const source = event.requestContext?.identity?.sourceIp;
  return source && isIP(source) ? source : undefined;
}
