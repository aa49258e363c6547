import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtTagManagerIds, withBuildLock } from "./web-build";

describe("withBuildLock", () => {
  it("takes over a lock whose owner was killed, and releases its own", async () => {
    const lock = path.join(mkdtempSync(path.join(os.tmpdir(), "build-lock-")), "web-build.lock");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(lock, String(gone));
    const result = await withBuildLock(async () => {
      expect(Number(readFileSync(lock, "utf8"))).toBe(process.pid);
      return "built";
    }, lock);
    expect(result).toBe("built");
    expect(existsSync(lock)).toBe(false);
  });
});

describe("builtTagManagerIds", () => {
  it("names the containers a built site's scripts carry, so a build for another one is not current", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "built-site-"));
    expect(builtTagManagerIds(dir)).toEqual([]);
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "index.js"), 'const c={siteUrl:"http://localhost:3000"};');
    expect(builtTagManagerIds(dir)).toEqual([]);
    writeFileSync(path.join(dir, "assets", "page.js"), 'const c={tagManagerId:"GTM-LOCAL1"};"GTM-LOCAL1"');
    writeFileSync(path.join(dir, "assets", "page.css"), ".GTM-CSS1{}");
    expect(builtTagManagerIds(dir)).toEqual(["GTM-LOCAL1"]);
  });
});
