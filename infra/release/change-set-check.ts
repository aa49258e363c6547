/**
 * The deploy job's check before it executes a production change set: the change set it was handed
 * (by ARN, from the prepare job) is that change set, of that stack, complete and not yet executed,
 * and made for this commit. Anything else is refused, and nothing runs.
 */
import { releaseDescription } from "./change-set-inputs";

/** The fields of `aws cloudformation describe-change-set --output json` it reads. */
export interface DescribedChangeSet {
  readonly ChangeSetId?: string;
  readonly ChangeSetName?: string;
  readonly StackId?: string;
  readonly StackName?: string;
  readonly Status?: string;
  readonly ExecutionStatus?: string;
  readonly Description?: string;
}

export interface Expected {
  readonly arn: string;
  readonly stackName: string;
  readonly commit: string;
}

/** Every way the described change set differs from the one reviewed; empty when it may run. */
export function changeSetProblems(described: DescribedChangeSet, expected: Expected): string[] {
  const problems: string[] = [];
  const stackArn = new RegExp(`^arn:aws:cloudformation:[a-z0-9-]+:\\d{12}:stack/${expected.stackName}/`);
  if (!/^arn:aws:cloudformation:[a-z0-9-]+:\d{12}:changeSet\//.test(expected.arn))
    problems.push(`the handed-over id ${expected.arn} is not a change set ARN`);
  if (described.ChangeSetId !== expected.arn)
    problems.push(`change set ${described.ChangeSetId} is not ${expected.arn}`);
  if (described.StackName !== expected.stackName || !stackArn.test(described.StackId ?? ""))
    problems.push(`it belongs to ${described.StackName} (${described.StackId}), not ${expected.stackName}`);
  if (described.Status !== "CREATE_COMPLETE") problems.push(`its status is ${described.Status}`);
  if (described.ExecutionStatus !== "AVAILABLE")
    problems.push(`its execution status is ${described.ExecutionStatus}, not AVAILABLE`);
  if (described.Description !== releaseDescription(expected.commit))
    problems.push(`its description "${described.Description}" does not name commit ${expected.commit}`);
  if (!described.ChangeSetName?.startsWith(`release-${expected.commit}-`))
    problems.push(`its name ${described.ChangeSetName} does not name commit ${expected.commit}`);
  return problems;
}
