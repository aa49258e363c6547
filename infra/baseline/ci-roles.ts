/**
 * The CI roles of one stage, as plain data: which GitHub OIDC subject each trusts, which
 * repository variable of the deploy workflow carries its ARN, and what kind of work it does
 * (infra/baseline/ci-policies.ts turns the kind into IAM statements). The workflow test reads
 * the roles back from the synthesized baseline stack, never from this list.
 */
import type { StageConfig } from "../stages";

/**
 * diff: read-only `cdk diff --method=template` for pull requests; deploy: `cdk deploy` of a
 * non-production stage; prepare: creates (never executes) the production change set; execute:
 * executes that change set after the approval.
 */
export type CiRoleKind = "diff" | "deploy" | "prepare" | "execute";

export interface CiRoleDefinition {
  readonly stage: string;
  readonly kind: CiRoleKind;
  /** IAM role name. */
  readonly roleName: string;
  /** The deploy workflow's repository variable holding the role's ARN. */
  readonly variable: string;
  /** The only `token.actions.githubusercontent.com:sub` the role trusts. */
  readonly subject: string;
}

/** The tag on each CI role that names its workflow variable (the workflow test reads it). */
export const WORKFLOW_VARIABLE_TAG = "repdesk:workflow-variable";

/** GitHub environments of a production stage: the change set is prepared, then approved and executed. */
export const PRODUCTION_ENVIRONMENTS = { prepare: "production-prepare", execute: "production" } as const;

/** `AWS_DEPLOY_ROLE_ARN_PROD` from ("DEPLOY", "prod"). */
function variableOf(kind: string, stage: string): string {
  return `AWS_${kind}_ROLE_ARN_${stage.toUpperCase().replace(/-/g, "_")}`;
}

/** The CI roles of a stage, for the GitHub repository `owner/name`. */
export function ciRolesOf(stage: StageConfig, repository: string): CiRoleDefinition[] {
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository))
    throw new Error(`"${repository}" is not a GitHub repository (owner/name)`);
  const subject = (suffix: string) => `repo:${repository}:${suffix}`;
  const role = (kind: CiRoleKind, variableKind: string, suffix: string): CiRoleDefinition => ({
    stage: stage.name,
    kind,
    roleName: `repdesk-${stage.name}-${kind}`,
    variable: variableOf(variableKind, stage.name),
    subject: subject(suffix),
  });
  const diff = role("diff", "DIFF", "pull_request");
  if (!stage.production) return [diff, role("deploy", "DEPLOY", `environment:${stage.name}`)];
  return [
    diff,
    role("prepare", "PREPARE", `environment:${PRODUCTION_ENVIRONMENTS.prepare}`),
    role("execute", "DEPLOY", `environment:${PRODUCTION_ENVIRONMENTS.execute}`),
  ];
}
