/**
 * Size limits that keep modules small enough to read in one go: no source file over 400 lines and
 * no React component function over 150 lines (docs/DEVELOPING.md). Tests and generated code aside.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const MAX_FILE_LINES = 400;
export const MAX_COMPONENT_LINES = 150;

/** Source files the limits cover: TypeScript, TSX and CSS outside tests and generated output. */
export function coveredFiles(tracked: readonly string[]): string[] {
  return tracked.filter(
    (file) =>
      /\.(ts|tsx|css)$/.test(file) &&
      !/\.(test|d)\.tsx?$/.test(file) &&
      !file.startsWith("test/") &&
      !file.includes("/dist/") &&
      !file.startsWith("node_modules/"),
  );
}

export function lineCount(text: string): number {
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

export interface ComponentSize {
  readonly name: string;
  readonly lines: number;
}

/** Function components of a TSX source: functions (or arrow functions) named in PascalCase. */
export function componentSizes(fileName: string, text: string): ComponentSize[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const sizes: ComponentSize[] = [];
  const measure = (name: string, node: ts.Node) => {
    if (!/^[A-Z]/.test(name)) return;
    const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    sizes.push({ name, lines: end - start + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) measure(node.name.text, node);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      measure(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

/** Every breach of the limits in the repository's tracked files, one sentence each. */
export function sizeViolations(repo: string, tracked: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of coveredFiles(tracked)) {
    let text: string;
    try {
      text = readFileSync(path.join(repo, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES) found.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
    if (file.endsWith(".tsx"))
      for (const component of componentSizes(file, text))
        if (component.lines > MAX_COMPONENT_LINES)
          found.push(
            `${file}: component ${component.name} has ${component.lines} lines (at most ${MAX_COMPONENT_LINES})`,
          );
  }
  return found;
}
