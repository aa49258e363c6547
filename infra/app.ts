/**
 * CDK entry (cdk.json: `npx tsx infra/app.ts`). `cdk synth -c stage=<name>` bundles the functions
 * with esbuild (no Docker), then synthesizes the stage's stack with cdk-nag's AwsSolutions checks:
 * any finding that is neither fixed nor acknowledged with a reason stops the synth.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { buildFunctions, DEFAULT_OUT_DIR, REPO_ROOT } from "./build/functions";
import { RepDeskStack, stackNameOf } from "./stack";
import { loadStage } from "./stages";

export const SITE_DIR = join(REPO_ROOT, "web", "dist");

export interface CreateAppOptions {
  /** Defaults to the `stage` context value (`cdk synth -c stage=prod`), then "dev". */
  readonly stageName?: string;
  readonly bundlesDir: string;
  readonly siteDir: string;
  readonly outdir?: string;
  readonly account?: string;
}

/** The app for one stage; also what the tests synthesize. */
export function createApp(options: CreateAppOptions): { app: App; stack: RepDeskStack } {
  const app = new App({
    outdir: options.outdir,
    context: options.stageName ? { stage: options.stageName } : undefined,
  });
  const stage = loadStage(String(app.node.tryGetContext("stage") ?? "dev"));
  if (stage.name === "local")
    throw new Error('Stage "local" is the local runtime (npm start); it is not deployed.');
  const stack = new RepDeskStack(app, stackNameOf(stage), {
    stage,
    bundlesDir: options.bundlesDir,
    siteDir: options.siteDir,
    env: { account: options.account },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

async function main(): Promise<void> {
  if (!existsSync(join(SITE_DIR, "index.html"))) {
    throw new Error(
      `The site is not built (${SITE_DIR}/index.html missing): run \`npm run build:web\` first.`,
    );
  }
  await buildFunctions();
  // One App only: under the CDK CLI an App synthesizes itself when the process exits.
  const { app } = createApp({
    bundlesDir: DEFAULT_OUT_DIR,
    siteDir: SITE_DIR,
    account: process.env.CDK_DEFAULT_ACCOUNT,
  });
  app.synth();
}

const invokedDirectly = process.argv[1]?.endsWith(join("infra", "app.ts"));
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
