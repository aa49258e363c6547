import { execFileSync, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type PluginBuild } from "esbuild";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../repo-root";
import { lambdaTrimsPlugin, unavailableExports } from "./trims";

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

describe("zod without its JSON Schema generation", () => {
  it("is asked for by none of the code a function bundles", () => {
    const naming = spawnSync(
      "git",
      ["grep", "-l", "-E", "toJSONSchema|~standard", "--", "functions", "events"],
      {
        cwd: REPO_ROOT,
        encoding: "utf8",
      },
    );
    expect(naming.stdout).toBe("");
  });

  it("still parses, refines and reports in English once bundled, and says so if a schema is asked for", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "zod-trim-"));
    try {
      const outfile = path.join(dir, "probe.mjs");
      await build({
        stdin: {
          contents: [
            'import * as z from "zod";',
            'const Lead = z.object({ name: z.string().trim().min(1, "Name is required"), size: z.enum(["1", "2-5"]).optional() }).strict();',
            'export const ok = Lead.parse({ name: " Ada ", size: "2-5" });',
            'export const issues = Lead.safeParse({ name: "", extra: 1 }).error.issues.map((issue) => issue.message);',
            'export const standard = Lead["~standard"].validate({ name: "Bo" });',
            "export function schema() { return z.toJSONSchema(Lead); }",
            "export function method() { return Lead.toJSONSchema(); }",
          ].join("\n"),
          resolveDir: REPO_ROOT,
          loader: "js",
        },
        bundle: true,
        format: "esm",
        platform: "node",
        outfile,
        metafile: true,
        plugins: [lambdaTrimsPlugin()],
        logLevel: "silent",
      });
      const probe = await import(pathToFileURL(outfile).href);
      expect(probe.ok).toEqual({ name: "Ada", size: "2-5" });
      expect(probe.issues).toEqual(["Name is required", 'Unrecognized key: "extra"']);
      expect(probe.standard).toEqual({ value: { name: "Bo" } });
      expect(() => probe.schema()).toThrow("zod's JSON Schema generation is not bundled");
      expect(() => probe.method()).toThrow("zod's JSON Schema generation is not bundled");
      const bundled = await readFile(outfile, "utf8");
      // Written out by the real generator (the processors and the finalizer), by nothing else.
      expect(bundled).not.toContain("draft-2020-12");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("unavailableExports", () => {
  it("keeps every export's name, listed or declared, and only the method factories return", () => {
    const stub = unavailableExports(
      "export const a = 1;\nexport function b() {}\nfunction c() {}\nexport { c as d, e };\nexport const createThingMethod = () => {};\n",
      "gone",
    );
    expect(
      [...stub.matchAll(/^export const (\w+) = (.*);$/gm)].map(([, name, value]) => [name, value]),
    ).toEqual([
      ["a", "unavailable"],
      ["b", "unavailable"],
      ["createThingMethod", "() => unavailable"],
      ["d", "unavailable"],
      ["e", "unavailable"],
    ]);
  });
});
