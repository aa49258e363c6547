/**
 * The account baselines of the test fixtures' accounts (one per deployable stage), synthesized as
 * `cdk deploy --app "npx tsx infra/baseline/app.ts"` would, cdk-nag included.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBaselineApp } from "../../infra/baseline/app";
import { BASELINE_STACK_NAME } from "../../infra/baseline/baseline-stack";
import { TEST_ACCOUNTS, type TestStageName, testStage } from "./stage-fixtures";

export const TEST_REPOSITORY = "example-org/repdesk";

export interface BaselineTemplate {
  readonly stage: TestStageName;
  readonly outdir: string;
  readonly json: { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> };
}

export function synthesizeBaselines(): BaselineTemplate[] {
  const stages = (Object.keys(TEST_ACCOUNTS) as TestStageName[]).map((name) => testStage(name));
  return stages.map((stage) => {
    const outdir = mkdtempSync(join(tmpdir(), `repdesk-baseline-${stage.name}-`));
    const { app } = createBaselineApp({
      account: stage.account ?? "",
      region: stage.region,
      repository: TEST_REPOSITORY,
      stages,
      outdir,
    });
    app.synth();
    const json = JSON.parse(readFileSync(join(outdir, `${BASELINE_STACK_NAME}.template.json`), "utf8"));
    return { stage: stage.name as TestStageName, outdir, json };
  });
}
