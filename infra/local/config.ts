/** The runtime's settings from the environment and the command line (npm start / npm run dev). */
import path from "node:path";
import { REPO_ROOT } from "../repo-root";
import { localTagManagerId } from "../site/site-config";
import type { LocalRuntimeOptions } from "./runtime";
import { DEFAULT_SITE_PORT, defaultDataDir } from "./runtime-state";

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number from 0 to 65535 (0 picks a free port), not "${raw}"`);
  }
  return value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number (0 turns it off), not "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? "").toLowerCase();
  return raw === "1" || raw === "true" || raw === "yes";
}

/** QUEUE_RETRY_DELAY_MS: one fixed retry delay instead of the default backoff (tests, benchmarks). */
function constantDelay(delayMs: number | undefined): ((receiveCount: number) => number) | undefined {
  return delayMs === undefined ? undefined : () => delayMs;
}

/** The site's port and data folder as `npm start` and `npm run admin` both resolve them. */
export function localSiteSettings(
  env: NodeJS.ProcessEnv,
  repoRoot: string = REPO_ROOT,
): { port: number; dataDir: string } {
  const sitePort = port(env, "PORT", DEFAULT_SITE_PORT);
  return {
    port: sitePort,
    dataDir: path.resolve(env.DATA_DIR || defaultDataDir(repoRoot, sitePort)),
  };
}

/**
 * PORT (3000; 0 picks a free port); SES_PORT and DYNAMO_PORT (a free port each unless set);
 * DATA_DIR (.data/ for port 3000, .data/port-<PORT>/ otherwise, see runtime-state.ts);
 * WEB_DIST_DIR (web/dist; when set, the site is served as is, never rebuilt); SUBMISSIONS_PER_MINUTE
 * (the local stage's value; 0 = off); TRUST_VIEWER_ADDRESS=1; MFA_REQUIRED=1 (a second factor at
 * sign-in, as in production); HOST (localhost); QUEUE_RETRY_DELAY_MS; TAG_MANAGER_ID (a Google Tag
 * Manager container: the site is built with it into dist/site/local-<id> and asks for consent
 * before loading it; without one nothing is gated).
 */
export function optionsFromEnvironment(env: NodeJS.ProcessEnv, argv: readonly string[]): LocalRuntimeOptions {
  const webDistDir = env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined;
  const site = localSiteSettings(env);
  return {
    port: site.port,
    host: env.HOST || "localhost",
    sesPort: port(env, "SES_PORT", 0),
    dynamoPort: port(env, "DYNAMO_PORT", 0),
    dataDir: site.dataDir,
    webDistDir,
    buildWeb: !webDistDir,
    dev: argv.includes("--dev"),
    submissionsPerMinute: wholeNumber(env, "SUBMISSIONS_PER_MINUTE"),
    trustViewerAddress: flag(env, "TRUST_VIEWER_ADDRESS"),
    mfaRequired: flag(env, "MFA_REQUIRED") || undefined,
    retryDelayMs: constantDelay(wholeNumber(env, "QUEUE_RETRY_DELAY_MS")),
    tagManagerId: localTagManagerId(env),
  };
}
