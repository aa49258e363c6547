import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withBuildLock } from "./web-build";

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
