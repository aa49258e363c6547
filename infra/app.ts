/**
 * CDK entry (cdk.json: `npx tsx infra/app.ts`). `cdk synth -c stage=<name>` bundles the functions
 * with esbuild (no Docker), builds the site for the stage into dist/site/<name> unless it is current
 * (or takes SITE_DIR) and refuses a site built for anything else (infra/site-build.ts), then
 * synthesizes the stage's stack with cdk-nag's AwsSolutions checks:
 * any finding that is neither fixed nor acknowledged with a reason stops the synth.
 */
import { readFileSync } from "node:fs";
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { buildFunctions, DEFAULT_OUT_DIR } from "./build/functions";
import { isMainModule } from "./main-module";
import { assertSiteBuiltFor, ensureStageSite } from "./site-build";
import { RepDeskStack, stackNameOf } from "./stack";
import { checkStage, loadStage, type StageConfig } from "./stages";

export interface CreateAppOptions {
  /** Defaults to the `stage` context value (`cdk synth -c stage=prod`), then "dev". */
  readonly stageName?: string;
  readonly bundlesDir: string;
  /**
   * The built site; default dist/site/<stage>, built for the stage when missing or stale. Either
   * way the synth fails unless its files are built for this stage (infra/site-build.ts).
   */
  readonly siteDir?: string;
  readonly outdir?: string;
  /**
   * The stage's settings instead of loadStage's (the tests' fixtures, test/infra/stage-fixtures.ts);
   * they go through the same checks (checkStage) first.
   */
  readonly stage?: StageConfig;
}

/**
 * cdk.json's context: the feature flags (the recommended ones of the aws-cdk-lib in use). The CDK
 * CLI passes them to the app itself; the tests, which create the app directly, take them from here,
 * so what they check is what deploys.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const file = JSON.parse(readFileSync(new URL("../cdk.json", import.meta.url), "utf8")) as {
    context?: Record<string, unknown>;
  };
  return file.context ?? {};
}

/** The app for one stage; also what the tests synthesize. */
export async function createApp(options: CreateAppOptions): Promise<{ app: App; stack: RepDeskStack }> {
  const app = new App({
    outdir: options.outdir,
    context: { ...cdkJsonContext(), ...(options.stageName ? { stage: options.stageName } : {}) },
  });
  const stage = options.stage
    ? checkStage(options.stage)
    : loadStage(String(app.node.tryGetContext("stage") ?? "dev"));
  if (stage.name === "local")
    throw new Error('Stage "local" is the local runtime (npm start); it is not deployed.');
  const siteDir = options.siteDir ?? (await ensureStageSite(stage));
  assertSiteBuiltFor(siteDir, stage);
  const stack = new RepDeskStack(app, stackNameOf(stage), {
    stage,
    bundlesDir: options.bundlesDir,
    siteDir,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

async function main(): Promise<void> {
  await buildFunctions();
  // One App only: under the CDK CLI an App synthesizes itself when the process exits.
  const { app } = await createApp({
    bundlesDir: DEFAULT_OUT_DIR,
    siteDir: process.env.SITE_DIR,
  });
  app.synth();
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
