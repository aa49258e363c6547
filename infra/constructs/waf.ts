/**
 * The CloudFront web ACL (docs/decisions/0006-edge-and-origin-protection.md). CloudFront-scope ACLs exist only in us-east-1, which is why
 * every stage deploys there (infra/stages.ts; the stack refuses another region, docs/DEPLOY.md).
 *
 * Rules, in order:
 * 1. per-IP rate limit on the abuse-prone routes (signup, contact, login) -> 429 JSON;
 * 2. API bodies over LIMITS.bodyBytes -> 413 JSON (the same limit the functions enforce; the ACL's
 *    CloudFront body inspection limit is raised from the default 16 KB to match, so WAF sees the
 *    whole body it judges — AWS bills each 16 KB inspected beyond the first);
 * 3. Amazon IP reputation list;
 * 4. AWS common rule set, with its 8 KB body-size rule only counted (our API takes up to
 *    LIMITS.bodyBytes and rule 2 enforces that);
 * 5. AWS known-bad-inputs rule set.
 */
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";
import { LIMITS } from "../../events";
import { MESSAGES } from "../../functions/lib/http/errors";
import type { StageConfig } from "../stages";
import { SENSITIVE_ROUTES } from "./api";

export const RATE_LIMIT_WINDOW_SECONDS = 300;
const JSON_CONTENT_TYPE = "APPLICATION_JSON";

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function managedRuleSet(
  name: string,
  priority: number,
  countOnly: readonly string[] = [],
): CfnWebACL.RuleProperty {
  return {
    name: `Aws-${name}`,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: "AWS",
        name,
        ruleActionOverrides: countOnly.length
          ? countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } }))
          : undefined,
      },
    },
    visibilityConfig: visibility(name),
  };
}

function pathStatement(path: string, constraint: "EXACTLY" | "STARTS_WITH"): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: constraint,
      searchString: path,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  };
}

/** WAF's name for a body inspection limit ("KB_16" ... "KB_64"), refusing a limit WAF cannot inspect. */
export function bodyInspectionLimit(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (![16, 32, 48, 64].includes(kilobytes)) {
    throw new Error(`WAF inspects 16, 32, 48 or 64 KB of body; LIMITS.bodyBytes is ${bytes} bytes`);
  }
  return `KB_${kilobytes}`;
}

export function sensitivePaths(): string[] {
  return [...new Set(SENSITIVE_ROUTES.map((route) => route.split(" ")[1] ?? ""))];
}

export class Waf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    const paths = sensitivePaths();
    this.webAcl = new CfnWebACL(this, "WebAcl", {
      name: `repdesk-${stage.name}`,
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`repdesk-${stage.name}`),
      associationConfig: {
        requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: bodyInspectionLimit(LIMITS.bodyBytes) } },
      },
      customResponseBodies: {
        TooManyRequests: {
          contentType: JSON_CONTENT_TYPE,
          content: JSON.stringify({ error: MESSAGES.tooManySubmissions }),
        },
        TooLarge: { contentType: JSON_CONTENT_TYPE, content: JSON.stringify({ error: MESSAGES.tooLarge }) },
      },
      rules: [
        {
          name: "RateLimitSensitiveRoutes",
          priority: 0,
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: "TooManyRequests" } },
          },
          statement: {
            rateBasedStatement: {
              limit: stage.edgeRateLimitPer5Minutes,
              evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
              aggregateKeyType: "IP",
              scopeDownStatement:
                paths.length === 1
                  ? pathStatement(paths[0] ?? "", "EXACTLY")
                  : { orStatement: { statements: paths.map((path) => pathStatement(path, "EXACTLY")) } },
            },
          },
          visibilityConfig: visibility("RateLimitSensitiveRoutes"),
        },
        {
          name: "ApiBodyTooLarge",
          priority: 1,
          action: { block: { customResponse: { responseCode: 413, customResponseBodyKey: "TooLarge" } } },
          statement: {
            andStatement: {
              statements: [
                pathStatement("/api/", "STARTS_WITH"),
                {
                  sizeConstraintStatement: {
                    fieldToMatch: { body: { oversizeHandling: "MATCH" } },
                    comparisonOperator: "GT",
                    size: LIMITS.bodyBytes,
                    textTransformations: [{ priority: 0, type: "NONE" }],
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility("ApiBodyTooLarge"),
        },
        managedRuleSet("AWSManagedRulesAmazonIpReputationList", 2),
        managedRuleSet("AWSManagedRulesCommonRuleSet", 3, ["SizeRestrictions_BODY"]),
        managedRuleSet("AWSManagedRulesKnownBadInputsRuleSet", 4),
      ],
    });
  }
}
