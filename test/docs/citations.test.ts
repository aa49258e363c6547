import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCitationProblems } from "./citations";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A throw-away git repository holding `files`, all committed. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "citations-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "fixture");
  return root;
}

describe("citations", () => {
  it("every citation in this repository points at something it holds", () => {
    const problems = findCitationProblems(REPO_ROOT).map(
      (problem) => `${problem.file}:${problem.line}: ${problem.problem}`,
    );
    expect(problems).toEqual([]);
  });

  it("fails on a citation of a missing file, a broken link and the outside documents", () => {
    // The forbidden names are assembled so that this file does not cite them itself.
    const spec = ["SPEC", "md"].join(".");
    // Its folders (guide/, src/) are not this repository's, so this file does not cite them either.
    const root = repository({
      "guide/product/site.md":
        "# Site\nSee [the API](http-api.md) and [a decision](../decisions/0001-x.md).\n",
      "guide/product/http-api.md": "# API\n",
      "guide/decisions/0001-x.md": "# 0001\nSee guide/product/ and src/page.ts.\n",
      "guide/product/other.md": "[sibling](./gone.md) [up](../../README.md)\n",
      "src/page.ts": [
        "// guide/product/site.md: fine",
        "// guide/product/missing.md: planted",
        "// src/admin-*.ts and src/x-{a,b}.ts: patterns",
        `// as ${spec} section 5 says`,
        `// from ${["..", "shared"].join("/")}/notes`,
        `// fixes ${["issue", "#6"].join(" ")}, see also (${"#"}12)`,
        `// closes ${"#"}13`,
        `// audit${"#"}2025-03, &${"#"}39; and "${"#"}6" are not issues`,
      ].join("\n"),
      "src/page.css": `.a { color: ${"#"}333; border: 1px solid ${"#"}334155; }\n/* see ${"#"}42 */\n`,
      "README.md": "[gone](guide/gone.md) [ok](guide/product/site.md) [web](https://example.com/x.md)\n",
    });
    const problems = findCitationProblems(root).map(
      (problem) => `${problem.file}:${problem.line}: ${problem.problem}`,
    );
    expect(problems).toEqual([
      "README.md:1: cites guide/gone.md, which the repository does not hold",
      "guide/product/other.md:1: links to ./gone.md, which the repository does not hold",
      "src/page.css:2: cites an issue number (say what the code does and why instead)",
      "src/page.ts:2: cites guide/product/missing.md, which the repository does not hold",
      "src/page.ts:4: cites a document the repository does not hold (see docs/product/)",
      "src/page.ts:5: cites a folder outside the repository",
      "src/page.ts:6: cites an issue number (say what the code does and why instead)",
      "src/page.ts:7: cites an issue number (say what the code does and why instead)",
    ]);
  });

  it("every decision record states its date and status near its title", () => {
    const folder = path.join(REPO_ROOT, "docs/decisions");
    const missing = readdirSync(folder)
      .filter((file) => /^\d{4}-.*\.md$/.test(file))
      .filter((file) => {
        const head = readFileSync(path.join(folder, file), "utf8").split("\n").slice(0, 8).join("\n");
        return !/Date:\s*\d{4}-\d{2}-\d{2}/.test(head) || !/Status:\s*\S/.test(head);
      });
    expect(missing).toEqual([]);
  });
});
