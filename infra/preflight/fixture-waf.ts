/**
 * The stage's two web ACLs as the preflight fixture's templates hold them: the CloudFront one with
 * a rate rule and a managed rule group (infra/constructs/waf.ts), the regional one admitting the
 * origin secret's header (infra/constructs/api-waf.ts).
 */

const visibility = (MetricName: string) => ({
  CloudWatchMetricsEnabled: true,
  MetricName,
  SampledRequestsEnabled: false,
});

export function edgeWebAcl() {
  return {
    Type: "AWS::WAFv2::WebACL",
    Properties: {
      Name: "repdesk-dev",
      Scope: "CLOUDFRONT",
      DefaultAction: { Allow: {} },
      VisibilityConfig: visibility("repdesk-dev"),
      Rules: [
        {
          Name: "RateLimitSensitiveRoutes",
          Priority: 0,
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              Limit: 100,
              EvaluationWindowSec: 300,
              AggregateKeyType: "IP",
              ScopeDownStatement: {
                RegexMatchStatement: {
                  FieldToMatch: { UriPath: {} },
                  RegexString: "^/api/signup/?$",
                  TextTransformations: [{ Priority: 0, Type: "LOWERCASE" }],
                },
              },
            },
          },
          VisibilityConfig: visibility("RateLimitSensitiveRoutes"),
        },
        {
          Name: "Aws-AWSManagedRulesCommonRuleSet",
          Priority: 1,
          OverrideAction: { None: {} },
          Statement: {
            ManagedRuleGroupStatement: { VendorName: "AWS", Name: "AWSManagedRulesCommonRuleSet" },
          },
          VisibilityConfig: visibility("AWSManagedRulesCommonRuleSet"),
        },
      ],
    },
  };
}

/** `originSecret`: the header value as the template writes it (a dynamic reference). */
export function apiWebAcl(originSecret: unknown) {
  return {
    Type: "AWS::WAFv2::WebACL",
    Properties: {
      Name: "repdesk-dev-api",
      Scope: "REGIONAL",
      DefaultAction: { Block: {} },
      VisibilityConfig: visibility("repdesk-dev-api"),
      Rules: [
        {
          Name: "FromDistribution",
          Priority: 0,
          Action: { Allow: {} },
          Statement: {
            ByteMatchStatement: {
              FieldToMatch: { SingleHeader: { Name: "x-origin-verify" } },
              PositionalConstraint: "EXACTLY",
              SearchString: originSecret,
              TextTransformations: [{ Priority: 0, Type: "NONE" }],
            },
          },
          VisibilityConfig: visibility("FromDistribution"),
        },
      ],
    },
  };
}
