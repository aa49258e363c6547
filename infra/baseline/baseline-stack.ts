/**
 * The account baseline (docs/decisions/0116-account-baseline.md): what exists once per account and
 * region, outside every stage's stack, so that no two stages ever own (or delete) it:
 * - API Gateway's CloudWatch Logs role and the account setting that names it (AWS::ApiGateway::Account),
 *   without which API Gateway refuses a stage with access logging;
 * - GitHub's OIDC identity provider;
 * - the CI roles of every stage that deploys into this account (infra/baseline/ci-roles.ts), each
 *   trusting exactly one OIDC subject and allowed exactly its kind's statements (ci-policies.ts).
 * It is deployed by hand with administrator credentials, before the first stage (docs/DEPLOY.md).
 */
import { RemovalPolicy, Stack, type StackProps, Tags, Validations } from "aws-cdk-lib";
import { CfnAccount } from "aws-cdk-lib/aws-apigateway";
import {
  ManagedPolicy,
  OidcProviderNative,
  PolicyDocument,
  type PolicyStatement,
  Role,
  ServicePrincipal,
  WebIdentityPrincipal,
} from "aws-cdk-lib/aws-iam";
import type { Construct } from "constructs";
import type { StageConfig } from "../stages";
import { ciStatements } from "./ci-policies";
import { ciRolesOf, WORKFLOW_VARIABLE_TAG } from "./ci-roles";

export const BASELINE_STACK_NAME = "RepDesk-baseline";
export const GITHUB_OIDC_HOST = "token.actions.githubusercontent.com";
export const OIDC_AUDIENCE = "sts.amazonaws.com";
const API_GATEWAY_LOGS_POLICY = "service-role/AmazonAPIGatewayPushToCloudWatchLogs";

export interface AccountBaselineProps extends StackProps {
  readonly account: string;
  readonly region: string;
  /** The GitHub repository (owner/name) whose workflow assumes the CI roles. */
  readonly repository: string;
  /** The stages that deploy into this account and region. */
  readonly stages: readonly StageConfig[];
}

export class AccountBaselineStack extends Stack {
  constructor(scope: Construct, id: string, props: AccountBaselineProps) {
    const { account, region, repository, stages } = props;
    const strangers = stages.filter((stage) => stage.account !== account || stage.region !== region);
    if (strangers.length > 0 || stages.length === 0)
      throw new Error(
        `The baseline of ${account}/${region} takes the stages deployed there, not ${strangers.map((s) => s.name).join(", ") || "none"}`,
      );
    super(scope, id, {
      ...props,
      env: { account, region },
      description: "RepDesk account baseline: API Gateway's logging role, GitHub OIDC, the CI roles",
      terminationProtection: true,
    });

    const logsRole = new Role(this, "ApiGatewayCloudWatchRole", {
      assumedBy: new ServicePrincipal("apigateway.amazonaws.com"),
      description: "API Gateway writes the stages' access logs to CloudWatch Logs (account setting)",
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(API_GATEWAY_LOGS_POLICY)],
    });
    logsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const setting = new CfnAccount(this, "ApiGatewayAccount", { cloudWatchRoleArn: logsRole.roleArn });
    setting.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(logsRole).acknowledge({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${API_GATEWAY_LOGS_POLICY}]`,
      reason:
        "AmazonAPIGatewayPushToCloudWatchLogs is the policy API Gateway documents for its account-wide logging role; it writes only to log groups API Gateway names.",
    });

    const github = new OidcProviderNative(this, "GitHubOidc", {
      url: `https://${GITHUB_OIDC_HOST}`,
      clientIds: [OIDC_AUDIENCE],
    });
    for (const stage of stages) {
      for (const definition of ciRolesOf(stage, repository)) {
        const statements = ciStatements(definition.kind, { account, region }, stage);
        const role = new Role(this, `${definition.roleName}`, {
          roleName: definition.roleName,
          description: `RepDesk CI (${definition.kind}) of stage ${stage.name}: only ${definition.subject}`,
          assumedBy: new WebIdentityPrincipal(github.oidcProviderArn, {
            StringEquals: {
              [`${GITHUB_OIDC_HOST}:aud`]: OIDC_AUDIENCE,
              [`${GITHUB_OIDC_HOST}:sub`]: definition.subject,
            },
          }),
          inlinePolicies: { [definition.kind]: new PolicyDocument({ statements }) },
        });
        Tags.of(role).add(WORKFLOW_VARIABLE_TAG, definition.variable);
        acknowledgeWildcards(role, statements);
      }
    }
  }
}

/** cdk-nag's IAM5 findings of a CI role's scoped wildcards, each acknowledged with why. */
function acknowledgeWildcards(role: Role, statements: readonly PolicyStatement[]): void {
  const wildcards = [...new Set(statements.flatMap((statement) => statement.resources))].filter((resource) =>
    resource.includes("*"),
  );
  Validations.of(role).acknowledge(
    ...wildcards.map((resource) => ({
      id: `AwsSolutions-IAM5[Resource::${resource}]`,
      reason:
        resource === "*"
          ? "The preflight's read-only calls (infra/preflight/permissions.ts) and the explicit denies take no resource scope."
          : "Scoped to the stage: its stack and the nested stacks named after it end in CloudFormation's random suffix; the CDK staging bucket's objects have names only a synth knows.",
    })),
  );
}
