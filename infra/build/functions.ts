/**
 * Bundles every function of functions/registry.ts with esbuild: one folder per function under
 * dist/functions/<name>/ holding `index.mjs` (and, for the enrich worker, the geo-IP database),
 * ready for `Code.fromAsset`. The AWS SDK v3 is bundled, not taken from the runtime: one minified,
 * tree-shaken file loads faster than the runtime's copy spread over hundreds of files, and the
 * version we test is the version we ship.
 *
 * `npm run build:functions` runs it and prints the sizes; the CDK app calls `buildFunctions()`
 * before it synthesizes, so `cdk synth` needs neither Docker nor a separate step.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";
import {
  HTTP_FUNCTIONS,
  LEAD_EXPIRY,
  OUTBOX_RELAY,
  SCHEDULED_FUNCTIONS,
  WORKERS,
} from "../../functions/registry";
import { isMainModule } from "../main-module";
import { REPO_ROOT } from "../repo-root";
import { copyGeoIpFiles, geoIpPlugin } from "./geoip";
import { lambdaTrimsPlugin } from "./trims";

export const DEFAULT_OUT_DIR = join(REPO_ROOT, "dist", "functions");
/** Metafiles and the size report live beside, not inside, the shipped folders. */
export const DEFAULT_META_DIR = join(REPO_ROOT, "dist", "functions-meta");
export const BUNDLE_FILE = "index.mjs";
/** Lambda handler setting for every bundle. */
export const HANDLER = "index.handler";

/** esbuild's target: the Node.js version Lambda runs the functions on. */
export const NODE_TARGET = "node24";

/** Targets per function (docs/product/targets.md). */
export const BUNDLE_TARGETS = {
  minifiedBytes: 400 * 1024,
  gzipBytes: 120 * 1024,
  moduleLoadMs: 100,
} as const;

/**
 * The same for every function: no exceptions (docs/decisions/0078-bundle-headroom.md). What to do
 * when a bundle grows past them is in BUNDLE_TARGET_ADVICE.
 */
export function withinBundleTargets(bundle: { minifiedBytes: number; gzipBytes: number }): boolean {
  return bundle.minifiedBytes <= BUNDLE_TARGETS.minifiedBytes && bundle.gzipBytes <= BUNDLE_TARGETS.gzipBytes;
}

/** How to bring a bundle back under BUNDLE_TARGETS, cheapest first (the size test prints it). */
export const BUNDLE_TARGET_ADVICE = [
  "Bring it back under; do not add an exception (docs/decisions/0078-bundle-headroom.md).",
  "Find what grew in the bundle's esbuild metafile (<name>.json in DEFAULT_META_DIR of infra/build/functions.ts after `npm run build:functions`): bytesInOutput per input.",
  "1. Import events/ modules by name, never the index (Biome enforces it under functions/).",
  "2. Code only some requests or events need (a route used rarely, a library like the password lists or bowser): load it with `await import()`, so it becomes a chunk a cold start does not read. Check the gain: a lazy module that shares dependencies with eager code splits the eager code into two files, which compress worse.",
  "3. An SDK client used by few requests: give it a file of its own (ISOLATED_LAZY_MODULES), as the team function's SES mailer.",
  "4. A dependency carrying code it can never run here: a trim in infra/build/trims.ts, with a test that the bundled code still works.",
].join("\n");

export type FunctionKind = "http" | "worker" | "relay";

export interface FunctionBundle {
  readonly name: string;
  readonly kind: FunctionKind;
  /** Relative to functions/. */
  readonly entry: string;
  readonly assets?: "geoip";
  /** HTTP functions: the registry routes it serves. */
  readonly routes?: readonly string[];
}

/** Every function the registry describes, in a stable order. */
export function functionBundles(): FunctionBundle[] {
  return [
    ...HTTP_FUNCTIONS.map((fn) => ({
      name: fn.name,
      kind: "http" as const,
      entry: fn.entry,
      routes: fn.routes,
    })),
    ...[...WORKERS, ...SCHEDULED_FUNCTIONS].map((fn) => ({
      name: fn.name,
      kind: "worker" as const,
      entry: fn.entry,
      assets: fn.assets,
    })),
    { name: OUTBOX_RELAY.name, kind: "relay" as const, entry: OUTBOX_RELAY.entry },
    { name: LEAD_EXPIRY.name, kind: "worker" as const, entry: LEAD_EXPIRY.entry },
  ];
}

export interface BuiltBundle extends FunctionBundle {
  /** Folder to hand to Code.fromAsset. */
  readonly dir: string;
  readonly file: string;
  /** index.mjs and the chunks it imports statically: what a cold start reads. */
  readonly minifiedBytes: number;
  readonly gzipBytes: number;
  /** Chunks loaded only on first use (`import()`), relative to `dir`; not in the sizes above. */
  readonly lazyChunks: readonly string[];
  /** Files shipped beside the code, relative to `dir`. */
  readonly extraFiles: readonly string[];
  readonly metafile: Metafile;
}

export interface BuildFunctionsOptions {
  readonly outDir?: string;
  readonly metaDir?: string;
  /** Folder that holds the entries (functions/); tests may point it elsewhere. */
  readonly functionsDir?: string;
  /** Build only these names. */
  readonly only?: readonly string[];
  readonly bundles?: readonly FunctionBundle[];
}

/**
 * ESM output, so handlers may use top-level await during init; the banner gives bundled CommonJS
 * libraries the `require`, `__filename` and `__dirname` they expect.
 */
const ESM_BANNER = [
  'import { createRequire as __bundleCreateRequire } from "node:module";',
  'import { fileURLToPath as __bundleFileURLToPath } from "node:url";',
  'import { dirname as __bundleDirname } from "node:path";',
  "const require = __bundleCreateRequire(import.meta.url);",
  "const __filename = __bundleFileURLToPath(import.meta.url);",
  "const __dirname = __bundleDirname(__filename);",
].join("\n");

/**
 * The bundle's entry: the registry entry's own handler, nothing added, so the handler the tests
 * and the local runtime call is the handler Lambda runs (docs/decisions/0047-ship-what-is-tested.md).
 * API Gateway routes each HTTP request to its function (docs/decisions/0087).
 */
function entrySource(bundle: FunctionBundle): string {
  const [module = "", exported = "handler"] = bundle.entry.split("#");
  const from = JSON.stringify(`./${module.replace(/\.ts$/, "")}`);
  return `export { ${exported === "handler" ? "handler" : `${exported} as handler`} } from ${from};\n`;
}

const ENTRY_NAMESPACE = "function-entry";

/**
 * Code splitting: a module the code reaches only through `await import(...)` (the password lists,
 * the User-Agent parser, the SES client of the team function) becomes a chunk beside index.mjs that
 * Node loads when that path first runs, not at cold start. What index.mjs imports statically is
 * part of its start-up cost and is counted in its size (see startupFiles).
 */
/** What every file shipped to Lambda is built as. */
const LAMBDA_OUTPUT = {
  bundle: true,
  platform: "node",
  // The Node.js of LAMBDA_RUNTIME (infra/constructs/function.ts); test/infra checks they agree.
  target: NODE_TARGET,
  format: "esm",
  // Prefer the ES module builds of dependencies (the AWS SDK ships both): they tree-shake.
  mainFields: ["module", "main"],
  minify: true,
  treeShaking: true,
  sourcemap: false,
  legalComments: "none",
  banner: { js: ESM_BANNER },
  logLevel: "silent",
} as const satisfies BuildOptions;

export function esbuildOptions(bundle: FunctionBundle, functionsDir: string, outdir: string): BuildOptions {
  const entryPath = `${bundle.name}.entry.ts`;
  return {
    entryPoints: [{ in: `${ENTRY_NAMESPACE}:${entryPath}`, out: "index" }],
    outdir,
    // Beside index.mjs, not in a subfolder: bundled libraries find their files from `__dirname`
    // (the ESM banner's, per output file), as the geo-IP library does (./geoip.ts).
    chunkNames: "[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    splitting: true,
    ...LAMBDA_OUTPUT,
    metafile: true,
    plugins: [
      {
        name: "function-entry",
        setup(build) {
          build.onResolve({ filter: /^function-entry:/ }, () => ({
            path: entryPath,
            namespace: ENTRY_NAMESPACE,
          }));
          build.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({
            contents: entrySource(bundle),
            resolveDir: functionsDir,
            loader: "ts",
          }));
        },
      },
      isolatedLazyPlugin(functionsDir),
      lambdaTrimsPlugin(),
      ...(bundle.assets === "geoip" ? [geoIpPlugin()] : []),
    ],
  };
}

/**
 * Modules imported lazily that get a bundle file of their own beside index.mjs instead of a chunk
 * (entry relative to the functions folder -> file name). The SES client's protocol code sits in @smithy/core and
 * @aws-sdk/core files that the DynamoDB client imports too; as a chunk, esbuild's splitting (which
 * assigns whole files) would put ~18 KiB of it into the shared chunk every cold start loads.
 * Built on its own it carries its own copy of what it needs and adds nothing to the start.
 */
export const ISOLATED_LAZY_MODULES: Readonly<Record<string, string>> = {
  "lib/ses-mailer.ts": "ses-mailer.mjs",
  // The session key's Secrets Manager client: one read per 15 minutes (model/staff/session-key.ts).
  "lib/secrets.ts": "secrets.mjs",
};

function isolatedLazyPlugin(functionsDir: string): Plugin {
  return {
    name: "isolated-lazy-modules",
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
        if (args.kind !== "dynamic-import") return undefined;
        const target = relative(functionsDir, join(args.resolveDir, args.path)).replaceAll("\\", "/");
        const file = ISOLATED_LAZY_MODULES[`${target}.ts`] ?? ISOLATED_LAZY_MODULES[target];
        return file ? { path: `./${file}`, external: true } : undefined;
      });
    },
  };
}

/** Builds each isolated module that `metafile`'s outputs import, as its own file in `dir`. */
async function buildIsolatedModules(
  metafile: Metafile,
  functionsDir: string,
  dir: string,
): Promise<string[]> {
  const wanted = new Set(
    Object.values(metafile.outputs).flatMap((output) =>
      output.imports
        .filter((imported) => imported.external)
        .map((imported) => imported.path.replace(/^\.\//, "")),
    ),
  );
  const built: string[] = [];
  for (const [entry, file] of Object.entries(ISOLATED_LAZY_MODULES)) {
    if (!wanted.has(file)) continue;
    await build({
      entryPoints: [join(functionsDir, entry)],
      outfile: join(dir, file),
      ...LAMBDA_OUTPUT,
      plugins: [lambdaTrimsPlugin()],
    });
    built.push(file);
  }
  return built;
}

/**
 * The files Node reads when it imports index.mjs: index.mjs and every chunk it imports statically,
 * transitively (chunks imported with `import()` are left out: they load on first use).
 */
export function startupFiles(metafile: Metafile, indexFile: string): { eager: string[]; lazy: string[] } {
  const outputs = metafile.outputs;
  const key = Object.keys(outputs).find(
    (output) => output.endsWith(`/${BUNDLE_FILE}`) || output === indexFile,
  );
  if (!key) throw new Error(`esbuild wrote no ${BUNDLE_FILE}`);
  const eager = new Set<string>();
  const visit = (output: string) => {
    if (eager.has(output)) return;
    eager.add(output);
    for (const imported of outputs[output]?.imports ?? []) {
      if (imported.kind === "import-statement" && imported.path in outputs) visit(imported.path);
    }
  };
  visit(key);
  return { eager: [...eager], lazy: Object.keys(outputs).filter((output) => !eager.has(output)) };
}

async function buildOne(
  bundle: FunctionBundle,
  options: Required<Pick<BuildFunctionsOptions, "outDir" | "metaDir" | "functionsDir">>,
): Promise<BuiltBundle> {
  const dir = join(options.outDir, bundle.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, BUNDLE_FILE);
  const { metafile } = await build({
    ...esbuildOptions(bundle, options.functionsDir, dir),
    absWorkingDir: REPO_ROOT,
  });
  if (!metafile) throw new Error("esbuild returned no metafile");
  const isolated = await buildIsolatedModules(metafile, options.functionsDir, dir);
  const extraFiles = bundle.assets === "geoip" ? copyGeoIpFiles(dir) : [];
  mkdirSync(options.metaDir, { recursive: true });
  writeFileSync(join(options.metaDir, `${bundle.name}.json`), JSON.stringify(metafile));
  const { eager, lazy } = startupFiles(metafile, relative(REPO_ROOT, file));
  const eagerCode = eager.map((output) => readFileSync(join(REPO_ROOT, output)));
  return {
    ...bundle,
    dir,
    file,
    minifiedBytes: eagerCode.reduce((sum, code) => sum + code.length, 0),
    gzipBytes: eagerCode.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0),
    lazyChunks: [...lazy.map((output) => relative(dir, join(REPO_ROOT, output))), ...isolated],
    extraFiles,
    metafile,
  };
}

/** Bundles every registry function (in parallel); throws with every failing entry named. */
export async function buildFunctions(options: BuildFunctionsOptions = {}): Promise<BuiltBundle[]> {
  const resolved = {
    outDir: options.outDir ?? DEFAULT_OUT_DIR,
    metaDir: options.metaDir ?? DEFAULT_META_DIR,
    functionsDir: options.functionsDir ?? join(REPO_ROOT, "functions"),
  };
  const selected = (options.bundles ?? functionBundles()).filter(
    (bundle) => !options.only || options.only.includes(bundle.name),
  );
  const results = await Promise.allSettled(selected.map((bundle) => buildOne(bundle, resolved)));
  const failures = results.flatMap((result, index) =>
    result.status === "rejected" ? [`${selected[index]?.name}: ${describeError(result.reason)}`] : [],
  );
  if (failures.length > 0) throw new Error(`Function bundling failed:\n${failures.join("\n")}`);
  return results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
}

function describeError(error: unknown): string {
  const messages = (error as { errors?: { text: string; location?: { file: string; line: number } }[] })
    .errors;
  if (messages?.length) {
    return messages
      .map((m) => (m.location ? `${m.location.file}:${m.location.line} ${m.text}` : m.text))
      .join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function printReport(bundles: readonly BuiltBundle[]): void {
  const rows = bundles.map((b) => ({
    function: b.name,
    kind: b.kind,
    minified: kib(b.minifiedBytes),
    gzip: kib(b.gzipBytes),
    "within targets": withinBundleTargets(b),
    "extra files": b.extraFiles.length,
  }));
  console.table(rows);
  for (const b of bundles) console.log(`${b.name}: ${relative(REPO_ROOT, b.dir)}`);
}

if (isMainModule(import.meta.url)) {
  const only = process.argv.slice(2);
  buildFunctions(only.length > 0 ? { only } : {})
    .then(printReport)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
