import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, directionViolations, folderGraph, type ImportGraph, importGraph } from "./layers";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const graph = importGraph(repo, ["functions", "events"]);
const webGraph = importGraph(repo, ["web"]);
const infraGraph = importGraph(repo, ["infra"]);

describe("the direction rule of functions/ (docs/DEVELOPING.md)", () => {
  it("reads the real tree", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("functions/registry.ts")).toBeDefined();
  });

  it("has no import against the direction", () => {
    expect(directionViolations(graph)).toEqual([]);
  });

  it("has no cycle between files", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no cycle between folders", () => {
    expect(cycles(folderGraph(graph))).toEqual([]);
  });
});

describe("web/ and infra/ (docs/DEVELOPING.md)", () => {
  it("reads the real trees", () => {
    expect(webGraph.get("web/src/pages/Contact.tsx")).toBeDefined();
    expect(infraGraph.get("infra/site/build.ts")).toContain("infra/repo-root.ts");
  });

  it("web/ imports nothing from infra/ or functions/", () => {
    expect(directionViolations(webGraph)).toEqual([]);
  });

  it("infra/ has no cycle between files", () => {
    expect(cycles(infraGraph)).toEqual([]);
  });
});

describe("the rule refuses what it must (planted violations)", () => {
  const planted = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it("an upward import: the kit importing the model, the model importing a feature", () => {
    expect(
      directionViolations(
        planted({
          "functions/lib/aws-errors.ts": ["functions/model/tables.ts"],
          "functions/model/timeline.ts": ["functions/leads/lead-desk.ts"],
          "functions/leads/lead-desk.ts": ["functions/leads/routes/desk-routes.ts"],
        }),
      ),
    ).toHaveLength(3);
  });

  it("a feature importing another feature, also from its routes", () => {
    const found = directionViolations(
      planted({
        "functions/pipeline/submissions.ts": ["functions/leads/lead-desk.ts"],
        "functions/staff/routes/team.ts": ["functions/leads/reply.ts"],
      }),
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toContain("feature pipeline may not import feature leads");
  });

  it("functions/ or events/ importing infra/, web/ or test/", () => {
    expect(
      directionViolations(
        planted({
          "functions/lib/env.ts": ["infra/stages.ts"],
          "events/desk.ts": ["web/src/App.tsx"],
          "events/signup.ts": ["functions/lib/env.ts"],
        }),
      ),
    ).toHaveLength(3);
  });

  it("web/ importing infra/ or functions/, but not events/", () => {
    const found = directionViolations(
      planted({
        "web/src/config.ts": ["infra/stages.ts"],
        "web/src/entry-server.tsx": ["infra/main-module.ts"],
        "web/src/commandcenter/common/api.ts": ["functions/lib/env.ts"],
        "web/src/pages/Contact.tsx": ["events/lead-fields.ts", "web/src/forms/useSubmissionForm.ts"],
      }),
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toContain("web/ is the app and imports nothing from infra/");
  });

  it("the local runtime's config and runtime importing each other", () => {
    expect(
      cycles(
        planted({
          "infra/local/config.ts": ["infra/local/runtime.ts", "infra/repo-root.ts"],
          "infra/local/runtime.ts": ["infra/local/config.ts"],
        }),
      ),
    ).toEqual([["infra/local/config.ts", "infra/local/runtime.ts"]]);
  });

  it("a cycle between files, even within one folder", () => {
    const graph = planted({
      "functions/staff/login.ts": ["functions/staff/start-session.ts"],
      "functions/staff/start-session.ts": ["functions/staff/login.ts"],
    });
    expect(directionViolations(graph)).toEqual([]);
    expect(cycles(graph)).toEqual([["functions/staff/login.ts", "functions/staff/start-session.ts"]]);
  });

  it("a cycle between folders", () => {
    const graph = planted({
      "functions/model/mail/templates.ts": ["functions/model/staff/users.ts"],
      "functions/model/staff/sessions.ts": ["functions/model/mail/addresses.ts"],
    });
    expect(cycles(graph)).toEqual([]);
    expect(cycles(folderGraph(graph))).toHaveLength(1);
  });
});
