/**
 * One environment contract (docs/decisions/0083-one-environment-contract.md): the CDK stack and the
 * local runtime give every function the same variables, because both make them with
 * infra/environment.ts. Each deployed stage is synthesized and every Lambda function's
 * Environment.Variables keys are compared with the local runtime's environment of that function.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { registryFunctions } from "../../infra/environment";
import { localFunctionEnvironments } from "../../infra/local/environment";
import { loadStage } from "../../infra/stages";
import { resourcesOf, type SynthesizedStage, synthesizeStage } from "./synth";

const STAGES = ["dev", "prod"] as const;
const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of STAGES) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

const local = localFunctionEnvironments({
  stage: loadStage("local"),
  siteUrl: "http://localhost:3000",
  submissionsPerMinute: 10,
});

describe.each(STAGES)("stage %s", (stageName) => {
  /** Environment.Variables of each registry function in the template, by registry name. */
  const deployed = () => {
    const { json } = synthesized.get(stageName) as SynthesizedStage;
    const prefix = `repdesk-${stageName}-`;
    return new Map(
      resourcesOf(json, "AWS::Lambda::Function")
        .map(([, fn]) => fn.Properties ?? {})
        .filter((props) => String(props.FunctionName ?? "").startsWith(prefix))
        .map((props) => [
          String(props.FunctionName).slice(prefix.length),
          ((props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ??
            {}) as Record<string, unknown>,
        ]),
    );
  };

  it("deploys exactly the registry's functions", () => {
    expect([...deployed().keys()].sort()).toEqual(
      registryFunctions()
        .map(({ definition }) => definition.name)
        .sort(),
    );
  });

  it.each(registryFunctions().map(({ definition }) => [definition.name]))(
    "%s gets the same variables from the stack as from the local runtime",
    (name) => {
      const inAws = Object.keys(deployed().get(name) ?? {}).sort();
      const locally = Object.keys(local.get(name) ?? {}).sort();
      expect(locally.length, name).toBeGreaterThan(0);
      expect(inAws, name).toEqual(locally);
    },
  );
});
