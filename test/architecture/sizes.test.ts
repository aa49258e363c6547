import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { componentSizes, lineCount, sizeViolations } from "./sizes";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const tracked = execFileSync("git", ["ls-files"], { cwd: repo, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);

describe("size limits (docs/DEVELOPING.md)", () => {
  it("no source file over 400 lines, no React component over 150 lines", () => {
    expect(sizeViolations(repo, tracked)).toEqual([]);
  });

  it("measures components however they are written", () => {
    const body = Array.from({ length: 3 }, () => "  <p />;").join("\n");
    const text = [
      `export function Page() {\n${body}\n}`,
      `const Card = () => {\n${body}\n};`,
      `function helper() {\n${body}\n}`,
    ].join("\n");
    expect(componentSizes("x.tsx", text)).toEqual([
      { name: "Page", lines: 5 },
      { name: "Card", lines: 5 },
    ]);
    expect(lineCount("a\nb\n")).toBe(2);
  });
});
