/**
 * The CDK bootstrap of the account and region must be at least the version the assembly requires:
 * the manifest's `requiresBootstrapStackVersion` (the stack and its asset manifests), and the
 * template's own rule (CDK's `CheckBootstrapVersion`: the parameter's value must not be one of the
 * listed older versions). The version is the SSM parameter the bootstrap writes.
 */
import { GetParameterCommand, type SSMClient } from "@aws-sdk/client-ssm";
import type { BootstrapRequirement } from "../assembly";
import { type Check, errorName, fail, ok, unexpected, warning } from "../check";
import type { StackTemplate } from "../template";
import { isRecord } from "../template";

export interface BootstrapQuestion {
  readonly kind: "bootstrap";
  readonly parameter: string;
  readonly minimum: number;
  readonly lookupMinimum?: number;
}

/** `{"Fn::Not":[{"Fn::Contains":[[versions], {"Ref": parameter}]}]}`: the versions it refuses. */
function refusedVersions(assertion: unknown): { parameter: string; refused: number[] } | undefined {
  if (!isRecord(assertion)) return undefined;
  const not = assertion["Fn::Not"];
  const contains = Array.isArray(not) && isRecord(not[0]) ? not[0]["Fn::Contains"] : undefined;
  if (!Array.isArray(contains) || !Array.isArray(contains[0]) || !isRecord(contains[1])) return undefined;
  const parameter = contains[1].Ref;
  if (typeof parameter !== "string") return undefined;
  return { parameter, refused: (contains[0] as unknown[]).map(Number).filter(Number.isFinite) };
}

/** The requirement of the stack's template rule, when it has one. */
function ruleRequirement(
  template: StackTemplate["template"],
): { parameter: string; minimum: number } | undefined {
  for (const rule of Object.values(template.Rules ?? {})) {
    const assertions = isRecord(rule) && Array.isArray(rule.Assertions) ? rule.Assertions : [];
    for (const assertion of assertions) {
      const found = isRecord(assertion) ? refusedVersions(assertion.Assert) : undefined;
      const name = found && template.Parameters?.[found.parameter]?.Default;
      if (found && typeof name === "string")
        return { parameter: name, minimum: Math.max(0, ...found.refused) + 1 };
    }
  }
  return undefined;
}

export function deriveBootstrapQuestions(
  templates: readonly StackTemplate[],
  manifest: BootstrapRequirement | undefined,
): BootstrapQuestion[] {
  const root = templates[0];
  const rule = root ? ruleRequirement(root.template) : undefined;
  const parameter = manifest?.parameter ?? rule?.parameter;
  if (!parameter) return [];
  const minimum = Math.max(manifest?.version ?? 0, rule?.minimum ?? 0);
  return [
    {
      kind: "bootstrap",
      parameter,
      minimum,
      ...(manifest?.lookupVersion ? { lookupMinimum: manifest.lookupVersion } : {}),
    },
  ];
}

export function describeBootstrapQuestion(question: BootstrapQuestion): string {
  return `CDK bootstrap (${question.parameter})`;
}

export async function askBootstrap(
  question: BootstrapQuestion,
  client: SSMClient,
  target: { account?: string; region: string },
): Promise<Check> {
  const subject = describeBootstrapQuestion(question);
  const command = `npx cdk bootstrap aws://${target.account ?? "<account-id>"}/${target.region}`;
  let version: number;
  try {
    const { Parameter } = await client.send(new GetParameterCommand({ Name: question.parameter }));
    version = Number(Parameter?.Value);
  } catch (error) {
    if (errorName(error) === "ParameterNotFound") {
      return fail(
        subject,
        `The account is not bootstrapped in ${target.region}: run ${command} (docs/DEPLOY.md, "Prerequisites").`,
      );
    }
    return unexpected(subject, "ssm:GetParameter", error);
  }
  if (!(version >= question.minimum)) {
    return fail(
      subject,
      `The bootstrap is version ${version}, the assembly needs ${question.minimum}: run ${command} with this repository's CDK (docs/DEPLOY.md, "Prerequisites").`,
    );
  }
  if (question.lookupMinimum && version < question.lookupMinimum) {
    return warning(
      subject,
      `The bootstrap is version ${version}; cdk diff's lookup role needs ${question.lookupMinimum}: run ${command} (docs/DEPLOY.md, "Prerequisites").`,
    );
  }
  return ok(subject, `version ${version} (needs ${question.minimum})`);
}
