/**
 * What each kind of CI role may do (infra/baseline/ci-roles.ts), as IAM statements scoped to its
 * stage: the stage's stacks (the root and the REST API's nested stack), the CDK bootstrap
 * resources of its account and region (default qualifier), and the preflight's read-only calls
 * (infra/preflight/permissions.ts). No role may reach the bootstrap lookup role (ReadOnlyAccess).
 */
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { PREFLIGHT_ACTIONS } from "../preflight/permissions";
import { stackNameOf } from "../stack";
import type { StageConfig } from "../stages";
import type { CiRoleKind } from "./ci-roles";

/** CDK's default bootstrap qualifier (`cdk bootstrap` without --qualifier). */
export const BOOTSTRAP_QUALIFIER = "hnb659fds";

/**
 * The REST API's nested stack's name starts with its parent's name and the nested stack
 * resource's logical id (construct path Api/Rest, infra/constructs/api.ts); test/infra checks the
 * synthesized id against it.
 */
export const REST_NESTED_STACK_ID_PREFIX = "ApiRestNestedStack";

export interface Place {
  readonly account: string;
  readonly region: string;
}

export function bootstrapRoleArn({ account, region }: Place, role: string): string {
  return `arn:aws:iam::${account}:role/cdk-${BOOTSTRAP_QUALIFIER}-${role}-${account}-${region}`;
}

export function bootstrapVersionParameterArn({ account, region }: Place): string {
  return `arn:aws:ssm:${region}:${account}:parameter/cdk-bootstrap/${BOOTSTRAP_QUALIFIER}/version`;
}

/** The stage's root stack and its nested stacks, as CloudFormation stack ARNs. */
export function stageStackArns({ account, region }: Place, stage: StageConfig): string[] {
  const stack = (name: string) => `arn:aws:cloudformation:${region}:${account}:stack/${name}/*`;
  return [stack(stackNameOf(stage)), stack(`${stackNameOf(stage)}-${REST_NESTED_STACK_ID_PREFIX}*`)];
}

/** Reading a stack's template, description and resource list: what `cdk diff --method=template` does. */
const READ_STACK = [
  "cloudformation:DescribeStacks",
  "cloudformation:GetTemplate",
  "cloudformation:ListStackResources",
];

function allow(
  actions: readonly string[],
  resources: readonly string[],
  conditions?: Record<string, unknown>,
) {
  return new PolicyStatement({
    effect: Effect.ALLOW,
    actions: [...actions],
    resources: [...resources],
    conditions,
  });
}

function deny(actions: readonly string[]) {
  return new PolicyStatement({ effect: Effect.DENY, actions: [...actions], resources: ["*"] });
}

/** The statements of one CI role. */
export function ciStatements(kind: CiRoleKind, place: Place, stage: StageConfig): PolicyStatement[] {
  const stacks = stageStackArns(place, stage);
  const version = bootstrapVersionParameterArn(place);
  const passExecutionRole = allow(["iam:PassRole"], [bootstrapRoleArn(place, "cfn-exec-role")], {
    StringEquals: { "iam:PassedToService": "cloudformation.amazonaws.com" },
  });
  const preflight = allow(PREFLIGHT_ACTIONS, ["*"]);
  switch (kind) {
    case "diff":
      return [allow(READ_STACK, stacks), allow(["ssm:GetParameter"], [version])];
    case "deploy":
      return [
        allow(
          ["sts:AssumeRole"],
          ["deploy-role", "file-publishing-role"].map((role) => bootstrapRoleArn(place, role)),
        ),
        preflight,
      ];
    case "prepare":
      return [
        // `cdk publish-assets`: the functions' code, the site, the nested template.
        allow(["sts:AssumeRole"], [bootstrapRoleArn(place, "file-publishing-role")]),
        allow(
          [
            ...READ_STACK,
            "cloudformation:CreateChangeSet",
            "cloudformation:DescribeChangeSet",
            "cloudformation:ListChangeSets",
          ],
          stacks,
        ),
        // CloudFormation reads the template URL and resolves the BootstrapVersion parameter with the caller's rights.
        allow(
          ["s3:GetObject"],
          [`arn:aws:s3:::cdk-${BOOTSTRAP_QUALIFIER}-assets-${place.account}-${place.region}/*`],
        ),
        allow(["ssm:GetParameter", "ssm:GetParameters"], [version]),
        passExecutionRole,
        preflight,
        deny([
          "cloudformation:ExecuteChangeSet",
          "cloudformation:CreateStack",
          "cloudformation:UpdateStack",
          "cloudformation:DeleteStack",
        ]),
      ];
    case "execute":
      return [
        // Executes, then switches termination protection on (a change set cannot).
        allow(
          ["cloudformation:ExecuteChangeSet", "cloudformation:UpdateTerminationProtection"],
          stacks.slice(0, 1),
        ),
        allow(
          [
            "cloudformation:DescribeChangeSet",
            "cloudformation:DescribeStacks",
            "cloudformation:DescribeStackEvents",
          ],
          stacks,
        ),
        passExecutionRole,
        deny([
          "cloudformation:CreateChangeSet",
          "cloudformation:CreateStack",
          "cloudformation:UpdateStack",
          "cloudformation:DeleteStack",
        ]),
      ];
  }
}
