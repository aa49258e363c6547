/**
 * Bundle benchmark (`npm run bench -- api` calls it through the api bench): every function bundle's
 * minified and gzip size and its module-load time (import of index.mjs in a fresh `node`, median
 * of 5 runs), each against its target.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import {
  BUNDLE_FILE,
  BUNDLE_TARGETS,
  buildFunctions,
  kib,
  withinBundleTargets,
} from "../../infra/build/functions";
import { isMainModule } from "../../infra/main-module";

const run$ = promisify(execFile);
const RUNS = 5;

/** Milliseconds to import the bundle, measured inside a fresh Node process. */
async function moduleLoadMs(bundleDir: string): Promise<number> {
  const url = pathToFileURL(join(bundleDir, BUNDLE_FILE)).href;
  const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run$(process.execPath, ["--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "", AWS_REGION: "us-east-1" },
  });
  return Number(stdout);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "repdesk-bench-bundles-"));
  const built = await buildFunctions({ outDir: join(dir, "functions"), metaDir: join(dir, "meta") });
  const figures: Record<string, unknown> = {};
  const rows = [];
  for (const bundle of built) {
    const loads: number[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await moduleLoadMs(bundle.dir));
    const loadMs = Math.round(median(loads) * 10) / 10;
    const within = withinBundleTargets(bundle) && loadMs < BUNDLE_TARGETS.moduleLoadMs;
    rows.push({
      function: bundle.name,
      minified: kib(bundle.minifiedBytes),
      gzip: kib(bundle.gzipBytes),
      "load ms (median of 5)": loadMs,
      "within targets": within,
    });
    figures[bundle.name] = {
      minifiedBytes: bundle.minifiedBytes,
      gzipBytes: bundle.gzipBytes,
      moduleLoadMs: loadMs,
      withinTargets: within,
    };
  }
  console.log(
    `targets: ≤ ${kib(BUNDLE_TARGETS.minifiedBytes)} minified, ≤ ${kib(BUNDLE_TARGETS.gzipBytes)} gzip, module load < ${BUNDLE_TARGETS.moduleLoadMs} ms`,
  );
  console.table(rows);
  return {
    targets: BUNDLE_TARGETS,
    node: process.version,
    bundles: figures,
    allWithinTargets: Object.values(figures).every((f) => (f as { withinTargets: boolean }).withinTargets),
  };
}

if (isMainModule(import.meta.url)) void run();
