import { execFileSync } from "node:child_process";
import path from "node:path";
import type { PluginBuild } from "esbuild";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../repo-root";
import { lambdaTrimsPlugin } from "./trims";

/** The filters of the plugin's onLoad hooks (the files whose contents it replaces). */
function loadFilters(): RegExp[] {
  const filters: RegExp[] = [];
  const build = {
    onResolve: () => {},
    onLoad: (options: { filter: RegExp; namespace?: string }) => {
      if (!options.namespace) filters.push(options.filter);
    },
  } as unknown as PluginBuild; // only the two hooks setup calls
  void lambdaTrimsPlugin().setup(build);
  return filters;
}

describe("the bundle trims", () => {
  it("rewrite only third-party files: the SDK clients' schemas and zod's locale index, none of ours", () => {
    const filters = loadFilters();
    const rewrites = (file: string) => filters.some((filter) => filter.test(file));
    expect(
      rewrites(path.join(REPO_ROOT, "node_modules/@aws-sdk/client-sesv2/dist-es/schemas/schemas_0.js")),
    ).toBe(true);
    expect(rewrites(path.join(REPO_ROOT, "node_modules/zod/v4/locales/index.js"))).toBe(true);
    const ours = execFileSync("git", ["ls-files", "functions", "events", "infra", "web/src"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((file) => rewrites(path.join(REPO_ROOT, file)))).toEqual([]);
  });
});
