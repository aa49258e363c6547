/**
 * Who can reach which cloud role from the deploy workflow. Reads the workflow (YAML) and the role
 * table of docs/DEPLOY.md ("CI/CD", the `json ci-roles` block) and lists every way a job that can
 * run for a pull request could get deploying credentials:
 * - it names a GitHub environment (its OIDC subject is then the environment's, which deploy roles
 *   trust, instead of `…:pull_request`);
 * - it assumes a role that is not trusted for pull requests, or one that may reach a deploying
 *   bootstrap role;
 * and, for every other job, a role whose trusted subject is not the job's own environment.
 *
 * Whether a job runs for a pull request is decided by evaluating its `if:` (and its needs') for a
 * pull-request event; an expression this evaluator does not understand counts as "may run".
 */
import { parse } from "yaml";

export interface CiRole {
  readonly role: string;
  readonly variable: string;
  readonly subject: string;
  readonly mayAssume: readonly string[];
}

/** Bootstrap roles that only read (cdk diff --method=template needs just this one). */
const READ_ONLY_BOOTSTRAP_ROLES = new Set(["lookup-role"]);
const PULL_REQUEST_SUBJECT = /^repo:[^:]+:pull_request$/;

interface Job {
  readonly if?: string;
  readonly needs?: string | readonly string[];
  readonly environment?: string | { readonly name?: string };
  readonly strategy?: { readonly matrix?: { readonly include?: readonly Record<string, unknown>[] } };
  readonly steps?: readonly { readonly uses?: string; readonly with?: Record<string, unknown> }[];
}

interface Workflow {
  readonly jobs: Record<string, Job>;
}

/** The `json ci-roles` block of a Markdown document. */
export function rolesFromDocs(markdown: string): CiRole[] {
  const block = /```json ci-roles\n([\s\S]*?)```/.exec(markdown);
  if (!block?.[1]) throw new Error("No `json ci-roles` block in the document");
  return JSON.parse(block[1]) as CiRole[];
}

export function findingsOf(workflowYaml: string, roles: readonly CiRole[]): string[] {
  const workflow = parse(workflowYaml) as Workflow;
  const findings: string[] = [];
  const byVariable = new Map(roles.map((role) => [role.variable, role]));

  for (const role of roles) {
    const deploying = role.mayAssume.filter((name) => !READ_ONLY_BOOTSTRAP_ROLES.has(name));
    if (PULL_REQUEST_SUBJECT.test(role.subject) && deploying.length > 0)
      findings.push(`role ${role.role} is trusted for pull requests and may assume ${deploying.join(", ")}`);
    if (/[*?]/.test(role.subject))
      findings.push(`role ${role.role} trusts a wildcard subject ${role.subject}`);
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
