/**
 * Synthesizes a stage for the infra tests: the functions are bundled once per test run into the
 * run's temporary folder (test/support/run-setup.ts; never dist/, which a developer's build may be
 * rewriting), by the first file that asks, and every other file reuses them; then each stage is
 * synthesized once and shared by every test of the file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { inject } from "vitest";
import { createApp } from "../../infra/app";
import { type BuiltBundle, buildFunctions } from "../../infra/build/functions";
import { withBuildLock } from "../../infra/local/web-build";
import { ensureStageSite } from "../../infra/site-build";
import type { RepDeskStack } from "../../infra/stack";
import { stageSettings } from "../../infra/stages";
import { type TestStageName, testStage } from "./stage-fixtures";

let bundles: Promise<{ dir: string; built: BuiltBundle[] }> | undefined;

/** Bundles every registry function, once per test run (once per process outside vitest's run). */
export function bundleOnce(): Promise<{ dir: string; built: BuiltBundle[] }> {
  bundles ??= sharedBundles();
  return bundles;
}

async function sharedBundles(): Promise<{ dir: string; built: BuiltBundle[] }> {
  const runDir = inject("runTempDir");
  const root = runDir ? join(runDir, "bundles") : mkdtempSync(join(tmpdir(), "repdesk-bundles-"));
  mkdirSync(root, { recursive: true });
  const dir = join(root, "functions");
  // Written last, so it exists only beside a complete build; files wait for each other on the lock.
  const listFile = join(root, "built.json");
  return withBuildLock(
    async () => {
      if (existsSync(listFile))
        return { dir, built: JSON.parse(readFileSync(listFile, "utf8")) as BuiltBundle[] };
      const built = await buildFunctions({ outDir: dir, metaDir: join(root, "meta") });
      writeFileSync(listFile, JSON.stringify(built));
      return { dir, built };
    },
    join(root, "build.lock"),
  );
}

/** The real site built for the stage (dist/site/<stage>), built once if missing or stale. */
export function siteDirFor(stageName: string): Promise<string> {
  return ensureStageSite(stageSettings(stageName));
}

export interface SynthesizedStage {
  readonly stack: RepDeskStack;
  /** The stage's stack (everything but the REST API). */
  readonly template: Template;
  readonly json: TemplateJson;
  /** The REST API's nested stack (infra/constructs/api.ts). */
  readonly apiTemplate: Template;
  readonly apiJson: TemplateJson;
  readonly outdir: string;
  /** The built site the stack deployed. */
  readonly siteDir: string;
}

export interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;
  Outputs?: Record<string, { Value: unknown; [key: string]: unknown }>;
  Parameters?: Record<string, unknown>;
}

/** A deployable stage with the fixtures' accounts and ids (test/infra/stage-fixtures.ts). */
export async function synthesizeStage(stageName: TestStageName, siteDir?: string): Promise<SynthesizedStage> {
  const { dir } = await bundleOnce();
  const outdir = mkdtempSync(join(tmpdir(), `repdesk-cdk-${stageName}-`));
  const site = siteDir ?? (await siteDirFor(stageName));
  const { app, stack } = await createApp({
    stageName,
    bundlesDir: dir,
    siteDir: site,
    outdir,
    stage: testStage(stageName),
  });
  app.synth();
  const json = JSON.parse(
    readFileSync(join(outdir, `${stack.stackName}.template.json`), "utf8"),
  ) as TemplateJson;
  const apiJson = JSON.parse(
    readFileSync(join(outdir, stack.api.restStack.templateFile), "utf8"),
  ) as TemplateJson;
  return {
    stack,
    template: Template.fromJSON(json),
    json,
    apiTemplate: Template.fromJSON(apiJson),
    apiJson,
    outdir,
    siteDir: site,
  };
}

/**
 * Whether a value of the stage's stack refers to the nested stack's resource `logicalId`: through
 * the nested stack's output whose value is that resource's Ref (how CDK passes it up).
 */
export function refersToNested(value: unknown, apiJson: TemplateJson, logicalId: string): boolean {
  const text = JSON.stringify(value);
  return Object.entries(apiJson.Outputs ?? {}).some(
    ([name, output]) =>
      JSON.stringify(output.Value) === JSON.stringify({ Ref: logicalId }) &&
      text.includes(`Outputs.${name}"`),
  );
}

/** Resources of one type, by logical id. */
export function resourcesOf(json: TemplateJson, type: string) {
  return Object.entries(json.Resources).filter(([, resource]) => resource.Type === type);
}

/**
 * A value of the nested stack as JSON, each reference to one of its parameters replaced by what the
 * stage's stack passes in (so `"<function id>"` of the stage's stack shows where it is used).
 */
export function withParameters(value: unknown, s: Pick<SynthesizedStage, "json">): string {
  const nested = resourcesOf(s.json, "AWS::CloudFormation::Stack");
  if (nested.length !== 1) throw new Error(`${nested.length} nested stacks`);
  const parameters = (nested[0]?.[1].Properties?.Parameters ?? {}) as Record<string, unknown>;
  return JSON.stringify(value).replace(/\{"Ref":"([A-Za-z0-9]+)"\}/g, (ref, name: string) =>
    name in parameters ? JSON.stringify(parameters[name]) : ref,
  );
}
