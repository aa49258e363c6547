/**
 * Citations must point at something the repository holds. Every tracked text file is read; it
 * fails on:
 * - a path under one of the repository's top-level folders (`docs/…`, `functions/…`, …) or a
 *   Markdown link to a relative path that names no tracked file or folder;
 * - a mention of documents or trackers the repository does not hold: the product's original spec
 *   and design notes, the folder they came from, or numbered issues. The product's own reference is
 *   docs/product/.
 *
 * Run by `npm test` (test/docs/citations.test.ts); `npx tsx test/docs/citations.ts` prints the list.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainModule } from "../../infra/main-module";

export interface CitationProblem {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly problem: string;
}

/** "#13" standing alone: not an HTML entity (`&#39;`), a key part (`audit#2025`) or a string. */
const BARE_NUMBER = /(?<![\w&#/\\"'`$.:-])#(\d{1,6})(?![\w-])/g;
/** A line that sets a colour, where "#333" is one. */
const COLOUR_CONTEXT = /\b(colou?r|background|border|fill|stroke|shadow|outline|gradient)\b|:\s*#\d/i;

/** The word issue with a number, a number in brackets, GH-n, a bare "#n" (not a colour like `#333`). */
const issueNumber = {
  test(text: string): boolean {
    if (/\b[Ii]ssues? ?#? ?\d+\b|\(#\d+\)|\bGH-\d+\b/.test(text)) return true;
    return [...text.matchAll(BARE_NUMBER)].some(
      (match) => ![3, 4, 6, 8].includes(match[1]?.length ?? 0) || !COLOUR_CONTEXT.test(text),
    );
  },
};

/** Written so that this file does not match itself. */
const FORBIDDEN: readonly { pattern: { test(text: string): boolean }; problem: string }[] = [
  {
    pattern: new RegExp(["SPEC", "DESIGN"].map((name) => `\\b${name}\\.md\\b`).join("|")),
    problem: "cites a document the repository does not hold (see docs/product/)",
  },
  { pattern: issueNumber, problem: "cites an issue number (say what the code does and why instead)" },
];

/**
 * Relative paths that climb to a folder named like the one beside the repository: fine when they
 * resolve to a folder of the repository from the file (an import of web/src/commandcenter/common/),
 * a citation of the folder outside it otherwise.
 */
const SIBLING_FOLDER = new RegExp(`(?:\\.\\./)+${"shared"}\\b`, "g");

/** Folders whose paths are build or run output, never tracked. */
const GENERATED = ["web/dist/", "cdk.out/", ".data/", "node_modules/", "infra/build/out/", "test-results/"];

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|json|css|html|ya?ml|sh|txt)$|^\.ci\//;

function trackedFiles(root: string): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && file !== "package-lock.json");
}

/** Paths that start at the repository root: `docs/…`, `infra/local/…`, `.ci/run`. */
function rootPathPattern(topLevel: readonly string[]): RegExp {
  const names = topLevel.map((name) => name.replace(/[.]/g, "\\.")).join("|");
  return new RegExp(`(?<![\\w./@-])(?:${names})/[\\w./\\[\\]-]*[\\w/]`, "g");
}

const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g;

function isCheckable(candidate: string, next = ""): boolean {
  // Patterns, templates and placeholders name no single file.
  return !/[*{}<>$]|\.\.\.|…/.test(candidate) && !/^[\w.-]*[*{<$]/.test(next);
}

/** Decision records are dated history: a path the repository held once may be named there. */
function heldOnce(root: string, candidate: string): boolean {
  const log = execFileSync("git", ["log", "--all", "--oneline", "-1", "--", candidate], {
    cwd: root,
    encoding: "utf8",
  });
  return log.trim() !== "";
}

export function findCitationProblems(
  root: string,
  files: readonly string[] = trackedFiles(root),
): CitationProblem[] {
  const tracked = new Set(files);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    for (let index = 1; index < parts.length; index += 1) folders.add(parts.slice(0, index).join("/"));
  }
  const exists = (candidate: string) => {
    const clean = candidate.replace(/\/+$/, "").replace(/[.,:;]+$/, "");
    if (GENERATED.some((prefix) => `${clean}/`.startsWith(prefix))) return true;
    if (tracked.has(clean) || folders.has(clean) || clean === "") return true;
    // A decision by number: docs/decisions/0033 names docs/decisions/0033-fault-tests.md.
    return /^docs\/decisions\/\d{4}$/.test(clean) && files.some((file) => file.startsWith(`${clean}-`));
  };
  const topLevel = [...new Set(files.map((file) => file.split("/")[0] ?? ""))].filter(
    (name) => name !== "" && folders.has(name),
  );
  const rootPath = rootPathPattern(topLevel);
  const problems: CitationProblem[] = [];
  for (const file of files) {
    if (!TEXT_FILE.test(file) || !existsSync(path.join(root, file))) continue;
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((text, index) => {
      const report = (problem: string) =>
        problems.push({ file, line: index + 1, text: text.trim(), problem });
      const missing = new Set<string>();
      for (const { pattern, problem } of FORBIDDEN) if (pattern.test(text)) report(problem);
      for (const match of text.matchAll(SIBLING_FOLDER)) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[0]));
        if (resolved.startsWith("..") || !folders.has(resolved))
          report("cites a folder outside the repository");
      }
      for (const match of text.matchAll(rootPath)) {
        const cited = match[0];
        const next = text.slice((match.index ?? 0) + cited.length);
        if (!isCheckable(cited, next) || exists(cited)) continue;
        if (file.startsWith("docs/decisions/") && heldOnce(root, cited)) continue;
        missing.add(cited);
        report(`cites ${cited}, which the repository does not hold`);
      }
      if (file.endsWith(".md")) {
        for (const match of text.matchAll(MARKDOWN_LINK)) {
          const target = match[1] ?? "";
          if (/^[a-z]+:/i.test(target) || target.startsWith("/") || !isCheckable(target)) continue;
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
          if (missing.has(target)) continue;
          if (resolved.startsWith("..") || !exists(resolved))
            report(`links to ${target}, which the repository does not hold`);
        }
      }
    });
  }
  return problems;
}

if (isMainModule(import.meta.url)) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const problems = findCitationProblems(root);
  for (const problem of problems)
    console.log(`${problem.file}:${problem.line}: ${problem.problem}\n    ${problem.text}`);
  console.log(
    problems.length === 0 ? "citations: all point inside the repository" : `${problems.length} problem(s)`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
