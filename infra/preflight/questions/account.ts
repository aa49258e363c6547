/**
 * The credentials must be the stage's: its `account` and `region` in infra/stages.ts. A deploy with
 * another account's credentials would build the stage there; the stack's region is fixed, but the
 * runbook's commands and this preflight's answers follow the credentials' region.
 */
import { GetCallerIdentityCommand, type STSClient } from "@aws-sdk/client-sts";
import { type Check, fail, ok, unexpected } from "../check";

export interface AccountQuestion {
  readonly kind: "account";
  readonly stageName: string;
  readonly account?: string;
  readonly region: string;
}

export function deriveAccountQuestion(stage: {
  name: string;
  account?: string;
  region: string;
}): AccountQuestion {
  return {
    kind: "account",
    stageName: stage.name,
    ...(stage.account ? { account: stage.account } : {}),
    region: stage.region,
  };
}

export function describeAccountQuestion(question: AccountQuestion): string {
  return `account and region of stage ${question.stageName}`;
}

export async function askAccount(
  question: AccountQuestion,
  client: STSClient,
  /** The region the credentials' configuration names (AWS_REGION, the profile), if any. */
  credentialsRegion: string | undefined,
): Promise<Check> {
  const subject = describeAccountQuestion(question);
  let caller: string | undefined;
  let arn: string | undefined;
  try {
    ({ Account: caller, Arn: arn } = await client.send(new GetCallerIdentityCommand({})));
  } catch (error) {
    return unexpected(subject, "sts:GetCallerIdentity", error);
  }
  if (!question.account) {
    return fail(
      subject,
      `Stage "${question.stageName}" names no account: set account in its entry of infra/stages.ts to the 12-digit id it deploys to (the credentials are for ${caller}; docs/DEPLOY.md, "Adding a stage").`,
    );
  }
  if (caller !== question.account) {
    return fail(
      subject,
      `The credentials are for account ${caller} (${arn}), not stage "${question.stageName}"'s ${question.account}: use the stage's profile or role (docs/DEPLOY.md, "Prerequisites").`,
    );
  }
  if (credentialsRegion && credentialsRegion !== question.region) {
    return fail(
      subject,
      `The credentials' region is ${credentialsRegion}, stage "${question.stageName}" deploys to ${question.region}: set AWS_REGION=${question.region} (docs/DEPLOY.md, "Prerequisites").`,
    );
  }
  return ok(subject, `${caller}, ${question.region} (${arn})`);
}
