// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are CDK's asset placeholders, not templates
/**
 * What `aws cloudformation create-change-set` needs for a synthesized stack, read from the cloud
 * assembly (`cdk synth -o cdk.out`) so the change set is exactly that synthesis: the template's S3
 * URL (uploaded by `cdk publish-assets`), the CloudFormation execution role, and a name and
 * description that name the commit. A run gets a name of its own (run id and attempt), so a
 * re-run or a second tag never recreates a change set someone already reviewed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface ChangeSetInputs {
  readonly CHANGE_SET_NAME: string;
  readonly CHANGE_SET_DESCRIPTION: string;
  readonly TEMPLATE_URL: string;
  readonly EXECUTION_ROLE_ARN: string;
}

interface StackArtifact {
  readonly type: string;
  readonly environment: string;
  readonly properties?: { stackTemplateAssetObjectUrl?: string; cloudFormationExecutionRoleArn?: string };
}

/** The description a release's change set carries; the deploy job checks it (change-set-check.ts). */
export function releaseDescription(commit: string): string {
  return `RepDesk release ${commit}`;
}

function resolvePlaceholders(value: string, account: string, region: string): string {
  return value
    .replaceAll("${AWS::AccountId}", account)
    .replaceAll("${AWS::Region}", region)
    .replaceAll("${AWS::Partition}", "aws");
}

export function changeSetInputs(
  assemblyDir: string,
  stackName: string,
  commit: string,
  run: string,
): ChangeSetInputs {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`"${commit}" is not a commit id`);
  if (!/^[0-9]+-[0-9]+$/.test(run)) throw new Error(`"${run}" is not <run id>-<attempt>`);
  const manifest = JSON.parse(readFileSync(join(assemblyDir, "manifest.json"), "utf8")) as {
    artifacts: Record<string, StackArtifact>;
  };
  const artifact = manifest.artifacts[stackName];
  if (artifact?.type !== "aws:cloudformation:stack")
    throw new Error(`No stack ${stackName} in ${assemblyDir}`);
  const [account, region] = artifact.environment.replace("aws://", "").split("/");
  if (!account || !region || !/^\d{12}$/.test(account))
    throw new Error(`${stackName} names no account (${artifact.environment}): infra/stages.ts`);
  const objectUrl = artifact.properties?.stackTemplateAssetObjectUrl;
  const role = artifact.properties?.cloudFormationExecutionRoleArn;
  if (!objectUrl || !role) throw new Error(`${stackName} has no template asset or execution role`);
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(resolvePlaceholders(objectUrl, account, region));
  if (!match) throw new Error(`Unexpected template location ${objectUrl}`);
  return {
    CHANGE_SET_NAME: `release-${commit}-${run}`,
    CHANGE_SET_DESCRIPTION: releaseDescription(commit),
    TEMPLATE_URL: `https://${match[1]}.s3.${region}.amazonaws.com/${match[2]}`,
    EXECUTION_ROLE_ARN: resolvePlaceholders(role, account, region),
  };
}
