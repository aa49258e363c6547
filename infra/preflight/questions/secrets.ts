/**
 * Every `{{resolve:secretsmanager:…}}` of the templates must resolve when CloudFormation deploys:
 * the secret exists and is not being deleted, and a pinned version exists and carries a staging
 * label. A version without one is deprecated and Secrets Manager may delete it, after which a
 * deploy of the release that pins it fails (docs/DEPLOY.md, "The origin secret").
 */
import {
  DescribeSecretCommand,
  type DescribeSecretCommandOutput,
  ListSecretVersionIdsCommand,
  type SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import { type Check, errorName, fail, ok, unexpected, warning } from "../check";
import type { StackTemplate } from "../template";
import { DEPLOY_TIME_VALUE, dynamicReferences } from "../template";

export interface SecretQuestion {
  readonly kind: "secret";
  readonly secretId: string;
  readonly versionId?: string;
  readonly versionStage?: string;
  readonly usedBy: readonly string[];
}

/** The runbook's label for a version a stage pins (docs/DEPLOY.md, "The origin secret"). */
export const pinnedLabelOf = (versionId: string) => `repdesk-pinned-${versionId}`;

/**
 * `<secret-id>:SecretString:<json-key>:<version-stage>:<version-id>`, the trailing parts optional;
 * a secret id may be a full ARN, which holds six colons of its own.
 */
export function parseSecretReference(body: string): Omit<SecretQuestion, "kind" | "usedBy"> {
  const parts = body.split(":");
  const idParts = parts[0] === "arn" ? 7 : 1;
  const secretId = parts.slice(0, idParts).join(":");
  const [, , versionStage, versionId] = parts.slice(idParts);
  return {
    secretId,
    ...(versionStage ? { versionStage } : {}),
    ...(versionId ? { versionId } : {}),
  };
}

export function deriveSecretQuestions(templates: readonly StackTemplate[]): SecretQuestion[] {
  const byKey = new Map<string, SecretQuestion>();
  for (const { where, body } of dynamicReferences(templates, ["secretsmanager"])) {
    const reference = parseSecretReference(body);
    const key = `${reference.secretId}|${reference.versionStage ?? ""}|${reference.versionId ?? ""}`;
    const known = byKey.get(key);
    byKey.set(key, { kind: "secret", ...reference, usedBy: [...(known?.usedBy ?? []), where] });
  }
  return [...byKey.values()];
}

export function describeSecretQuestion(question: SecretQuestion): string {
  const version = question.versionId
    ? ` version ${question.versionId}`
    : question.versionStage
      ? ` label ${question.versionStage}`
      : "";
  return `secret ${question.secretId}${version}`;
}

export async function askSecret(question: SecretQuestion, client: SecretsManagerClient): Promise<Check> {
  const subject = describeSecretQuestion(question);
  const { secretId, versionId, versionStage } = question;
  if (secretId.includes(DEPLOY_TIME_VALUE)) {
    return warning(
      subject,
      `The secret's id is known only at deploy time (${question.usedBy.join(", ")}), so the preflight cannot ask about it: name the secret in the template if it must exist before the deploy.`,
    );
  }
  let described: DescribeSecretCommandOutput;
  try {
    described = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
  } catch (error) {
    if (errorName(error) === "ResourceNotFoundException") {
      return fail(
        subject,
        `Secret ${secretId} does not exist in this account and region: create it (docs/DEPLOY.md, "The origin secret", aws secretsmanager create-secret) or correct the name in infra/stages.ts.`,
      );
    }
    return unexpected(subject, "secretsmanager:DescribeSecret", error);
  }
  if (described.DeletedDate) {
    return fail(
      subject,
      `Secret ${secretId} is scheduled for deletion: restore it with aws secretsmanager restore-secret --secret-id ${secretId} (docs/DEPLOY.md, "The origin secret").`,
    );
  }
  const labelled = described.VersionIdsToStages ?? {};
  if (versionId) return askPinnedVersion(subject, secretId, versionId, labelled, client);
  const stage = versionStage ?? "AWSCURRENT";
  const holder = Object.entries(labelled).find(([, stages]) => stages.includes(stage))?.[0];
  return holder
    ? ok(subject, `label ${stage} is on version ${holder}`)
    : fail(
        subject,
        `No version of secret ${secretId} carries the label ${stage}: attach it with aws secretsmanager update-secret-version-stage --secret-id ${secretId} --version-stage ${stage} --move-to-version-id <id> (docs/DEPLOY.md, "Rotating secrets").`,
      );
}

async function askPinnedVersion(
  subject: string,
  secretId: string,
  versionId: string,
  labelled: Record<string, string[]>,
  client: SecretsManagerClient,
): Promise<Check> {
  const label = pinnedLabelOf(versionId);
  const labelCommand = `aws secretsmanager update-secret-version-stage --secret-id ${secretId} --version-stage ${label} --move-to-version-id ${versionId}`;
  const stages = labelled[versionId];
  if (stages?.length) {
    if (stages.some((stage) => !stage.startsWith("AWS")))
      return ok(subject, `exists, labels ${stages.join(", ")}`);
    return warning(
      subject,
      `Version ${versionId} is held only by ${stages.join(", ")}, which the next put-secret-value moves away: give it its own label with ${labelCommand} (docs/DEPLOY.md, "The origin secret").`,
    );
  }
  // DescribeSecret lists only versions that carry a label: ask for the deprecated ones too, to tell
  // a version that is gone from one that lost its last label.
  try {
    const listed = await client.send(
      new ListSecretVersionIdsCommand({ SecretId: secretId, IncludeDeprecated: true }),
    );
    if (listed.Versions?.some((version) => version.VersionId === versionId)) {
      return fail(
        subject,
        `Version ${versionId} of secret ${secretId} carries no staging label, so Secrets Manager may delete it: label it with ${labelCommand} (docs/DEPLOY.md, "The origin secret").`,
      );
    }
  } catch (error) {
    return unexpected(subject, "secretsmanager:ListSecretVersionIds", error);
  }
  return fail(
    subject,
    `Secret ${secretId} has no version ${versionId}: put the VersionId that create-secret or put-secret-value printed into the stage's originVerify in infra/stages.ts (docs/DEPLOY.md, "The origin secret").`,
  );
}
