/**
 * One environment contract (docs/decisions/0083-one-environment-contract.md): within functions/,
 * only functions/lib/env.ts reads `process.env`. Tests beside the code play the platform's part
 * (they set the environment) and are not shipped; scripts under infra/ and test/ are not functions.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const ENV_MODULE = "functions/lib/env.ts";

/** The lines of a source that reach `process.env`, however written (comments and strings aside). */
function environmentReads(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const isProcess = (node: ts.Node) => /(^|\.)process$/.test(node.getText(source).replace(/\s/g, ""));
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    const hit =
      (ts.isPropertyAccessExpression(node) && node.name.text === "env" && isProcess(node.expression)) ||
      (ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === "env" &&
        isProcess(node.expression)) ||
      (ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer !== undefined &&
        isProcess(node.initializer) &&
        node.name.elements.some(
          (element) => (element.propertyName ?? element.name).getText(source) === "env",
        ));
    if (hit) lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function functionSources(): string[] {
  return readdirSync(path.join(repo, "functions"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repo, path.join(entry.parentPath, entry.name)).replaceAll("\\", "/"));
}

describe("the environment contract", () => {
  it("is the only code in functions/ that reads process.env", () => {
    const files = functionSources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      environmentReads(file, readFileSync(path.join(repo, file), "utf8")).map((line) => `${file}:${line}`),
    );
    expect(found.filter((place) => !place.startsWith(`${ENV_MODULE}:`))).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });

  it("finds a read however it is written, and not in comments or strings (planted)", () => {
    const planted = [
      "const a = process.env.SITE_URL;",
      'const b = process["env"].SITE_URL;',
      "const { env } = process;",
      "const c = globalThis.process.env;",
      "// process.env in a comment",
      'const d = "process.env in a string";',
    ].join("\n");
    expect(environmentReads("planted.ts", planted)).toEqual([1, 2, 3, 4]);
  });
});
