/**
 * Lambda's concurrency quota must cover what the stack sets: the functions' reserved concurrency
 * (AWS refuses a reservation that leaves fewer than 100 unreserved) and the event source mappings'
 * `ScalingConfig.MaximumConcurrency`, which run in the unreserved pool. A new account's quota can
 * be as low as 10, where the mappings alone would starve the API.
 */
import { GetAccountSettingsCommand, type LambdaClient } from "@aws-sdk/client-lambda";
import { type Check, fail, ok, unexpected } from "../check";
import type { StackTemplate } from "../template";
import { isRecord, resourcesOfType } from "../template";

/** What Lambda keeps unreserved in every account. */
export const MINIMUM_UNRESERVED = 100;

export interface ConcurrencyQuestion {
  readonly kind: "concurrency";
  readonly reserved: number;
  readonly mappingMaximum: number;
  readonly functions: number;
}

export function deriveConcurrencyQuestions(templates: readonly StackTemplate[]): ConcurrencyQuestion[] {
  const functions = resourcesOfType(templates, "AWS::Lambda::Function");
  if (!functions.length) return [];
  const reserved = functions.reduce((sum, { properties }) => {
    const value = properties.ReservedConcurrentExecutions;
    return sum + (typeof value === "number" ? value : 0);
  }, 0);
  const mappingMaximum = resourcesOfType(templates, "AWS::Lambda::EventSourceMapping").reduce(
    (sum, { properties }) => {
      const value = isRecord(properties.ScalingConfig)
        ? properties.ScalingConfig.MaximumConcurrency
        : undefined;
      return sum + (typeof value === "number" ? value : 0);
    },
    0,
  );
  return [{ kind: "concurrency", reserved, mappingMaximum, functions: functions.length }];
}

export function describeConcurrencyQuestion(): string {
  return "Lambda concurrency";
}

const QUOTA_FIX =
  'request a higher "Concurrent executions" quota for Lambda in Service Quotas (docs/DEPLOY.md, "Preflight")';

export async function askConcurrency(question: ConcurrencyQuestion, client: LambdaClient): Promise<Check> {
  const subject = describeConcurrencyQuestion();
  let limit: number | undefined;
  let unreserved: number | undefined;
  try {
    const { AccountLimit } = await client.send(new GetAccountSettingsCommand({}));
    limit = AccountLimit?.ConcurrentExecutions;
    unreserved = AccountLimit?.UnreservedConcurrentExecutions;
  } catch (error) {
    return unexpected(subject, "lambda:GetAccountSettings", error);
  }
  if (limit === undefined || unreserved === undefined)
    return fail(subject, `GetAccountSettings gave no AccountLimit: ask again, then ${QUOTA_FIX}.`);
  // Counted as if none of it were reserved yet (a first deploy); a redeploy's own reservations are
  // already outside `unreserved`, so this errs on the safe side.
  const left = unreserved - question.reserved;
  if (question.reserved > 0 && left < MINIMUM_UNRESERVED) {
    return fail(
      subject,
      `The stack reserves ${question.reserved} of ${unreserved} unreserved, leaving ${left} where Lambda keeps at least ${MINIMUM_UNRESERVED}: ${QUOTA_FIX}.`,
    );
  }
  if (question.mappingMaximum > left) {
    return fail(
      subject,
      `The queue mappings may run ${question.mappingMaximum} at once but only ${left} of the account's ${limit} are unreserved: ${QUOTA_FIX}.`,
    );
  }
  return ok(
    subject,
    `quota ${limit}, ${unreserved} unreserved; the stack reserves ${question.reserved}, its mappings run at most ${question.mappingMaximum}`,
  );
}
