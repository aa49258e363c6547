/**
 * Synthesizes a stage for the infra tests: the functions are bundled once per test process into a
 * private temp folder (test files run in parallel, so they never share dist/), then each stage is
 * synthesized once and shared by every test of the file.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { createApp } from "../../infra/app";
import { type BuiltBundle, buildFunctions } from "../../infra/build/functions";
import { ensureStageSite } from "../../infra/site-build";
import type { RepDeskStack } from "../../infra/stack";
import { loadStage } from "../../infra/stages";

let bundles: Promise<{ dir: string; built: BuiltBundle[] }> | undefined;

/** Bundles every registry function into a temp folder, once per process. */
export function bundleOnce(): Promise<{ dir: string; built: BuiltBundle[] }> {
  bundles ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "repdesk-bundles-"));
    const built = await buildFunctions({ outDir: join(dir, "functions"), metaDir: join(dir, "meta") });
    return { dir: join(dir, "functions"), built };
  })();
  return bundles;
}

/** The real site built for the stage (dist/site/<stage>), built once if missing or stale. */
export function siteDirFor(stageName: string): Promise<string> {
  return ensureStageSite(loadStage(stageName));
}

export interface SynthesizedStage {
  readonly stack: RepDeskStack;
  readonly template: Template;
  readonly json: TemplateJson;
  readonly outdir: string;
  /** The built site the stack deployed. */
  readonly siteDir: string;
}

export interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;
  Outputs?: Record<string, unknown>;
}

export async function synthesizeStage(stageName: string, siteDir?: string): Promise<SynthesizedStage> {
  const { dir } = await bundleOnce();
  const outdir = mkdtempSync(join(tmpdir(), `repdesk-cdk-${stageName}-`));
  const site = siteDir ?? (await siteDirFor(stageName));
  const { app, stack } = await createApp({
    stageName,
    bundlesDir: dir,
    siteDir: site,
    outdir,
    account: "123456789012",
  });
  app.synth();
  const json = JSON.parse(
    readFileSync(join(outdir, `${stack.stackName}.template.json`), "utf8"),
  ) as TemplateJson;
  return { stack, template: Template.fromJSON(json), json, outdir, siteDir: site };
}

/** Resources of one type, by logical id. */
export function resourcesOf(json: TemplateJson, type: string) {
  return Object.entries(json.Resources).filter(([, resource]) => resource.Type === type);
}
