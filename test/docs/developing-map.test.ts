import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FEATURES } from "../architecture/layers";
import { mapFolders, namedFeatures } from "./developing-map";

const root = fileURLToPath(new URL("../..", import.meta.url));
const developing = readFileSync(path.join(root, "docs/DEVELOPING.md"), "utf8");

/** The folders whose every subfolder the map must name. */
const MAPPED_WHOLE = ["functions", "infra", "web/src", "web/src/commandcenter", "test"];

function subfolders(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`)
    .sort();
}

describe("the folder map in docs/DEVELOPING.md", () => {
  const folders = mapFolders(developing);

  it("names only folders that exist", () => {
    expect(
      folders.map((folder) => folder.path).filter((folder) => !existsSync(path.join(root, folder))),
    ).toEqual([]);
  });

  it.each(MAPPED_WHOLE)("names every folder of %s/, each with what it is for", (parent) => {
    const named = folders.filter((folder) => path.posix.dirname(folder.path) === parent);
    expect(named.map((folder) => folder.path).sort()).toEqual(subfolders(parent));
    expect(named.filter((folder) => folder.says === "").map((folder) => folder.path)).toEqual([]);
  });

  it("names the features of the layer rule, in the map and in the direction rule", () => {
    const mapped = folders
      .filter((folder) => folder.says.startsWith("feature:"))
      .map((folder) => path.posix.basename(folder.path));
    expect(mapped.sort()).toEqual([...FEATURES].sort());
    expect(namedFeatures(developing).sort()).toEqual([...FEATURES].sort());
  });
});

describe("reading the map", () => {
  const sample = [
    "## The folders",
    "```",
    "top/        the top",
    "  inner/      one level in",
    "    deep/       two levels in",
    "  <feature>/routes/  a pattern, not a folder",
    "  file.ts     a file",
    "  second/     back one level",
    "other/      another top",
    "```",
  ].join("\n");

  it("nests by indentation and skips files and patterns", () => {
    expect(mapFolders(sample).map((folder) => folder.path)).toEqual([
      "top",
      "top/inner",
      "top/inner/deep",
      "top/second",
      "other",
    ]);
  });

  it("reads the features sentence", () => {
    expect(namedFeatures("x\nThe features: a/ · b/ · c/.\ny")).toEqual(["a", "b", "c"]);
  });
});
