/**
 * Who can reach which cloud role from the deploy workflow, and what each role may do. Reads the
 * workflow (YAML) and the CI roles of the synthesized account baseline (infra/baseline: each role's
 * trusted OIDC subject, its workflow-variable tag and its policy statements) and lists every way a
 * job that can run for a pull request could read production data or get further credentials:
 * - it names a GitHub environment (its OIDC subject is then the environment's, which deploying
 *   roles trust, instead of `…:pull_request`);
 * - it assumes a role that is not trusted for pull requests;
 * - a role trusted for pull requests allows reading WAF, CloudFront, Logs, S3 objects, SQS,
 *   DynamoDB, secrets or keys (SENSITIVE_READS, wildcards evaluated as IAM does), or assuming or
 *   passing any role, or carries a managed policy;
 * and, for every other job, a role whose trusted subject is not the job's own environment.
 *
 * Whether a job runs for a pull request is decided by evaluating its `if:` (and its needs') for a
 * pull-request event; an expression this evaluator does not understand counts as "may run".
 */
import { parse } from "yaml";

export interface PolicyStatementJson {
  readonly Effect: "Allow" | "Deny";
  readonly Action?: string | readonly string[];
  readonly NotAction?: string | readonly string[];
  readonly Resource?: unknown;
}

export interface CiRole {
  readonly role: string;
  readonly variable: string;
  readonly subject: string;
  readonly statements: readonly PolicyStatementJson[];
  readonly managedPolicies: readonly unknown[];
}

/** Reads of data or of secrets no pull request may make, whatever the resource. */
export const SENSITIVE_READS = [
  "wafv2:GetSampledRequests",
  "wafv2:GetWebACL",
  "wafv2:GetLoggingConfiguration",
  "cloudfront:GetDistributionConfig",
  "cloudfront:GetDistribution",
  "logs:FilterLogEvents",
  "logs:GetLogEvents",
  "logs:StartQuery",
  "logs:StartLiveTail",
  "s3:GetObject",
  "s3:GetObjectVersion",
  "sqs:ReceiveMessage",
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:Scan",
  "dynamodb:GetRecords",
  "dynamodb:ExportTableToPointInTime",
  "secretsmanager:GetSecretValue",
  "kms:Decrypt",
] as const;
/** Ways to more credentials: another role, or handing one to a service. */
export const ROLE_REACHING = ["sts:AssumeRole", "sts:AssumeRoleWithWebIdentity", "iam:PassRole"] as const;

const PULL_REQUEST_SUBJECT = /^repo:[^:]+:pull_request$/;
const OIDC_SUBJECT_KEY = "token.actions.githubusercontent.com:sub";

interface Job {
  readonly if?: string;
  readonly needs?: string | readonly string[];
  readonly environment?: string | { readonly name?: string };
  readonly permissions?: Record<string, string> | string;
  readonly strategy?: { readonly matrix?: { readonly include?: readonly Record<string, unknown>[] } };
  readonly steps?: readonly {
    readonly uses?: string;
    readonly run?: string;
    readonly with?: Record<string, unknown>;
  }[];
}

interface Workflow {
  readonly jobs: Record<string, Job>;
}

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

const asList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];

/** The CI roles of a synthesized account baseline template: those tagged with a workflow variable. */
export function rolesFromTemplate(
  template: { Resources: Record<string, TemplateResource> },
  tag: string,
): CiRole[] {
  const roles: CiRole[] = [];
  for (const resource of Object.values(template.Resources)) {
    if (resource.Type !== "AWS::IAM::Role") continue;
    const props = resource.Properties ?? {};
    const tags = (props.Tags ?? []) as { Key: string; Value: string }[];
    const variable = tags.find((t) => t.Key === tag)?.Value;
    if (!variable) continue;
    const trust = (
      props.AssumeRolePolicyDocument as {
        Statement: { Condition?: Record<string, Record<string, string>> }[];
      }
    ).Statement;
    const subjects = trust.flatMap((statement) =>
      Object.values(statement.Condition ?? {}).flatMap((condition) => asList(condition[OIDC_SUBJECT_KEY])),
    );
    const policies = (props.Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
    roles.push({
      role: String(props.RoleName),
      variable,
      subject: subjects.length === 1 ? String(subjects[0]) : `<${subjects.length} subjects>`,
      statements: policies.flatMap((policy) => policy.PolicyDocument.Statement),
      managedPolicies: asList(props.ManagedPolicyArns as unknown[] | undefined),
    });
  }
  return roles;
}

/** Whether an IAM action pattern (`*`, `?`, case-insensitive) covers an action. */
export function actionMatches(pattern: string, action: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
    "i",
  );
  return regex.test(action);
}

function statementCovers(statement: PolicyStatementJson, action: string): boolean {
  if (statement.NotAction !== undefined)
    return !asList(statement.NotAction).some((p) => actionMatches(p, action));
  return asList(statement.Action).some((p) => actionMatches(p, action));
}

/** The actions of `candidates` a role's statements allow on some resource (an explicit deny on `*` wins). */
export function allowedOf(role: CiRole, candidates: readonly string[]): string[] {
  return candidates.filter((action) => {
    const denied = role.statements.some(
      (st) => st.Effect === "Deny" && asList(st.Resource).includes("*") && statementCovers(st, action),
    );
    return !denied && role.statements.some((st) => st.Effect === "Allow" && statementCovers(st, action));
  });
}

export function findingsOf(workflowYaml: string, roles: readonly CiRole[]): string[] {
  const workflow = parse(workflowYaml) as Workflow;
  const findings: string[] = [];
  const byVariable = new Map(roles.map((role) => [role.variable, role]));

  for (const role of roles) {
    if (PULL_REQUEST_SUBJECT.test(role.subject)) {
      const reads = allowedOf(role, SENSITIVE_READS);
      if (reads.length > 0)
        findings.push(`role ${role.role} is trusted for pull requests and may read ${reads.join(", ")}`);
      const reaches = allowedOf(role, ROLE_REACHING);
      if (reaches.length > 0)
        findings.push(
          `role ${role.role} is trusted for pull requests and may reach other roles (${reaches.join(", ")})`,
        );
      if (role.managedPolicies.length > 0)
        findings.push(`role ${role.role} is trusted for pull requests and has managed policies`);
    }
    if (/[*?]/.test(role.subject) || !/^repo:[^:]+:/.test(role.subject))
      findings.push(`role ${role.role} trusts ${role.subject}`);
  }
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const environment = environmentOf(job);
    const forPullRequests = mayRunForPullRequest(name, workflow);
    for (const variable of roleVariablesOf(job)) {
      const role = byVariable.get(variable);
      if (!role) {
        findings.push(`job ${name} assumes vars.${variable}, which names no documented role`);
        continue;
      }
      if (forPullRequests && !PULL_REQUEST_SUBJECT.test(role.subject))
        findings.push(`job ${name} runs for pull requests and assumes ${role.role} (${role.subject})`);
      const expected = forPullRequests ? undefined : environment;
      if (!forPullRequests && !role.subject.endsWith(`:environment:${expected ?? "<none>"}`))
        findings.push(
          `job ${name} (environment ${expected ?? "none"}) assumes ${role.role} (${role.subject})`,
        );
    }
    if (forPullRequests && environment !== undefined)
      findings.push(`job ${name} runs for pull requests with environment ${environment}`);
  }
  return findings;
}

/** Every `uses:` not pinned to a full commit id, with its version in a comment. */
export function pinFindings(workflowYaml: string): string[] {
  return workflowYaml
    .split("\n")
    .filter((line) => /^\s*(-\s+)?uses:/.test(line))
    .filter((line) => !/uses:\s*[\w.-]+\/[\w./-]+@[0-9a-f]{40}\s+#\s*v\d[\w.]*\s*$/.test(line))
    .map((line) => `not pinned to a commit (with its tag in a comment): ${line.trim()}`);
}

/** Jobs that can get an OIDC token (id-token: write) and still run packages' install scripts. */
export function installScriptFindings(workflowYaml: string): string[] {
  const workflow = parse(workflowYaml) as Workflow;
  const findings: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const permissions = job.permissions;
    const token =
      typeof permissions === "object" ? permissions["id-token"] === "write" : permissions === "write-all";
    if (!token) continue;
    for (const step of job.steps ?? []) {
      for (const command of (step.run ?? "").split(/&&|\n|;/)) {
        const npm = command.trim();
        if (/^npm\s+(ci|install|i)\b/.test(npm) && !/--ignore-scripts\b/.test(npm))
          findings.push(`job ${name} has id-token: write and runs install scripts: ${npm}`);
        if (/^npm\s+rebuild\s*$/.test(npm)) findings.push(`job ${name} rebuilds every package: ${npm}`);
      }
    }
  }
  return findings;
}

function environmentOf(job: Job): string | undefined {
  if (typeof job.environment === "string") return job.environment;
  return job.environment?.name;
}

/** The repository variables a job's steps pass as `role-to-assume` (matrix values resolved). */
function roleVariablesOf(job: Job): string[] {
  const variables: string[] = [];
  for (const step of job.steps ?? []) {
    const value = step.with?.["role-to-assume"];
    if (typeof value !== "string") continue;
    const direct = /^\$\{\{\s*vars\.([A-Z0-9_]+)\s*\}\}$/.exec(value);
    if (direct?.[1]) {
      variables.push(direct[1]);
      continue;
    }
    const fromMatrix = /^\$\{\{\s*vars\[matrix\.([a-z_]+)\]\s*\}\}$/.exec(value);
    const key = fromMatrix?.[1];
    const include = job.strategy?.matrix?.include;
    if (key && include) {
      for (const entry of include) variables.push(String(entry[key]));
      continue;
    }
    // A role this reader cannot resolve is a finding of its own: name it plainly instead.
    variables.push(`<unresolved: ${value}>`);
  }
  return variables;
}

function mayRunForPullRequest(name: string, workflow: Workflow, seen = new Set<string>()): boolean {
  const job = workflow.jobs[name];
  if (!job || seen.has(name)) return true;
  seen.add(name);
  const condition = job.if ?? "success()";
  const own = evaluate(condition, PULL_REQUEST_CONTEXT);
  if (own === false) return false;
  if (/\balways\(\)/.test(condition)) return true;
  const needs = typeof job.needs === "string" ? [job.needs] : (job.needs ?? []);
  return needs.every((need) => mayRunForPullRequest(need, workflow, seen));
}

const PULL_REQUEST_CONTEXT: Record<string, string> = {
  "github.event_name": "pull_request",
  "github.ref": "refs/pull/1/merge",
  "github.head_ref": "feature",
  "github.base_ref": "main",
};

/** A value the evaluator cannot know (an unsupported function or context). */
const UNKNOWN = Symbol("unknown");
type Value = string | boolean | typeof UNKNOWN;

/**
 * A small evaluator for the subset of GitHub's expression syntax the workflow uses: string
 * literals, `github.*` properties, ==, !=, &&, ||, !, parentheses, startsWith(), and the status
 * functions (true). Anything else is unknown, and so is every result that depends on it:
 * undefined means "cannot tell".
 */
export function evaluate(expression: string, context: Record<string, string>): boolean | undefined {
  const source = expression.replace(/^\s*\$\{\{|\}\}\s*$/g, "");
  const tokens = source.match(/'(?:[^']|'')*'|&&|\|\||==|!=|[()!,]|[A-Za-z_][\w.-]*|\S/g) ?? [];
  let position = 0;
  let malformed = false;
  const peek = () => tokens[position];
  const next = () => tokens[position++];

  const call = (name: string, args: Value[]): Value => {
    if (["success", "always"].includes(name)) return true;
    if (["failure", "cancelled"].includes(name)) return false;
    const [text, prefix] = args;
    if (name === "startsWith" && typeof text === "string" && typeof prefix === "string")
      return text.toLowerCase().startsWith(prefix.toLowerCase());
    return UNKNOWN;
  };
  const primary = (): Value => {
    const token = next();
    if (token === undefined) {
      malformed = true;
      return UNKNOWN;
    }
    if (token === "(") {
      const value = or();
      if (next() !== ")") malformed = true;
      return value;
    }
    if (token === "!") {
      const value = primary();
      return value === UNKNOWN ? UNKNOWN : !truthy(value);
    }
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (token === "true" || token === "false") return token === "true";
    if (peek() === "(") {
      next();
      const args: Value[] = [];
      while (peek() !== ")" && peek() !== undefined) {
        args.push(or());
        if (peek() === ",") next();
      }
      next();
      return call(token, args);
    }
    return context[token] ?? UNKNOWN;
  };
  const comparison = (): Value => {
    const left = primary();
    const operator = peek();
    if (operator !== "==" && operator !== "!=") return left;
    next();
    const right = primary();
    if (left === UNKNOWN || right === UNKNOWN) return UNKNOWN;
    const equal =
      typeof left === "string" && typeof right === "string"
        ? left.toLowerCase() === right.toLowerCase()
        : left === right;
    return operator === "==" ? equal : !equal;
  };
  const and = (): Value => {
    let value = comparison();
    while (peek() === "&&") {
      next();
      const right = comparison();
      if (value === false || right === false) value = false;
      else if (value === UNKNOWN || right === UNKNOWN) value = UNKNOWN;
      else value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): Value => {
    let value = and();
    while (peek() === "||") {
      next();
      const right = and();
      if ((value !== UNKNOWN && truthy(value)) || (right !== UNKNOWN && truthy(right))) value = true;
      else if (value === UNKNOWN || right === UNKNOWN) value = UNKNOWN;
      else value = right;
    }
    return value;
  };

  const result = or();
  if (malformed || position < tokens.length || result === UNKNOWN) return undefined;
  return truthy(result);
}

function truthy(value: string | boolean): boolean {
  return value !== false && value !== "";
}
