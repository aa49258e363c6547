import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtTagManagerIds, fileSystemNow, markBuilt, webBuildNeed, withBuildLock } from "./web-build";

describe("webBuildNeed", () => {
  it("counts a published build as fresh: the renames that publish it change web/ itself", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "web-build-need-"));
    mkdirSync(path.join(root, "infra/site"), { recursive: true });
    writeFileSync(path.join(root, "infra/site/build.ts"), "");
    // A source of the site in the temporary repository (joined, not a path of this repository).
    const app = path.join(root, "web", "src", "app.tsx");
    mkdirSync(path.dirname(app), { recursive: true });
    writeFileSync(app, "");
    // Times by the file system's clock, which is what the check compares.
    const now = fileSystemNow();
    const sourcesWritten = new Date(now - 60_000);
    for (const source of [app, path.dirname(app), "infra/site/build.ts", "infra/site", "infra"])
      utimesSync(path.resolve(root, source), sourcesWritten, sourcesWritten);
    // As infra/site/build.ts publishes: built beside web/dist, then renamed into place.
    const building = path.join(root, "web", ".dist-build-1");
    mkdirSync(building);
    writeFileSync(path.join(building, "index.html"), "<!doctype html>");
    const builtAt = new Date(now - 30_000);
    utimesSync(path.join(building, "index.html"), builtAt, builtAt);
    const distDir = path.join(root, "web", "dist");
    renameSync(building, distDir);

    // web/ was changed after index.html was written: unstamped, the build looks stale.
    expect(webBuildNeed(root, distDir)).toBe("stale");
    markBuilt(distDir);
    expect(webBuildNeed(root, distDir)).toBe("fresh");
    // A source edited after the build still makes it stale.
    writeFileSync(app, "edited");
    utimesSync(app, new Date(fileSystemNow() + 60_000), new Date(fileSystemNow() + 60_000));
    expect(webBuildNeed(root, distDir)).toBe("stale");
  });
});

describe("webBuildNeed, a stamp from the future", () => {
  it("counts a build stamped ahead of the file clock as stale, so later edits are not hidden", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "web-build-future-"));
    mkdirSync(path.join(root, "infra/site"), { recursive: true });
    writeFileSync(path.join(root, "infra/site/build.ts"), "");
    const distDir = path.join(root, "web", "dist");
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, "index.html"), "<!doctype html>");
    const aYearAhead = new Date(fileSystemNow() + 365 * 86_400_000);
    utimesSync(path.join(distDir, "index.html"), aYearAhead, aYearAhead);
    expect(webBuildNeed(root, distDir)).toBe("stale");
    markBuilt(distDir);
    expect(webBuildNeed(root, distDir)).toBe("fresh");
  });
});

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
