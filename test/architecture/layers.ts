/**
 * The direction rule of functions/ (docs/DEVELOPING.md): kit ← model ← features ← routes.
 *
 * - functions/lib/ (the kit) imports only itself and events/;
 * - functions/model/ and functions/registry.ts add the kit;
 * - a feature (each of FEATURES below, a folder of functions/) adds the model, and never
 *   imports another feature: what two features share moves down into the model or the kit;
 * - a feature's routes/ folder (the modules the registry names) adds its own feature; nothing
 *   below imports a routes module;
 * - events/ imports only events/; nothing in functions/ or events/ imports infra/, web/ or test/;
 * - web/ (the app) imports nothing from infra/ or functions/: infra/ builds the site (infra/site/)
 *   and functions/ answer it over HTTP; what the app shares with them is in events/;
 * - web/src has floors of its own: the kit (routing/, forms/, analytics/, seo/, content/, boot/ and
 *   the single files) ← components/ ← the screens (pages/, commandcenter/) ← the app (app/: the
 *   route table and what mounts it; mount.tsx, entry-*.tsx). A file imports its own floor or lower;
 * - no two files import each other, directly or through others, and no two folders either.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const FEATURES = ["pipeline", "leads", "staff", "privacy", "integrations"] as const;

export interface Place {
  /** 0 kit, 1 model, 2 feature, 3 routes; events/ is -1 (below everything). */
  readonly layer: number;
  readonly feature?: string;
}

/** Where a repository path sits, or undefined for a file the rule does not cover. */
export function placeOf(file: string): Place | undefined {
  const parts = file.split("/");
  if (parts[0] === "events") return { layer: -1 };
  if (parts[0] !== "functions") return undefined;
  const top = parts[1] ?? "";
  if (top === "lib") return { layer: 0 };
  if (top === "model" || file === "functions/registry.ts") return { layer: 1 };
  if ((FEATURES as readonly string[]).includes(top))
    return { layer: parts[2] === "routes" ? 3 : 2, feature: top };
  return { layer: 99 };
}

const WEB_FLOOR_NAMES = ["the kit", "components/", "a screen (pages/, commandcenter/)", "the app"] as const;

/** A web/src file's floor: 0 the kit, 1 components, 2 screens, 3 the app; undefined outside web/src. */
export function webFloorOf(file: string): number | undefined {
  if (!file.startsWith("web/src/")) return undefined;
  const rest = file.slice("web/src/".length);
  const top = rest.split("/")[0] ?? "";
  if (top === "app" || /^(mount|entry-client|entry-server)\.tsx$/.test(rest)) return 3;
  if (top === "pages" || top === "commandcenter") return 2;
  if (top === "components") return 1;
  return 0;
}

const LAYER_NAMES: Record<number, string> = {
  [-1]: "events/",
  0: "the kit (functions/lib)",
  1: "the model (functions/model, functions/registry.ts)",
  2: "a feature",
  3: "a feature's routes",
};

/** Why `from` may not import `to`, or undefined when it may. */
export function violation(from: string, to: string): string | undefined {
  if (from.startsWith("web/")) {
    if (to.startsWith("infra/") || to.startsWith("functions/"))
      return `${from} imports ${to}: web/ is the app and imports nothing from infra/ or functions/; share plain shapes through events/, and keep build scripts in infra/site/`;
    const [source, target] = [webFloorOf(from), webFloorOf(to)];
    return source !== undefined && target !== undefined && target > source
      ? `${from} imports ${to}: ${WEB_FLOOR_NAMES[source]} may not import ${WEB_FLOOR_NAMES[target]} (upward); move what both need down, into the kit`
      : undefined;
  }
  const source = placeOf(from);
  if (!source) return undefined;
  const target = placeOf(to);
  if (!target) {
    return to.startsWith("functions/") || to.startsWith("events/")
      ? undefined
      : `${from} imports ${to}: functions/ and events/ import nothing from infra/, web/ or test/`;
  }
  if (source.layer === 99) return `${from} is in no layer: put it in lib/, model/ or a feature`;
  if (target.layer === 99) return `${from} imports ${to}, which is in no layer`;
  if (target.layer > source.layer)
    return `${from} imports ${to}: ${LAYER_NAMES[source.layer]} may not import ${LAYER_NAMES[target.layer]} (upward)`;
  if (source.feature && target.feature && source.feature !== target.feature)
    return `${from} imports ${to}: feature ${source.feature} may not import feature ${target.feature}; move what they share down into functions/model or functions/lib`;
  return undefined;
}

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every file of `roots` (repository-relative folders) with the repository files it imports. */
export function importGraph(repo: string, roots: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  const files = roots.flatMap((root) => sourceFiles(repo, root));
  const known = new Set(files);
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(repo, file), "utf8"), true, true);
    const targets = info.importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolveImport(repo, file, name, known));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function sourceFiles(repo: string, root: string): string[] {
  return readdirSync(path.join(repo, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repo, path.join(entry.parentPath, entry.name)).replaceAll("\\", "/"));
}

function resolveImport(repo: string, from: string, name: string, known: ReadonlySet<string>): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (known.has(candidate)) return candidate;
  void repo;
  return base;
}

/** Every import the rule forbids, one sentence each. */
export function directionViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets) {
      const why = violation(from, to);
      if (why) found.push(why);
    }
  return found;
}

/** The strongly connected groups of more than one node (Tarjan), each sorted. */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, lowlinks.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** The same graph between folders: a folder imports another when one of its files does. */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const folder = path.posix.dirname(from);
    const into = folders.get(folder) ?? new Set<string>();
    for (const to of targets) {
      const target = path.posix.dirname(to);
      if (target !== folder) into.add(target);
    }
    folders.set(folder, into);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}
