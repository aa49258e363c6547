/**
 * One home per concept (docs/DEVELOPING.md), checked on the syntax trees of the sources with the
 * TypeScript compiler API:
 *
 * - `TransactItem` and `sleep` are declared (or imported under that name) only in
 *   functions/lib/transact.ts;
 * - every property or parameter typed `Clock` is named `clock`;
 * - `.normalize("NFKC")` / `.normalize("NFKD")` (or with a form only known at run time) is called
 *   only by the identity rule (functions/model/identity.ts); the lead index's search folding uses
 *   its canonical form;
 * - no export is a second name for something else (`export const formatTimestamp = formatTeamTime`,
 *   `export { a as b }`);
 * - a lead kind's plural is mapped only in events/desk.ts (LEAD_PLURALS): no `signup: "signups"`,
 *   no `signup: { plural: "signups" }`, no `signups: "signup"`, no `plural === "signups" ? "signup" : ...`, no list of the plurals;
 * - zod is jitless from one place, events/jitless.ts: every module that imports zod as a value
 *   imports that module right after it, so no schema is built before `jitless` is set (the CSP
 *   allows no eval), and nothing else calls `z.config` or sets `__zod_globalConfig`.
 *
 * Each check reads one parsed file and returns its problems, one sentence each.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface Source {
  /** Repository-relative, with forward slashes. */
  readonly file: string;
  readonly text: string;
}

const TRANSACT_HOME = "functions/lib/transact.ts";
const TRANSACT_NAMES = new Set(["TransactItem", "sleep"]);
const NORMALIZE_HOMES = new Set(["functions/model/identity.ts"]);
const PLURALS_HOME = "events/desk.ts";
const PLURAL_OF: Readonly<Record<string, string>> = { signup: "signups", contact: "contacts" };
const KIND_OF: Readonly<Record<string, string>> = { signups: "signup", contacts: "contact" };

/** The non-test sources of `roots` (repository-relative folders). */
export function readSources(repo: string, roots: readonly string[]): Source[] {
  return roots.flatMap((root) =>
    readdirSync(path.join(repo, root), { recursive: true, withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name),
      )
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return { file: path.relative(repo, full).replaceAll("\\", "/"), text: readFileSync(full, "utf8") };
      }),
  );
}

function parse(source: Source): ts.SourceFile {
  const kind = source.file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function where(file: ts.SourceFile, node: ts.Node): string {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName}:${line + 1}`;
}

const isStringLike = (
  node: ts.Node | undefined,
): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));

const nameText = (name: ts.Node | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name))
    ? name.text
    : undefined;

/** `TransactItem` or `sleep` declared or imported under that name outside functions/lib/transact.ts. */
export function transactProblems(file: ts.SourceFile): string[] {
  if (file.fileName === TRANSACT_HOME) return [];
  const found: string[] = [];
  walk(file, (node) => {
    const declares =
      ts.isTypeAliasDeclaration(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isEnumDeclaration(node) ||
      ts.isVariableDeclaration(node) ||
      (ts.isImportSpecifier(node) && node.propertyName !== undefined);
    const name = declares ? nameText(node.name) : undefined;
    if (name && TRANSACT_NAMES.has(name))
      found.push(
        `${where(file, node)} declares ${name}: its one home is ${TRANSACT_HOME}; import it from there`,
      );
  });
  return found;
}

/** Whether a type node is `Clock`, alone or in a union (`Clock | undefined`). */
function isClockType(type: ts.TypeNode | undefined): boolean {
  if (!type) return false;
  if (ts.isUnionTypeNode(type)) return type.types.some(isClockType);
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === "Clock";
}

/** A property or parameter typed `Clock` and named anything but `clock`. */
export function clockProblems(file: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(file, (node) => {
    if (!ts.isParameter(node) && !ts.isPropertySignature(node) && !ts.isPropertyDeclaration(node)) return;
    if (!isClockType(node.type)) return;
    const name = nameText(node.name);
    if (name !== "clock")
      found.push(
        `${where(file, node)} names a Clock "${name ?? node.name.getText(file)}": every Clock is named clock`,
      );
  });
  return found;
}

/** `.normalize("NFKC" | "NFKD")`, or a form known only at run time, outside the identity rule. */
export function normalizeProblems(file: ts.SourceFile): string[] {
  if (NORMALIZE_HOMES.has(file.fileName)) return [];
  const found: string[] = [];
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    if (node.expression.name.text !== "normalize") return;
    const form = node.arguments[0];
    if (form === undefined) return; // NFC, the default
    if (isStringLike(form) && (form.text === "NFC" || form.text === "NFD")) return;
    found.push(
      `${where(file, node)} normalizes with ${form.getText(file)}: compatibility folding is the identity rule's (functions/model/identity.ts)`,
    );
  });
  return found;
}

/** An export that is only a second name for something else. */
export function aliasProblems(file: ts.SourceFile): string[] {
  const found: string[] = [];
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && ts.isIdentifier(init) && ts.isIdentifier(declaration.name))
          found.push(
            `${where(file, declaration)} exports ${declaration.name.text}, another name for ${init.text}: use ${init.text}`,
          );
      }
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const element of statement.exportClause.elements)
        if (element.propertyName && nameText(element.propertyName) !== element.name.text)
          found.push(
            `${where(file, element)} exports ${nameText(element.propertyName)} as ${element.name.text}: one name each`,
          );
  }
  return found;
}

/** A mapping between a lead kind and its plural, or a list of the plurals, outside events/desk.ts. */
export function pluralProblems(file: ts.SourceFile): string[] {
  if (file.fileName === PLURALS_HOME) return [];
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${where(file, node)} ${what}: a kind's plural is events/desk.ts LEAD_PLURALS / kindOfPlural`);
  walk(file, (node) => {
    if (ts.isPropertyAssignment(node) && isStringLike(node.initializer)) {
      const key = nameText(node.name);
      const value = node.initializer.text;
      if (key && (PLURAL_OF[key] === value || KIND_OF[key] === value))
        report(node, `maps ${key} to ${value}`);
      // `signup: { ..., plural: "signups" }`: the kind's entry of a table names its plural.
      const owner = node.parent.parent;
      const kind = owner && ts.isPropertyAssignment(owner) ? nameText(owner.name) : undefined;
      if (kind && PLURAL_OF[kind] === value && key !== kind)
        report(node, `gives ${kind} the plural ${value}`);
    }
    if (ts.isConditionalExpression(node)) {
      const branches = [node.whenTrue, node.whenFalse].filter(isStringLike).map((branch) => branch.text);
      let tested: string | undefined;
      walk(node.condition, (inner) => {
        if (isStringLike(inner) && (inner.text in PLURAL_OF || inner.text in KIND_OF)) tested = inner.text;
      });
      const answer = tested && (PLURAL_OF[tested] ?? KIND_OF[tested]);
      if (answer && branches.includes(answer)) report(node, `turns ${tested} into ${answer}`);
    }
    if (ts.isArrayLiteralExpression(node)) {
      const texts = new Set(node.elements.filter(isStringLike).map((element) => element.text));
      if (Object.values(PLURAL_OF).every((plural) => texts.has(plural))) report(node, "lists the plurals");
    }
  });
  return found;
}

const JITLESS_HOME = "events/jitless.ts";

/** The module specifier of events/jitless.ts as `file` imports it. */
function jitlessSpecifier(fileName: string): string {
  const relative = path.posix.relative(path.posix.dirname(fileName), JITLESS_HOME.replace(/\.ts$/, ""));
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/**
 * A value import of zod not followed at once by the import of events/jitless.ts, or zod configured
 * anywhere else (`.config(` on zod's namespace, `__zod_globalConfig`).
 */
export function jitlessProblems(file: ts.SourceFile): string[] {
  if (file.fileName === JITLESS_HOME) return [];
  const found: string[] = [];
  const statements = file.statements;
  statements.forEach((statement, index) => {
    if (!ts.isImportDeclaration(statement) || !isStringLike(statement.moduleSpecifier)) return;
    if (statement.moduleSpecifier.text !== "zod" || statement.importClause?.isTypeOnly) return;
    const next = statements[index + 1];
    const followed =
      next !== undefined &&
      ts.isImportDeclaration(next) &&
      next.importClause === undefined &&
      isStringLike(next.moduleSpecifier) &&
      next.moduleSpecifier.text === jitlessSpecifier(file.fileName);
    if (!followed)
      found.push(
        `${where(file, statement)} imports zod without importing "${jitlessSpecifier(file.fileName)}" next: zod must be jitless before any schema is built (${JITLESS_HOME})`,
      );
  });
  walk(file, (node) => {
    if (ts.isIdentifier(node) && node.text === "__zod_globalConfig")
      found.push(`${where(file, node)} sets zod's configuration: its one home is ${JITLESS_HOME}`);
    const configOfZod =
      (ts.isPropertyAccessExpression(node) &&
        node.name.text === "config" &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "z") ||
      (ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer !== undefined &&
        ts.isIdentifier(node.initializer) &&
        node.initializer.text === "z" &&
        node.name.elements.some((element) => nameText(element.propertyName ?? element.name) === "config"));
    if (configOfZod) found.push(`${where(file, node)} configures zod: its one home is ${JITLESS_HOME}`);
  });
  return found;
}

/** Which checks read which files: the plural table covers the web app too. */
const CHECKS: readonly {
  readonly roots: readonly string[];
  readonly check: (file: ts.SourceFile) => string[];
}[] = [
  { roots: ["functions/", "events/"], check: transactProblems },
  { roots: ["functions/", "events/"], check: clockProblems },
  { roots: ["functions/", "events/"], check: normalizeProblems },
  { roots: ["functions/", "events/"], check: aliasProblems },
  { roots: ["functions/", "events/", "web/src/"], check: pluralProblems },
  { roots: ["functions/", "events/", "web/src/"], check: jitlessProblems },
];

/** Every problem of every check that covers each source. */
export function oneHomeProblems(sources: readonly Source[]): string[] {
  return sources.flatMap((source) => {
    const checks = CHECKS.filter(({ roots }) => roots.some((root) => source.file.startsWith(root)));
    if (checks.length === 0) return [];
    const file = parse(source);
    return checks.flatMap(({ check }) => check(file));
  });
}
