/**
 * The WAF token on the public forms at the edge (docs/decisions/0134-waf-token-at-the-edge.md):
 * rules of the CloudFront web ACL (infra/constructs/waf.ts), on POST /api/signup and /api/contact.
 *
 * - A client may send no `x-amzn-waf-*` header to the API: WAF's own inserted headers carry that
 *   prefix, and the origin request policy forwards `x-amzn-waf-token-state` (site/site.ts), so a
 *   client-sent one is refused here (403) before any rule inserts the real one.
 * - A post with a token in `x-aws-waf-token` meets a Challenge: a valid, unexpired token goes on
 *   with `x-amzn-waf-token-state: valid` inserted; a forged, expired or foreign one is answered by
 *   WAF's challenge (202, `x-amzn-waf-action: challenge`) and never reaches the API.
 * - A post without one is the page whose SDK could not load, or a bot posting straight to the API:
 *   a strict per-IP rate rule (stage `wafToken.absentRateLimitPer5Minutes`, 429 JSON), then counted
 *   with `x-amzn-waf-token-state: absent` inserted, so the server scores it without a token.
 * - Bot Control's common level on the form posts, when the stage turns it on.
 */
import type { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { TOKEN_STATE_HEADER_SUFFIX, WAF_INSERTED_PREFIX, WAF_TOKEN_HEADER } from "../../events/waf-token";
import type { StageConfig } from "../stages";
import { TOKEN_IMMUNITY_SECONDS, tokenRouteParts } from "../waf-token";
import {
  PATH_TRANSFORMATIONS,
  RATE_LIMIT_WINDOW_SECONDS,
  routePathsStatement,
  visibility,
} from "./waf-statements";

/** A form post: POST to one of the token routes, however its path is encoded or cased. */
export function formPostStatement(): CfnWebACL.StatementProperty {
  const { methods, paths } = tokenRouteParts();
  const method: CfnWebACL.StatementProperty = {
    byteMatchStatement: {
      fieldToMatch: { method: {} },
      positionalConstraint: "EXACTLY",
      searchString: methods[0] as string,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  };
  if (methods.length !== 1) throw new Error("the token routes are all POST routes");
  return { andStatement: { statements: [method, routePathsStatement(paths)] } };
}

/** The page's token header is there and not empty. */
export function tokenSentStatement(): CfnWebACL.StatementProperty {
  return {
    sizeConstraintStatement: {
      // CloudFormation's name for the field (the L1 type leaves it untyped).
      fieldToMatch: { singleHeader: { Name: WAF_TOKEN_HEADER } },
      comparisonOperator: "GT",
      size: 0,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  };
}

function insertState(value: "valid" | "absent"): CfnWebACL.CustomRequestHandlingProperty {
  return { insertHeaders: [{ name: TOKEN_STATE_HEADER_SUFFIX, value }] };
}

/** Refuses an API request whose header names begin `x-amzn-waf-` (only WAF may write those). */
export function clientWafHeadersRule(priority: number, forbiddenBodyKey: string): CfnWebACL.RuleProperty {
  return {
    name: "ClientWafHeaders",
    priority,
    action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: forbiddenBodyKey } } },
    statement: {
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: "STARTS_WITH",
              searchString: "/api/",
              textTransformations: PATH_TRANSFORMATIONS,
            },
          },
          {
            byteMatchStatement: {
              // Every header's name; more headers than WAF inspects counts as a match (refused),
              // so no forged header can hide behind padding.
              fieldToMatch: {
                headers: { matchPattern: { all: {} }, matchScope: "KEY", oversizeHandling: "MATCH" },
              },
              positionalConstraint: "STARTS_WITH",
              searchString: WAF_INSERTED_PREFIX,
              textTransformations: [{ priority: 0, type: "LOWERCASE" }],
            },
          },
        ],
      },
    },
    visibilityConfig: visibility("ClientWafHeaders"),
  };
}

/** The token rules from `firstPriority` on, in order; `tooManyBodyKey` is the 429 body. */
export function formTokenRules(
  stage: StageConfig,
  firstPriority: number,
  tooManyBodyKey: string,
): CfnWebACL.RuleProperty[] {
  const absent: CfnWebACL.StatementProperty = {
    andStatement: {
      statements: [formPostStatement(), { notStatement: { statement: tokenSentStatement() } }],
    },
  };
  const rules: Omit<CfnWebACL.RuleProperty, "priority">[] = [
    {
      name: "FormTokenAbsentRateLimit",
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: tooManyBodyKey } } },
      statement: {
        rateBasedStatement: {
          limit: stage.wafToken.absentRateLimitPer5Minutes,
          evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
          aggregateKeyType: "IP",
          scopeDownStatement: absent,
        },
      },
      visibilityConfig: visibility("FormTokenAbsentRateLimit"),
    },
    {
      name: "FormTokenAbsent",
      action: { count: { customRequestHandling: insertState("absent") } },
      statement: absent,
      visibilityConfig: visibility("FormTokenAbsent"),
    },
    {
      name: "FormTokenChallenge",
      action: { challenge: { customRequestHandling: insertState("valid") } },
      challengeConfig: { immunityTimeProperty: { immunityTime: TOKEN_IMMUNITY_SECONDS } },
      statement: { andStatement: { statements: [formPostStatement(), tokenSentStatement()] } },
      visibilityConfig: visibility("FormTokenChallenge"),
    },
    ...(stage.wafToken.botControl ? [botControlRule()] : []),
  ];
  return rules.map((rule, index) => ({ ...rule, priority: firstPriority + index }) as CfnWebACL.RuleProperty);
}

/** AWS WAF Bot Control, common level, on the form posts only (it is billed per request inspected). */
function botControlRule(): Omit<CfnWebACL.RuleProperty, "priority"> {
  return {
    name: "Aws-AWSManagedRulesBotControlRuleSet",
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: "AWS",
        name: "AWSManagedRulesBotControlRuleSet",
        managedRuleGroupConfigs: [{ awsManagedRulesBotControlRuleSet: { inspectionLevel: "COMMON" } }],
        scopeDownStatement: formPostStatement(),
      },
    },
    visibilityConfig: visibility("AWSManagedRulesBotControlRuleSet"),
  };
}
