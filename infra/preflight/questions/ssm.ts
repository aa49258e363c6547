/**
 * SSM parameters the templates resolve at deploy time: `{{resolve:ssm:…}}` and
 * `{{resolve:ssm-secure:…}}` references, and template parameters of type
 * `AWS::SSM::Parameter::Value<…>` (but the CDK bootstrap's version, which bootstrap.ts asks about).
 */
import { GetParameterCommand, type SSMClient } from "@aws-sdk/client-ssm";
import { type Check, errorName, fail, ok, unexpected, warning } from "../check";
import type { StackTemplate } from "../template";
import { DEPLOY_TIME_VALUE, dynamicReferences } from "../template";

export interface SsmParameterQuestion {
  readonly kind: "ssm-parameter";
  /** `name` or `name:version`, as GetParameter takes it. */
  readonly name: string;
  readonly usedBy: readonly string[];
}

export function deriveSsmQuestions(
  templates: readonly StackTemplate[],
  bootstrapParameter: string | undefined,
): SsmParameterQuestion[] {
  const byName = new Map<string, string[]>();
  const add = (name: string, where: string) => byName.set(name, [...(byName.get(name) ?? []), where]);
  for (const { where, body } of dynamicReferences(templates, ["ssm", "ssm-secure"])) add(body, where);
  for (const { path, template } of templates) {
    for (const [name, parameter] of Object.entries(template.Parameters ?? {})) {
      const isSsm = parameter.Type?.startsWith("AWS::SSM::Parameter::Value<");
      if (isSsm && typeof parameter.Default === "string" && parameter.Default !== bootstrapParameter)
        add(parameter.Default, `${path}/Parameters/${name}`);
    }
  }
  return [...byName].map(([name, usedBy]) => ({ kind: "ssm-parameter", name, usedBy }));
}

export function describeSsmQuestion(question: SsmParameterQuestion): string {
  return `SSM parameter ${question.name}`;
}

export async function askSsmParameter(question: SsmParameterQuestion, client: SSMClient): Promise<Check> {
  const subject = describeSsmQuestion(question);
  if (question.name.includes(DEPLOY_TIME_VALUE)) {
    return warning(
      subject,
      "The parameter's name is known only at deploy time: name it in the template if it must exist before the deploy.",
    );
  }
  try {
    const { Parameter } = await client.send(new GetParameterCommand({ Name: question.name }));
    return ok(subject, `exists (version ${Parameter?.Version ?? "?"})`);
  } catch (error) {
    const name = errorName(error);
    if (name === "ParameterNotFound" || name === "ParameterVersionNotFound") {
      return fail(
        subject,
        `SSM parameter ${question.name} does not exist in this account and region: create it with aws ssm put-parameter before deploying (used by ${question.usedBy.join(", ")}).`,
      );
    }
    return unexpected(subject, "ssm:GetParameter", error);
  }
}
