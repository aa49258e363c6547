/**
 * What the edge learned of a form submission's WAF token, as the server reads it
 * (docs/decisions/0134-waf-token-at-the-edge.md). In AWS the CloudFront web ACL inserts
 * `x-amzn-waf-token-state` (infra/constructs/waf.ts); locally the front door's stand-in does the same
 * (infra/local/waf-standin.ts). Both refuse or strip a client-sent one, so a value here was written by
 * the edge, never by the client.
 */
import type { TokenState } from "../../../events/spam";
import { TOKEN_STATE_HEADER } from "../../../events/waf-token";
import type { ApiEvent } from "./event";
import { headerValues } from "./headers";

/** The values the edge inserts; "unchecked" is the server's own word for "no edge said". */
export const EDGE_TOKEN_STATES = ["valid", "invalid", "absent"] as const satisfies readonly TokenState[];

/**
 * The token's state: what the edge inserted, or "unchecked" when no edge did (a function called
 * by a test or a tool directly). Two different values, or one the edge never writes, read as
 * "invalid": only a forgery that slipped past the edge could produce them.
 */
export function tokenStateOf(event: Pick<ApiEvent, "headers" | "multiValueHeaders">): TokenState {
  const values = headerValues(event, TOKEN_STATE_HEADER).map((value) => value.trim().toLowerCase());
  if (values.length === 0) return "unchecked";
  const [first] = values;
  if (values.some((value) => value !== first)) return "invalid";
  return (EDGE_TOKEN_STATES as readonly string[]).includes(first ?? "") ? (first as TokenState) : "invalid";
}
