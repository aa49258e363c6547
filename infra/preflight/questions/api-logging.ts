/**
 * A REST API stage that writes access logs or execution logs is refused ("CloudWatch Logs role
 * ARN must be set in account settings to enable logging") unless API Gateway's account settings
 * in the region name a CloudWatch Logs role. The stack does not set it (an `AWS::ApiGateway::Account`
 * is one per account and region, which stages sharing an account would fight over).
 */
import { type APIGatewayClient, GetAccountCommand } from "@aws-sdk/client-api-gateway";
import { type Check, fail, ok, unexpected } from "../check";
import type { StackTemplate } from "../template";
import { isRecord, resourcesOfType } from "../template";

export interface ApiLoggingRoleQuestion {
  readonly kind: "api-logging-role";
  /** The stages that log. */
  readonly stages: readonly string[];
}

function logs(properties: Record<string, unknown>): boolean {
  if (isRecord(properties.AccessLogSetting) && properties.AccessLogSetting.DestinationArn) return true;
  const settings = Array.isArray(properties.MethodSettings) ? properties.MethodSettings : [];
  return settings.some(
    (setting) =>
      isRecord(setting) &&
      ((typeof setting.LoggingLevel === "string" && setting.LoggingLevel !== "OFF") ||
        setting.DataTraceEnabled === true),
  );
}

export function deriveApiLoggingQuestions(templates: readonly StackTemplate[]): ApiLoggingRoleQuestion[] {
  const stages = resourcesOfType(templates, "AWS::ApiGateway::Stage")
    .filter(({ properties }) => logs(properties))
    .map(({ where }) => where);
  // A template that sets the account's role itself needs nothing of the account.
  const setsRole = resourcesOfType(templates, "AWS::ApiGateway::Account").some(
    ({ properties }) => properties.CloudWatchRoleArn,
  );
  return stages.length && !setsRole ? [{ kind: "api-logging-role", stages }] : [];
}

export function describeApiLoggingQuestion(): string {
  return "API Gateway CloudWatch Logs role";
}

export async function askApiLoggingRole(
  question: ApiLoggingRoleQuestion,
  client: APIGatewayClient,
  target: { account?: string; region: string },
): Promise<Check> {
  const subject = describeApiLoggingQuestion();
  try {
    const account = await client.send(new GetAccountCommand({}));
    if (account.cloudwatchRoleArn) return ok(subject, `set (${account.cloudwatchRoleArn})`);
  } catch (error) {
    return unexpected(subject, "apigateway:GET", error);
  }
  return fail(
    subject,
    `API Gateway's account settings in ${target.region} name no CloudWatch Logs role, so ${question.stages.join(", ")} would be refused for its logging: set the role with npm run baseline -- -c account=${target.account ?? "<id>"} -c region=${target.region} -c repository=<owner>/<repo>, or by hand as docs/DEPLOY.md "Prerequisites" shows.`,
  );
}
