import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, directionViolations, folderGraph, type ImportGraph, importGraph } from "./layers";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const graph = importGraph(repo, ["functions", "events"]);

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
