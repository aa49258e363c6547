/**
 * The WAF token's two headers, named once for the page, the edge and the server
 * (docs/decisions/0134-waf-token-at-the-edge.md). Plain strings: the page imports this.
 */

/** The header the page sends its token in (AWS WAF reads it, besides its own cookie). */
export const WAF_TOKEN_HEADER = "x-aws-waf-token";

/**
 * The header the edge inserts on a form post: "valid" or "absent" (the CloudFront web ACL in AWS,
 * the local front door's stand-in). WAF prefixes the name it is given with `x-amzn-waf-`.
 */
export const TOKEN_STATE_HEADER = "x-amzn-waf-token-state";
