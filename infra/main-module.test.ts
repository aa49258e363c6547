import { mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isMainModule } from "./main-module";

const here = fileURLToPath(import.meta.url);

describe("isMainModule", () => {
  it("is true for the started script, whether named relatively, absolutely or through a link", () => {
    expect(isMainModule(import.meta.url, here)).toBe(true);
    expect(isMainModule(import.meta.url, path.relative(process.cwd(), here))).toBe(true);
    const link = path.join(mkdtempSync(path.join(os.tmpdir(), "main-module-")), "link.ts");
    symlinkSync(here, link);
    expect(isMainModule(import.meta.url, link)).toBe(true);
  });

  it("is false for another script, a missing one, or none", () => {
    expect(isMainModule(import.meta.url, path.join(path.dirname(here), "main-module.ts"))).toBe(false);
    expect(isMainModule(import.meta.url, "/nonexistent/script.ts")).toBe(false);
    expect(isMainModule(import.meta.url, undefined)).toBe(false);
  });
});
