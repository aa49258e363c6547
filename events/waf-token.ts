/**
 * The WAF token's header names, named once for the page, the edge and the server
 * (docs/decisions/0134-waf-token-at-the-edge.md). Plain strings: the page imports this.
 */

/** The header the page sends its token in (AWS WAF reads it, besides its own cookie). */
export const WAF_TOKEN_HEADER = "x-aws-waf-token";

/** Every header name WAF itself inserts begins with this; a client may send none of them. */
export const WAF_INSERTED_PREFIX = "x-amzn-waf-";

/** The name given to WAF's custom request handling; WAF puts WAF_INSERTED_PREFIX before it. */
export const TOKEN_STATE_HEADER_SUFFIX = "token-state";

/**
 * The header the edge inserts on a form post: "valid" or "absent" (the CloudFront web ACL in AWS,
 * the local front door's stand-in).
 */
export const TOKEN_STATE_HEADER = `${WAF_INSERTED_PREFIX}${TOKEN_STATE_HEADER_SUFFIX}`;
