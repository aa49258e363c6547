/**
 * `npm start` serves the built site; this makes sure it is built and current. The build runs only
 * when web/dist is missing or something it is made from is newer, so a restart with nothing
 * changed costs one walk over the sources' modification times.
 */
import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/** What the site is built from, relative to the repository root. */
const WEB_SOURCES = ["web", "events", "infra/site", "infra/stages.ts", "infra/repo-root.ts"];
const SKIPPED = new Set(["node_modules", "dist"]);
const MARKER = "index.html";
/** How far ahead of the file clock a build's stamp may be (markBuilt rounds up) and still count. */
const FUTURE_STAMP_TOLERANCE_MS = 60_000;

function newestMtime(target: string): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".")) continue;
    // Tests beside the code do not change the built site.
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export type BuildNeed = "missing" | "stale" | "fresh" | "unbuildable";

export function webBuildNeed(rootDir: string, distDir: string): BuildNeed {
  if (!existsSync(path.join(rootDir, "infra/site/build.ts"))) return "unbuildable";
  const marker = path.join(distDir, MARKER);
  if (!existsSync(marker)) return "missing";
  const built = statSync(marker).mtimeMs;
  // A stamp from the future was set by a clock that was not the file system's (a run under a
  // shifted clock before markBuilt read the file clock): trusted, it would hide every later edit
  // until that date.
  if (built > fileSystemNow() + FUTURE_STAMP_TOLERANCE_MS) return "stale";
  const sources = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(rootDir, source))));
  return sources > built ? "stale" : "fresh";
}

/**
 * The Google Tag Manager containers a built site's scripts name, sorted (none for a site built
 * without one): a site is only current for the container it was built with.
 */
export function builtTagManagerIds(distDir: string): string[] {
  const assets = path.join(distDir, "assets");
  if (!existsSync(assets)) return [];
  const ids = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) => readFileSync(path.join(assets, file), "utf8").match(/GTM-[A-Z0-9]+/g) ?? []);
  return [...new Set(ids)].sort();
}

/**
 * Stamps a finished build in `distDir` as newer than everything it was built from. Publishing a
 * build renames folders inside web/ (web/dist out, the new build in), which moves web/'s own
 * modification time past the build's index.html: without this stamp every build looked stale at
 * once, and every `npm start` and every test runtime rebuilt the site, one at a time under the lock.
 */
export function markBuilt(distDir: string): void {
  // Rounded up: a Date holds whole milliseconds, file times hold fractions of one.
  const now = new Date(Math.ceil(fileSystemNow()));
  utimesSync(path.join(distDir, MARKER), now, now);
}

/**
 * The time by the clock that stamps files: what a file written now would carry. Every comparison
 * here is between file times, so it reads that clock rather than the process's: the same on one
 * machine, but not in a test run whose process clock is shifted (docs/DEVELOPING.md, "How a test
 * gets its clock"). The probe is written in the temporary folder, so that it changes no folder the
 * build need looks at.
 */
export function fileSystemNow(): number {
  const probe = path.join(os.tmpdir(), `repdesk-now-${process.pid}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(probe, "");
  try {
    return statSync(probe).mtimeMs;
  } finally {
    unlinkSync(probe);
  }
}

/**
 * `npm run build:web` in `rootDir`; `env` adds variables (STAGE, WEB_OUT_DIR), `toStderr` sends its
 * output to stderr (the CDK CLI reads the app's stdout).
 */
export function runBuild(
  rootDir: string,
  log: (message: string) => void,
  { env = {}, toStderr = false }: { env?: Record<string, string>; toStderr?: boolean } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["run", "--silent", "build:web"], {
      cwd: rootDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", toStderr ? process.stderr : "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run build:web exited with code ${code}`));
    });
    log(`[build] building the web site: npm run build:web (pid ${child.pid})`);
  });
}

/** Whether the process that wrote a lock is gone (a killed build leaves its lock behind). */
function ownerIsGone(lock: string): boolean {
  const pid = Number.parseInt(readFileSync(lock, "utf8"), 10);
  if (!Number.isInteger(pid) || pid <= 0) return false; // being written: its owner writes the pid next
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * One build at a time across processes (several test files may start runtimes at once): a lock file
 * created exclusively, holding its owner's pid. A lock whose owner is gone, or older than ten
 * minutes, is taken over.
 */
export async function withBuildLock<T>(
  work: () => Promise<T>,
  lock = path.join(os.tmpdir(), "repdesk-web-build.lock"),
): Promise<T> {
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch {
      try {
        if (ownerIsGone(lock) || fileSystemNow() - statSync(lock).mtimeMs > 10 * 60_000) unlinkSync(lock);
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Builds web/dist if needed; never throws (the runtime then serves what there is). `env` goes to
 * the build; its TAG_MANAGER_ID (none when empty) is the container the site must be built with,
 * so a build for another container (e.g. `TAG_MANAGER_ID=… npm run build:web`) counts as stale.
 */
export async function ensureWebBuild(
  rootDir: string,
  distDir: string,
  log: (message: string) => void,
  env: Record<string, string> = {},
): Promise<void> {
  const container = env.TAG_MANAGER_ID ? [env.TAG_MANAGER_ID] : [];
  const need = (): BuildNeed => {
    const byTime = webBuildNeed(rootDir, distDir);
    if (byTime !== "fresh") return byTime;
    return builtTagManagerIds(distDir).join() === container.join() ? "fresh" : "stale";
  };
  if (need() === "fresh") return;
  if (webBuildNeed(rootDir, distDir) === "unbuildable") {
    if (!existsSync(path.join(distDir, MARKER)))
      log("[local] infra/site/build.ts does not exist yet: serving a placeholder page");
    return;
  }
  await withBuildLock(async () => {
    const again = need();
    if (again === "fresh") return;
    log(
      `[local] ${distDir} is ${again === "missing" ? "missing" : "older than its sources or built for another container"}`,
    );
    const started = Date.now();
    try {
      await runBuild(rootDir, log, { env });
      log(`[local] web site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      log(
        `[local] the web build failed (${error instanceof Error ? error.message : String(error)}); serving what there is`,
      );
    }
  });
}
