/**
 * The CloudFront web ACL (docs/decisions/0006-edge-and-origin-protection.md). CloudFront-scope ACLs exist only in us-east-1, which is why
 * every stage deploys there (infra/stages.ts; the stack refuses another region, docs/DEPLOY.md).
 *
 * Rules, in order:
 * 0. an API request carrying an `x-amzn-waf-*` header (only WAF may write those) -> 403 JSON
 *    (infra/constructs/waf-token.ts);
 * 1. a tighter per-IP rate limit on staff sign-in (login, passkeys) -> 429 JSON;
 * 2. per-IP rate limit on the abuse-prone routes (signup, contact, login) -> 429 JSON;
 *    both match the path after URL-decoding, path normalisation and lowercasing, with or without a
 *    trailing slash (API Gateway serves `/api/auth/login/` as `/api/auth/login`);
 * 3. API bodies over LIMITS.bodyBytes -> 413 JSON (the same limit the functions enforce; the ACL's
 *    CloudFront body inspection limit is raised from the default 16 KB to match, so WAF sees the
 *    whole body it judges — AWS bills each 16 KB inspected beyond the first);
 * 4. Amazon IP reputation list;
 * 5. AWS common rule set, with its 8 KB body-size rule only counted (our API takes up to
 *    LIMITS.bodyBytes and rule 3 enforces that);
 * 6. AWS known-bad-inputs rule set;
 * 7. on the form posts, the WAF token (infra/constructs/waf-token.ts,
 *    docs/decisions/0134-waf-token-at-the-edge.md): no token -> a strict rate limit, then the
 *    state header "absent"; a token -> a Challenge (valid: the state header "valid"; otherwise WAF's
 *    challenge answer); Bot Control's common level where the stage turns it on.
 *
 * Sampled requests are off (metrics stay on): a sample holds every header of a request, the staff
 * session cookie among them, and anyone allowed wafv2:GetSampledRequests could read it.
 */
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";
import { LIMITS } from "../../events";
import { MESSAGES } from "../../functions/lib/http/errors";
import type { StageConfig } from "../stages";
import { SENSITIVE_ROUTES, SIGN_IN_ROUTES } from "./api";
import {
  PATH_TRANSFORMATIONS,
  RATE_LIMIT_WINDOW_SECONDS,
  routePathPattern,
  routePathsStatement,
  visibility,
} from "./waf-statements";
import { clientWafHeadersRule, formTokenRules } from "./waf-token";

export { PATH_TRANSFORMATIONS, RATE_LIMIT_WINDOW_SECONDS, routePathPattern, routePathsStatement, visibility };

const JSON_CONTENT_TYPE = "APPLICATION_JSON";

/** Requests per client IP per 5 minutes to staff sign-in before WAF answers 429. */
export const SIGN_IN_RATE_LIMIT_PER_5_MINUTES = 20;

function rateLimitRule(
  name: string,
  priority: number,
  limit: number,
  paths: readonly string[],
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: "TooManyRequests" } } },
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
        aggregateKeyType: "IP",
        scopeDownStatement: routePathsStatement(paths),
      },
    },
    visibilityConfig: visibility(name),
  };
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

function pathsOf(routes: readonly string[]): string[] {
  return [...new Set(routes.map((route) => route.split(" ")[1] ?? ""))];
}

export function sensitivePaths(): string[] {
  return pathsOf(SENSITIVE_ROUTES);
}

export function signInPaths(): string[] {
  return pathsOf(SIGN_IN_ROUTES);
}

export class Waf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
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
        Forbidden: { contentType: JSON_CONTENT_TYPE, content: JSON.stringify({ error: MESSAGES.forbidden }) },
      },
      rules: [
        clientWafHeadersRule(0, "Forbidden"),
        rateLimitRule("RateLimitSignIn", 1, SIGN_IN_RATE_LIMIT_PER_5_MINUTES, signInPaths()),
        rateLimitRule("RateLimitSensitiveRoutes", 2, stage.edgeRateLimitPer5Minutes, sensitivePaths()),
        {
          name: "ApiBodyTooLarge",
          priority: 3,
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
        managedRuleSet("AWSManagedRulesAmazonIpReputationList", 4),
        managedRuleSet("AWSManagedRulesCommonRuleSet", 5, ["SizeRestrictions_BODY"]),
        managedRuleSet("AWSManagedRulesKnownBadInputsRuleSet", 6),
        ...formTokenRules(stage, 7, "TooManyRequests"),
      ],
    });
  }
}
