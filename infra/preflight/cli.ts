/**
 * npm run preflight -- --stage <name> [--app <cloud assembly dir>]
 *
 * Asks AWS, read-only, what a deploy of the stage depends on that synth cannot see
 * (docs/DEPLOY.md, "Preflight"). With --app it reads that assembly, as CI does before deploying
 * from it; without, it synthesizes the stage into a temporary folder the way `cdk deploy` would
 * (`npx cdk synth`, cdk.json's app). Prints a line per check; exits 1 if any check failed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ACMClient } from "@aws-sdk/client-acm";
import { APIGatewayClient } from "@aws-sdk/client-api-gateway";
import { LambdaClient } from "@aws-sdk/client-lambda";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SSMClient } from "@aws-sdk/client-ssm";
import { STSClient } from "@aws-sdk/client-sts";
import { WAFV2Client } from "@aws-sdk/client-wafv2";
import { isMainModule } from "../main-module";
import { REPO_ROOT } from "../repo-root";
import { stackNameOf } from "../stack";
import { loadStage } from "../stages";
import { readAssembly } from "./assembly";
import { failed, formatCheck } from "./check";
import type { PreflightClients } from "./preflight";
import { runPreflight } from "./preflight";

const USAGE = "Usage: npm run preflight -- --stage <name> [--app <cloud assembly dir, e.g. cdk.out>]";

export function parsePreflightArgs(argv: readonly string[]): { stage: string; app?: string } {
  const { values } = parseArgs({
    args: [...argv],
    options: { stage: { type: "string" }, app: { type: "string" } },
    strict: true,
  });
  if (!values.stage) throw new Error(USAGE);
  return { stage: values.stage, ...(values.app ? { app: values.app } : {}) };
}

export function clientsFor(region: string): PreflightClients {
  const acm = new Map<string, ACMClient>();
  const wafv2 = new Map<string, WAFV2Client>();
  return {
    sts: new STSClient({ region }),
    ssm: new SSMClient({ region }),
    secretsManager: new SecretsManagerClient({ region }),
    apiGateway: new APIGatewayClient({ region }),
    acm: (acmRegion) => {
      const client = acm.get(acmRegion) ?? new ACMClient({ region: acmRegion });
      acm.set(acmRegion, client);
      return client;
    },
    ses: new SESv2Client({ region }),
    lambda: new LambdaClient({ region }),
    wafv2: (wafRegion) => {
      const client = wafv2.get(wafRegion) ?? new WAFV2Client({ region: wafRegion });
      wafv2.set(wafRegion, client);
      return client;
    },
  };
}

/** The stage synthesized as `cdk deploy -c stage=<name>` would, into a folder of its own. */
function synthesize(stageName: string): string {
  const outdir = mkdtempSync(join(tmpdir(), `repdesk-preflight-${stageName}-`));
  console.log(`Synthesizing ${stageName} into ${outdir} (pass --app <dir> to read one already synthesized)`);
  const result = spawnSync("npx", ["cdk", "synth", "-c", `stage=${stageName}`, "-o", outdir, "--quiet"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0)
    throw new Error(`npx cdk synth -c stage=${stageName} failed: fix what it says first.`);
  return outdir;
}

/** The region the shell's configuration names (AWS_REGION, the profile), if it names one. */
async function configuredRegion(): Promise<string | undefined> {
  try {
    return await new STSClient({}).config.region();
  } catch {
    return undefined;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parsePreflightArgs(argv);
  const stage = loadStage(args.stage);
  const dir = args.app ?? synthesize(stage.name);
  const assembly = readAssembly(dir, stackNameOf(stage));
  const { checks } = await runPreflight(assembly, {
    clients: clientsFor(stage.region),
    stage,
    credentialsRegion: await configuredRegion(),
  });
  for (const check of checks) console.log(formatCheck(check));
  const failures = checks.filter((check) => check.outcome === "FAIL").length;
  console.log(
    failed(checks)
      ? `Preflight of ${stage.name}: ${failures} failed.`
      : `Preflight of ${stage.name}: ready to deploy.`,
  );
  return failed(checks) ? 1 : 0;
}

if (isMainModule(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 2;
    },
  );
}
