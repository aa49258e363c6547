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

  it("web/ imports nothing from infra/ or functions/, and web/src no file of a higher floor", () => {
    expect(directionViolations(webGraph)).toEqual([]);
  });

  // Files, not folders: web/src's own files are the kit (config.ts, public-paths.ts) and the app
  // (mount.tsx, entry-*.tsx) at once, which the floors above keep apart.
  it("web/src has no cycle between files", () => {
    expect(cycles(webGraph)).toEqual([]);
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
          "events/desk.ts": ["web/src/app/App.tsx"],
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

  it("web/src importing a higher floor: the kit a component or the app, a component a page, a page the app", () => {
    const found = directionViolations(
      planted({
        "web/src/routing/router.tsx": ["web/src/app/routes.ts", "web/src/components/ui/Button.tsx"],
        "web/src/components/ui/Button.tsx": ["web/src/pages/Home.tsx", "web/src/routing/router.tsx"],
        "web/src/commandcenter/leads/LeadTable.tsx": [
          "web/src/app/App.tsx",
          "web/src/components/ui/Icon.tsx",
        ],
        "web/src/pages/Home.tsx": ["web/src/commandcenter/common/api.ts", "web/src/routing/deferred.tsx"],
        "web/src/app/App.tsx": ["web/src/pages/Home.tsx", "web/src/forms/submit.ts"],
      }),
    );
    expect(found).toHaveLength(4);
    expect(found[0]).toContain("the kit may not import the app (upward)");
    expect(found[2]).toContain("components/ may not import a screen (pages/, commandcenter/) (upward)");
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
