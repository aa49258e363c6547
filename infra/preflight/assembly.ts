/**
 * Reads a cloud assembly (the folder `cdk synth -o <dir>` writes) the way `cdk deploy --app <dir>`
 * does: manifest.json names the stack artifacts, their templates and what they need of the CDK
 * bootstrap; each nested stack's template is the file its `aws:asset:path` metadata names (the CDK
 * CLI writes it) or, failing that, the file the stack's asset manifest gives for the asset hash in
 * its TemplateURL.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type StackTemplate, type TemplateJson, type TemplateResource, textsOf } from "./template";

/** What the assembly says a deploy needs of the account's CDK bootstrap. */
export interface BootstrapRequirement {
  /** What deploys through (the stack and its asset manifests). */
  readonly version: number;
  /** cdk diff's lookup role, when the assembly names one: a lower bar is only a warning. */
  readonly lookupVersion?: number;
  readonly parameter: string;
}

export interface StageAssembly {
  readonly dir: string;
  readonly stackName: string;
  /** From the artifact's environment, aws://<account>/<region>; undefined where "unknown-…". */
  readonly region?: string;
  readonly bootstrap?: BootstrapRequirement;
  /** The stack's template first, then every nested template, depth first. */
  readonly templates: readonly StackTemplate[];
  /** Nested stacks whose template is not a file of the assembly (not checked: say so). */
  readonly unreadNestedStacks: readonly string[];
}

interface ArtifactProperties {
  readonly templateFile?: string;
  readonly requiresBootstrapStackVersion?: number;
  readonly bootstrapStackVersionSsmParameter?: string;
  readonly lookupRole?: {
    requiresBootstrapStackVersion?: number;
    bootstrapStackVersionSsmParameter?: string;
  };
  readonly stackName?: string;
  readonly directoryName?: string;
  /** An asset manifest's file. */
  readonly file?: string;
}

interface Artifact {
  readonly type: string;
  readonly environment?: string;
  readonly properties?: ArtifactProperties;
  readonly dependencies?: readonly string[];
  readonly displayName?: string;
}

interface Manifest {
  readonly artifacts?: Record<string, Artifact>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** The stack artifact named `stackName`, in this assembly or a nested one (a CDK Stage). */
function findStack(
  dir: string,
  stackName: string,
): { dir: string; artifact: Artifact; manifest: Manifest } | undefined {
  const manifestFile = join(dir, "manifest.json");
  if (!existsSync(manifestFile)) return undefined;
  const manifest = readJson<Manifest>(manifestFile);
  for (const [id, artifact] of Object.entries(manifest.artifacts ?? {})) {
    const name = artifact.properties?.stackName ?? id;
    if (artifact.type === "aws:cloudformation:stack" && name === stackName)
      return { dir, artifact, manifest };
  }
  for (const artifact of Object.values(manifest.artifacts ?? {})) {
    const nested = artifact.properties?.directoryName;
    if (artifact.type === "cdk:cloud-assembly" && nested) {
      const found = findStack(join(dir, nested), stackName);
      if (found) return found;
    }
  }
  return undefined;
}

function bootstrapOf(artifact: Artifact, manifest: Manifest): BootstrapRequirement | undefined {
  const sources = [artifact, ...(artifact.dependencies ?? []).map((id) => manifest.artifacts?.[id])];
  let version = 0;
  let parameter: string | undefined;
  for (const source of sources) {
    const required = source?.properties?.requiresBootstrapStackVersion;
    if (required === undefined) continue;
    version = Math.max(version, required);
    parameter ??= source?.properties?.bootstrapStackVersionSsmParameter;
  }
  if (!version || !parameter) return undefined;
  const lookupVersion = artifact.properties?.lookupRole?.requiresBootstrapStackVersion;
  return { version, parameter, ...(lookupVersion ? { lookupVersion } : {}) };
}

/** Asset hash -> the assembly's file, from the asset manifests the stack depends on. */
function assetFiles(dir: string, artifact: Artifact, manifest: Manifest): Map<string, string> {
  const files = new Map<string, string>();
  for (const id of artifact.dependencies ?? []) {
    const file = manifest.artifacts?.[id]?.properties?.file;
    if (!file || !existsSync(join(dir, file))) continue;
    const assets = readJson<{ files?: Record<string, { source?: { path?: string } }> }>(join(dir, file));
    for (const [hash, asset] of Object.entries(assets.files ?? {})) {
      if (asset.source?.path) files.set(hash, asset.source.path);
    }
  }
  return files;
}

/** The file of a nested stack's template: its asset path, or the asset its TemplateURL names. */
function nestedTemplateFile(
  resource: TemplateResource,
  assets: ReadonlyMap<string, string>,
): string | undefined {
  const assetPath = resource.Metadata?.["aws:asset:path"];
  if (typeof assetPath === "string") return assetPath;
  for (const text of textsOf(resource.Properties?.TemplateURL)) {
    const hash = /([0-9a-f]{64})\.json$/.exec(text)?.[1];
    const file = hash ? assets.get(hash) : undefined;
    if (file) return file;
  }
  return undefined;
}

/** Reads the stack and its nested stacks; throws with a sentence when the stack is not there. */
export function readAssembly(dir: string, stackName: string): StageAssembly {
  const found = findStack(dir, stackName);
  if (!found?.artifact.properties?.templateFile) {
    throw new Error(
      `The cloud assembly ${dir} has no stack ${stackName}: synthesize the stage into it (npx cdk synth -c stage=<name> -o ${dir}).`,
    );
  }
  const templates: StackTemplate[] = [];
  const unreadNestedStacks: string[] = [];
  const assets = assetFiles(found.dir, found.artifact, found.manifest);
  const visit = (path: string, file: string) => {
    const template = readJson<TemplateJson>(join(found.dir, file));
    templates.push({ path, template });
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== "AWS::CloudFormation::Stack") continue;
      const nestedFile = nestedTemplateFile(resource, assets);
      const nestedPath = `${path}/${logicalId}`;
      if (typeof nestedFile === "string" && existsSync(join(found.dir, nestedFile)))
        visit(nestedPath, nestedFile);
      else unreadNestedStacks.push(nestedPath);
    }
  };
  visit(stackName, found.artifact.properties.templateFile);
  const region = found.artifact.environment?.split("/")[3];
  const bootstrap = bootstrapOf(found.artifact, found.manifest);
  return {
    dir,
    stackName,
    ...(region && !region.startsWith("unknown-") ? { region } : {}),
    ...(bootstrap ? { bootstrap } : {}),
    templates,
    unreadNestedStacks,
  };
}
