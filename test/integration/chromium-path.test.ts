/**
 * test/support/chromium-path.ts: which browser the browser tests, the web bench and the og-image
 * renderer start. A fake file-exists function stands for the machine; one case uses the real one.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM_LOCATIONS, CHROMIUM_NOT_FOUND, chromiumPath } from "../support/chromium-path";

/** A machine on which exactly `files` exist. */
const machine = (...files: string[]) => {
  const asked: string[] = [];
  return {
    asked,
    exists: (file: string) => {
      asked.push(file);
      return files.includes(file);
    },
  };
};

describe("chromiumPath", () => {
  it("takes CHROMIUM_PATH first, then CHROME_PATH", () => {
    const { exists } = machine("/opt/a/chromium", "/opt/b/chrome", "/usr/bin/chromium");
    expect(
      chromiumPath({ env: { CHROMIUM_PATH: "/opt/a/chromium", CHROME_PATH: "/opt/b/chrome" }, exists }),
    ).toBe("/opt/a/chromium");
    expect(chromiumPath({ env: { CHROME_PATH: "/opt/b/chrome" }, exists })).toBe("/opt/b/chrome");
    expect(chromiumPath({ env: { CHROMIUM_PATH: "  ", CHROME_PATH: "/opt/b/chrome" }, exists })).toBe(
      "/opt/b/chrome",
    );
  });

  it("says which variable names a path where no browser is, rather than guessing another", () => {
    const { exists } = machine("/usr/bin/chromium");
    expect(() => chromiumPath({ env: { CHROMIUM_PATH: "/nowhere/chromium" }, exists })).toThrow(
      'CHROMIUM_PATH is "/nowhere/chromium", but no browser can be run from there.',
    );
    expect(() => chromiumPath({ env: { CHROME_PATH: "/nowhere/chrome" }, exists })).toThrow(/^CHROME_PATH/);
  });

  it.each([
    ["Debian/Ubuntu", "/usr/bin/chromium"],
    ["Ubuntu's older package, Fedora", "/usr/bin/chromium-browser"],
    ["Google Chrome on Linux", "/usr/bin/google-chrome"],
    ["Google Chrome's stable channel", "/usr/bin/google-chrome-stable"],
    ["snap", "/snap/bin/chromium"],
    ["Google Chrome on macOS", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
    ["Chromium on macOS", "/Applications/Chromium.app/Contents/MacOS/Chromium"],
  ])("finds %s at %s", (_, file) => {
    expect(chromiumPath({ env: {}, exists: machine(file).exists })).toBe(file);
  });

  it("tries the places in order and stops at the first found", () => {
    const probe = machine("/usr/bin/google-chrome", "/snap/bin/chromium");
    expect(chromiumPath({ env: {}, exists: probe.exists })).toBe("/usr/bin/google-chrome");
    expect(probe.asked).toEqual(["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]);
  });

  it("throws one message naming the install command and every place looked in", () => {
    const probe = machine();
    expect(() => chromiumPath({ env: {}, exists: probe.exists })).toThrow(CHROMIUM_NOT_FOUND);
    expect(probe.asked).toEqual([...CHROMIUM_LOCATIONS]);
    expect(CHROMIUM_NOT_FOUND).toContain("apt-get install -y chromium");
    expect(CHROMIUM_NOT_FOUND).toContain("install Google Chrome");
    expect(CHROMIUM_NOT_FOUND).toContain("CHROMIUM_PATH");
    for (const file of CHROMIUM_LOCATIONS) expect(CHROMIUM_NOT_FOUND).toContain(file);
  });

  it("by default asks the file system for an executable file", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "chromium-path-"));
    try {
      const browser = path.join(folder, "chromium");
      writeFileSync(browser, "#!/bin/sh\n");
      chmodSync(browser, 0o644);
      expect(() => chromiumPath({ env: { CHROMIUM_PATH: browser } })).toThrow(/no browser can be run/);
      chmodSync(browser, 0o755);
      expect(chromiumPath({ env: { CHROMIUM_PATH: browser } })).toBe(browser);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
