/**
 * The folder map in docs/DEVELOPING.md ("The folders"), read as a tree: one folder per line, a
 * child indented two spaces under its parent, a folder's name ending in "/". Lines that name a file
 * or a pattern ("<feature>/routes/") are prose, not folders.
 */
export interface MapFolder {
  /** The folder's path from the repository's root, without a trailing slash. */
  readonly path: string;
  /** The text after the name: what the map says the folder is for. */
  readonly says: string;
}

const FOLDER_LINE = /^( *)([a-z][a-z0-9-]*\/(?:[a-z][a-z0-9-]*\/)*)(?=\s|$)(.*)$/;

/** The folders of the map's first code block under `heading`, in the order they appear. */
export function mapFolders(markdown: string, heading = "## The folders"): MapFolder[] {
  const section = markdown.slice(markdown.indexOf(heading));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`no code block under "${heading}"`);
  const stack: { depth: number; path: string }[] = [];
  const folders: MapFolder[] = [];
  for (const line of block.split("\n")) {
    const match = FOLDER_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length;
    while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const name = (match[2] ?? "").replace(/\/$/, "");
    const path = [stack.at(-1)?.path, name].filter(Boolean).join("/");
    stack.push({ depth, path });
    folders.push({ path, says: (match[3] ?? "").trim() });
  }
  return folders;
}

/** The features a sentence "The features: a/ · b/ · c/." names. */
export function namedFeatures(markdown: string): string[] {
  const line = /^The features: (.*)\.$/m.exec(markdown)?.[1] ?? "";
  return line
    .split("·")
    .map((name) => name.trim().replace(/\/$/, ""))
    .filter(Boolean);
}
