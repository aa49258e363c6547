/**
 * The account baseline's own CDK app (docs/decisions/0116-account-baseline.md), apart from the
 * stages' app so that no `cdk deploy -c stage=…` ever touches it:
 *
 *   npm run baseline -- -c account=<id> -c region=us-east-1 -c repository=<owner>/<repo>
 *
 * (`cdk deploy --app "npx tsx infra/baseline/app.ts"`, package.json)
 *
 * It takes the stages of infra/stages.ts that deploy into that account and region (loadStage:
 * placeholders refused), and synthesizes with cdk-nag like the stages' app.
 */
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { cdkJsonContext } from "../app";
import { isMainModule } from "../main-module";
import { loadStage, type StageConfig, stageNames } from "../stages";
import { AccountBaselineStack, BASELINE_STACK_NAME } from "./baseline-stack";

export interface BaselineOptions {
  readonly account: string;
  readonly region: string;
  readonly repository: string;
  /** The stages to consider (default: every deployable stage of infra/stages.ts, fully checked). */
  readonly stages?: readonly StageConfig[];
  readonly outdir?: string;
}

function deployableStages(): StageConfig[] {
  return stageNames()
    .filter((name) => name !== "local")
    .map((name) => loadStage(name));
}

export function createBaselineApp(options: BaselineOptions): { app: App; stack: AccountBaselineStack } {
  const app = new App({ outdir: options.outdir, context: cdkJsonContext() });
  const stages = (options.stages ?? deployableStages()).filter(
    (stage) => stage.account === options.account && stage.region === options.region,
  );
  const stack = new AccountBaselineStack(app, BASELINE_STACK_NAME, { ...options, stages });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

function contextValue(app: App, key: string): string {
  const value = app.node.tryGetContext(key);
  if (typeof value !== "string" || !value)
    throw new Error(
      `Missing -c ${key}=… (npx cdk deploy --app "npx tsx infra/baseline/app.ts" -c account=<id> -c region=<region> -c repository=<owner>/<repo>)`,
    );
  return value;
}

if (isMainModule(import.meta.url)) {
  try {
    const probe = new App();
    const { app } = createBaselineApp({
      account: contextValue(probe, "account"),
      region: contextValue(probe, "region"),
      repository: contextValue(probe, "repository"),
    });
    app.synth();
  } catch (error: unknown) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
