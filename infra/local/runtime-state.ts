/**
 * Where a local runtime keeps its data, and how other commands on the machine find a running one
 * (docs/decisions/0049-local-runtime-ports.md).
 *
 * - The data folder follows the site's port, so that two runtimes of one checkout started with
 *   different PORT values never share a store: `.data/` for the default port 3000, `.data/port-<n>/`
 *   for any other (DATA_DIR overrides both).
 * - A running runtime writes `runtime.json` (its pid, URL and stand-in addresses) into its data
 *   folder and removes it when it stops. `npm run admin` reads it to reach the runtime's DynamoDB,
 *   whatever free port that got. A file left by a killed runtime is recognised as stale: its pid no
 *   longer runs (the caller also checks that the endpoint answers, in case the pid was reused).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DEFAULT_SITE_PORT = 3000;
export const RUNTIME_STATE_FILE = "runtime.json";
const PORT_FOLDER = /^port-(\d+)$/;

/** The data folder of a runtime on `port` in the checkout at `repoRoot` (when DATA_DIR is not set). */
export function defaultDataDir(repoRoot: string, port: number): string {
  const base = path.join(repoRoot, ".data");
  return port === DEFAULT_SITE_PORT ? base : path.join(base, `port-${port}`);
}

export interface RuntimeState {
  readonly pid: number;
  readonly url: string;
  readonly sesUrl: string;
  readonly dynamoEndpoint: string;
  readonly dataDir: string;
  readonly startedAt: string;
}

function stateFile(dataDir: string): string {
  return path.join(dataDir, RUNTIME_STATE_FILE);
}

export function writeRuntimeState(state: RuntimeState): void {
  writeFileSync(stateFile(state.dataDir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the state file if it is still this process's (a later runtime may have replaced it). */
export function removeRuntimeState(dataDir: string, pid: number = process.pid): void {
  const state = readStateFile(dataDir);
  if (state?.pid === pid) rmSync(stateFile(dataDir), { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readStateFile(dataDir: string): RuntimeState | undefined {
  try {
    const parsed = JSON.parse(readFileSync(stateFile(dataDir), "utf8")) as Partial<RuntimeState>;
    if (
      typeof parsed.pid !== "number" ||
      typeof parsed.url !== "string" ||
      typeof parsed.sesUrl !== "string" ||
      typeof parsed.dynamoEndpoint !== "string"
    )
      return undefined;
    return { ...(parsed as RuntimeState), dataDir };
  } catch {
    return undefined;
  }
}

/** The runtime whose data is in `dataDir`, if one runs (a stale file is ignored). */
export function runningRuntimeState(dataDir: string): RuntimeState | undefined {
  const state = readStateFile(dataDir);
  return state && isRunning(state.pid) ? state : undefined;
}

/** Every running runtime of the checkout at `repoRoot` with a default data folder (`.data/`, `.data/port-*`). */
export function runningRuntimesOf(repoRoot: string): RuntimeState[] {
  const base = path.join(repoRoot, ".data");
  if (!existsSync(base)) return [];
  const folders = [
    base,
    ...readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && PORT_FOLDER.test(entry.name))
      .map((entry) => path.join(base, entry.name)),
  ];
  return folders.flatMap((folder) => {
    const state = runningRuntimeState(folder);
    return state ? [state] : [];
  });
}
