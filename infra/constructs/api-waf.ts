/**
 * Nothing around CloudFront (docs/decisions/0087-api-gateway-rest-behind-cloudfront.md): the REST
 * API's own address (execute-api) answers anyone on the internet, so a regional web ACL on its
 * stage admits only requests that carry the origin secret CloudFront adds as the `x-origin-verify`
 * origin header. Everything else gets 403 JSON from WAF, before API Gateway runs any integration
 * (WAF is evaluated before every other access control of a REST API).
 *
 * The value lives in Secrets Manager only: the template holds CloudFormation dynamic references,
 * pinned to version ids from infra/stages.ts, so a new value takes a deploy (the rotation runbook
 * in docs/DEPLOY.md: accept two, send the new one, drop the old one). Sampled requests are off
 * (infra/constructs/waf.ts `visibility`): a sample would show the origin secret and session cookies.
 */
import { CfnWebACL, CfnWebACLAssociation } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";
import { MESSAGES } from "../../functions/lib/http/errors";
import type { StageConfig } from "../stages";
import { visibility } from "./waf";

export const ORIGIN_VERIFY_HEADER = "x-origin-verify";

type OriginVerify = NonNullable<StageConfig["originVerify"]>;

/** `{{resolve:secretsmanager:<name>:SecretString:::<version id>}}`: one version of the secret, resolved at deploy. */
export function originSecretReference(secretName: string, versionId: string): string {
  return `{{resolve:secretsmanager:${secretName}:SecretString:::${versionId}}}`;
}

/** The value CloudFront sends: the `sent` version. */
export function sentOriginSecret(verify: OriginVerify): string {
  return originSecretReference(verify.secretName, verify.sent);
}

function headerEquals(value: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      // CloudFormation's name for the field (the L1 type leaves it untyped).
      fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
      positionalConstraint: "EXACTLY",
      searchString: value,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  };
}

export interface ApiWafProps {
  readonly stage: StageConfig;
  /** The REST API stage's ARN (arn:aws:apigateway:<region>::/restapis/<id>/stages/<stage>). */
  readonly apiStageArn: string;
  /**
   * Where the association goes: the REST API's nested stack (infra/constructs/api.ts), so the
   * stage is never without its web ACL once that stack is complete. The web ACL itself has a fixed
   * name and stays in the stage's stack.
   */
  readonly associationScope: Construct;
}

export class ApiWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, { stage, apiStageArn, associationScope }: ApiWafProps) {
    super(scope, id);
    const verify = stage.originVerify;
    if (!verify) throw new Error(`Stage "${stage.name}" has no originVerify (infra/stages.ts)`);
    const accepted = verify.accepted.map((version) =>
      headerEquals(originSecretReference(verify.secretName, version)),
    );
    this.webAcl = new CfnWebACL(this, "WebAcl", {
      name: `repdesk-${stage.name}-api`,
      description:
        "Admits only requests that carry the x-origin-verify header of this stage CloudFront distribution",
      scope: "REGIONAL",
      defaultAction: { block: { customResponse: { responseCode: 403, customResponseBodyKey: "Forbidden" } } },
      customResponseBodies: {
        Forbidden: {
          contentType: "APPLICATION_JSON",
          content: JSON.stringify({ error: MESSAGES.forbidden }),
        },
      },
      visibilityConfig: visibility(`repdesk-${stage.name}-api`),
      rules: [
        {
          name: "FromDistribution",
          priority: 0,
          action: { allow: {} },
          statement:
            accepted.length === 1
              ? (accepted[0] as CfnWebACL.StatementProperty)
              : { orStatement: { statements: accepted } },
          visibilityConfig: visibility("FromDistribution"),
        },
      ],
    });
    new CfnWebACLAssociation(associationScope, "WafAssociation", {
      resourceArn: apiStageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
