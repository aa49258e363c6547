/**
 * Statements and settings every web ACL rule of the stack builds on (infra/constructs/waf.ts,
 * waf-token.ts, api-waf.ts).
 */
import type { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { routePathPattern } from "../waf-token";

export { routePathPattern };

/** The window of every rate-based rule. */
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** Metrics, never sampled requests (they would hold session cookies). */
export function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false };
}

/** What WAF does to the URI path before matching a route: decode, normalise, lowercase. */
export const PATH_TRANSFORMATIONS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: "URL_DECODE" },
  { priority: 1, type: "NORMALIZE_PATH" },
  { priority: 2, type: "LOWERCASE" },
];

/** Matches a request to one of the routes' paths however the path is encoded or cased. */
export function routePathsStatement(paths: readonly string[]): CfnWebACL.StatementProperty {
  return {
    regexMatchStatement: {
      fieldToMatch: { uriPath: {} },
      regexString: routePathPattern(paths),
      textTransformations: PATH_TRANSFORMATIONS,
    },
  };
}
