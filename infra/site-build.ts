/**
 * The site a stage deploys is built for that stage: canonical URLs, sitemap.xml and robots.txt on
 * the stage's `siteUrl`, and its tag manager container (or none). `cdk synth/diff/deploy -c
 * stage=<name>` builds it into dist/site/<name> when that is missing or older than its sources
 * (web/, events/, infra/stages.ts), then checks the built files themselves, so a site built for
 * another stage (or for `npm start`) can never be shipped.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtTagManagerIds, runBuild, webBuildNeed, withBuildLock } from "./local/web-build";
import { REPO_ROOT } from "./repo-root";
import type { StageConfig } from "./stages";

export function stageSiteDir(stageName: string): string {
  return join(REPO_ROOT, "dist", "site", stageName);
}

function read(dir: string, file: string): string | undefined {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/** Every way the built site in `dir` differs from what `stage` must serve; empty when it matches. */
export function siteMismatches(
  dir: string,
  stage: Pick<StageConfig, "name" | "siteUrl" | "tagManagerId">,
): string[] {
  const origin = stage.siteUrl.replace(/\/+$/, "");
  const problems: string[] = [];
  const index = read(dir, "index.html");
  if (index === undefined) return [`${dir}/index.html is missing: the site is not built`];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(index)?.[1];
  if (canonical !== `${origin}/`) problems.push(`index.html canonical is ${canonical}, not ${origin}/`);
  const sitemapLine = /^Sitemap: (.*)$/m.exec(read(dir, "robots.txt") ?? "")?.[1];
  if (sitemapLine !== `${origin}/sitemap.xml`)
    problems.push(`robots.txt names sitemap ${sitemapLine}, not ${origin}/sitemap.xml`);
  const locations = [...(read(dir, "sitemap.xml") ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  if (locations.length === 0) problems.push("sitemap.xml lists no page");
  const foreign = locations.filter((loc) => !loc?.startsWith(`${origin}/`));
  if (foreign.length > 0)
    problems.push(`sitemap.xml lists ${foreign.length} URLs outside ${origin}, e.g. ${foreign[0]}`);
  const containers = builtTagManagerIds(dir);
  const expected = stage.tagManagerId ? [stage.tagManagerId] : [];
  if (containers.join() !== expected.join())
    problems.push(
      `tag manager containers in the scripts: ${containers.join(", ") || "none"}; stage "${stage.name}" has ${expected[0] ?? "none"}`,
    );
  return problems;
}

/** Throws with every mismatch named. */
export function assertSiteBuiltFor(dir: string, stage: StageConfig): void {
  const problems = siteMismatches(dir, stage);
  if (problems.length > 0) {
    throw new Error(
      `The site in ${dir} is not built for stage "${stage.name}":\n- ${problems.join("\n- ")}\nBuild it with \`STAGE=${stage.name} WEB_OUT_DIR=${dir} npm run build:web\` (cdk does this itself when it uses dist/site/<stage>).`,
    );
  }
}

/**
 * Builds dist/site/<stage> when missing, older than its sources or not built for the stage;
 * returns its folder. One build at a time across processes (the lock of the local runtime's build).
 */
export async function ensureStageSite(
  stage: StageConfig,
  log: (line: string) => void = console.error,
): Promise<string> {
  const dir = stageSiteDir(stage.name);
  const current = () => webBuildNeed(REPO_ROOT, dir) === "fresh" && siteMismatches(dir, stage).length === 0;
  if (current()) return dir;
  await withBuildLock(async () => {
    if (current()) return;
    log(`Building the site for stage "${stage.name}" into ${dir}`);
    await runBuild(REPO_ROOT, log, { env: { STAGE: stage.name, WEB_OUT_DIR: dir }, toStderr: true });
  });
  return dir;
}
