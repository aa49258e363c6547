import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localTarget } from "../admin/store";
import {
  defaultDataDir,
  RUNTIME_STATE_FILE,
  type RuntimeState,
  removeRuntimeState,
  runningRuntimeState,
  runningRuntimesOf,
  writeRuntimeState,
} from "./runtime-state";
import { replaceOrigin } from "./site-origin";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function checkout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "repdesk-state-"));
  roots.push(root);
  return root;
}

/** A pid that no longer runs: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

function announce(root: string, port: number, pid: number): RuntimeState {
  const dataDir = defaultDataDir(root, port);
  mkdirSync(dataDir, { recursive: true });
  const state = {
    pid,
    url: `http://localhost:${port}`,
    sesUrl: "http://127.0.0.1:1",
    dynamoEndpoint: `http://127.0.0.1:${port + 1}`,
    dataDir,
    startedAt: "2026-11-23T00:00:00.000Z",
  };
  writeRuntimeState(state);
  return state;
}

describe("local runtime state", () => {
  it("keeps the default port's data in .data and every other port's in .data/port-<n>", () => {
    expect(defaultDataDir("/repo", 3000)).toBe(path.join("/repo", ".data"));
    expect(defaultDataDir("/repo", 3100)).toBe(path.join("/repo", ".data", "port-3100"));
  });

  it("treats a runtime.json whose process has ended as stale", () => {
    const root = checkout();
    const live = announce(root, 3000, process.pid);
    announce(root, 3100, deadPid());
    expect(runningRuntimeState(live.dataDir)).toEqual(live);
    expect(runningRuntimeState(defaultDataDir(root, 3100))).toBeUndefined();
    expect(runningRuntimesOf(root)).toEqual([live]);
  });

  it("removes only its own runtime.json", () => {
    const root = checkout();
    const other = announce(root, 3000, process.pid + 1_000_000);
    removeRuntimeState(other.dataDir);
    expect(existsSync(path.join(other.dataDir, RUNTIME_STATE_FILE))).toBe(true);
    const mine = announce(root, 3000, process.pid);
    removeRuntimeState(mine.dataDir);
    expect(runningRuntimeState(mine.dataDir)).toBeUndefined();
  });

  it("lets npm run admin pick the runtime by PORT, DATA_DIR, DYNAMO_PORT or as the only one", () => {
    const root = checkout();
    expect(localTarget({}, root)).toEqual({ dataDir: defaultDataDir(root, 3000) });
    const a = announce(root, 3100, process.pid);
    expect(localTarget({}, root)).toEqual({ endpoint: a.dynamoEndpoint, dataDir: a.dataDir });
    const b = announce(root, 3200, process.pid);
    expect(() => localTarget({}, root)).toThrow(/2 local runtimes are running .*set PORT/);
    expect(localTarget({ PORT: "3200" }, root)).toEqual({ endpoint: b.dynamoEndpoint, dataDir: b.dataDir });
    expect(localTarget({ DATA_DIR: a.dataDir }, root)).toEqual({
      endpoint: a.dynamoEndpoint,
      dataDir: a.dataDir,
    });
    expect(localTarget({ PORT: "3300" }, root)).toEqual({ dataDir: defaultDataDir(root, 3300) });
    expect(localTarget({ DYNAMO_PORT: "9999" }, root).endpoint).toBe("http://127.0.0.1:9999");
  });
});

describe("the site at another origin", () => {
  it("replaces the build's origin, and only that origin, in text", () => {
    const text =
      '<link rel="canonical" href="http://localhost:3000/pricing"> http://localhost:30001/x "http://localhost:3000"';
    expect(replaceOrigin(text, "http://localhost:3000", "http://localhost:3100")).toBe(
      '<link rel="canonical" href="http://localhost:3100/pricing"> http://localhost:30001/x "http://localhost:3100"',
    );
  });
});
