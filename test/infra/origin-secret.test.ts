// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * Rotating the origin secret without a failed request (docs/DEPLOY.md, "The origin secret"): each
 * step of the runbook is synthesized as the prod stack, and the API's web ACL is evaluated as AWS
 * WAF does (rules by priority, then the default action) against requests with no header, the old
 * value, the new value and what CloudFront sends, with Secrets Manager's versions standing in for
 * CloudFormation's dynamic references.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { cdkJsonContext } from "../../infra/app";
import { ORIGIN_VERIFY_HEADER } from "../../infra/constructs/api-waf";
import { RepDeskStack, stackNameOf } from "../../infra/stack";
import { checkStage, type StageConfig } from "../../infra/stages";
import { testStage } from "./stage-fixtures";
import { bundleOnce, siteDirFor } from "./synth";

const OLD = "11111111-1111-4111-8111-111111111111";
const NEW = "22222222-2222-4222-8222-222222222222";
/** Secrets Manager's versions of the secret: version id -> value. */
const VERSIONS: Record<string, string> = { [OLD]: "a".repeat(64), [NEW]: "b".repeat(64) };

const STEPS = {
  before: { sent: OLD, accepted: [OLD] },
  "1 accept the new value too": { sent: OLD, accepted: [OLD, NEW] },
  "2 send the new value": { sent: NEW, accepted: [OLD, NEW] },
  "3 drop the old value": { sent: NEW, accepted: [NEW] },
} as const;
type Step = keyof typeof STEPS;

interface Synthesized {
  readonly acl: any;
  /** What CloudFront's /api/* origin sends in x-origin-verify. */
  readonly sent: string;
}

/** CloudFormation's resolution of `{{resolve:secretsmanager:<name>:SecretString:::<version>}}`. */
function resolve(value: string, secretName: string): string {
  const match = /^\{\{resolve:secretsmanager:([^:]+):SecretString:::([^}]+)\}\}$/.exec(value);
  if (!match || match[1] !== secretName) throw new Error(`not a pinned reference to ${secretName}: ${value}`);
  const resolved = VERSIONS[match[2] as string];
  if (resolved === undefined) throw new Error(`no version ${match[2]}`);
  return resolved;
}

/** AWS WAF's verdict on a statement, for the statement kinds the API's web ACL uses. */
function matches(statement: any, headers: Record<string, string>, secretName: string): boolean {
  if (statement.OrStatement)
    return statement.OrStatement.Statements.some((s: any) => matches(s, headers, secretName));
  if (statement.AndStatement)
    return statement.AndStatement.Statements.every((s: any) => matches(s, headers, secretName));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, headers, secretName);
  const byte = statement.ByteMatchStatement;
  if (!byte) throw new Error(`statement not evaluated here: ${JSON.stringify(statement)}`);
  const name = String(byte.FieldToMatch.SingleHeader?.Name ?? "").toLowerCase();
  if (!name) throw new Error("only single-header matches are evaluated here");
  expect(byte.TextTransformations).toEqual([{ Priority: 0, Type: "NONE" }]);
  expect(byte.PositionalConstraint).toBe("EXACTLY");
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return value !== undefined && value === resolve(byte.SearchString, secretName);
}

/** "allow", or the status of the block. */
function verdict(acl: any, headers: Record<string, string>, secretName: string): "allow" | number {
  const rules = [...acl.Rules].sort((a: any, b: any) => a.Priority - b.Priority);
  for (const rule of rules) {
    if (!matches(rule.Statement, headers, secretName)) continue;
    if (rule.Action.Allow) return "allow";
    return rule.Action.Block?.CustomResponse?.ResponseCode ?? 403;
  }
  if (acl.DefaultAction.Allow) return "allow";
  return acl.DefaultAction.Block?.CustomResponse?.ResponseCode ?? 403;
}

const prod = testStage("prod");
const secretName = prod.originVerify?.secretName ?? "";
const synthesized = new Map<Step, Synthesized>();

async function synthesizeStep(step: Step): Promise<Synthesized> {
  const stage: StageConfig = checkStage({
    ...prod,
    originVerify: { secretName, ...STEPS[step], accepted: [...STEPS[step].accepted] },
  });
  const { dir } = await bundleOnce();
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), "repdesk-rotation-")),
    context: cdkJsonContext(),
  });
  const stack = new RepDeskStack(app, stackNameOf(stage), {
    stage,
    bundlesDir: dir,
    siteDir: await siteDirFor("prod"),
  });
  const json = Template.fromStack(stack).toJSON();
  const resources = Object.values(json.Resources) as any[];
  const acls = resources.filter((r) => r.Type === "AWS::WAFv2::WebACL" && r.Properties.Scope === "REGIONAL");
  expect(acls).toHaveLength(1);
  const distribution = resources.find((r) => r.Type === "AWS::CloudFront::Distribution");
  const headers = distribution.Properties.DistributionConfig.Origins.flatMap(
    (o: any) => o.OriginCustomHeaders ?? [],
  );
  expect(headers).toHaveLength(1);
  expect(headers[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER);
  // Nothing in clear: the template holds references, never a value.
  for (const value of Object.values(VERSIONS)) expect(JSON.stringify(json)).not.toContain(value);
  return { acl: acls[0].Properties, sent: resolve(headers[0].HeaderValue, secretName) };
}

beforeAll(async () => {
  for (const step of Object.keys(STEPS) as Step[]) synthesized.set(step, await synthesizeStep(step));
}, 600_000);

describe("rotating the origin secret, step by step", () => {
  const old = { [ORIGIN_VERIFY_HEADER]: VERSIONS[OLD] as string };
  const fresh = { [ORIGIN_VERIFY_HEADER]: VERSIONS[NEW] as string };
  const expected: Record<Step, { none: number; old: "allow" | number; new: "allow" | number }> = {
    before: { none: 403, old: "allow", new: 403 },
    "1 accept the new value too": { none: 403, old: "allow", new: "allow" },
    "2 send the new value": { none: 403, old: "allow", new: "allow" },
    "3 drop the old value": { none: 403, old: 403, new: "allow" },
  };

  it.each(Object.keys(STEPS) as Step[])("step %s: no header, the old value, the new value", (step) => {
    const { acl, sent } = synthesized.get(step) as Synthesized;
    expect(verdict(acl, {}, secretName)).toBe(expected[step].none);
    expect(verdict(acl, { "X-Origin-Verify": "" }, secretName)).toBe(403);
    expect(verdict(acl, old, secretName)).toBe(expected[step].old);
    expect(verdict(acl, fresh, secretName)).toBe(expected[step].new);
    // The same value with another case or a suffix is another value.
    expect(verdict(acl, { [ORIGIN_VERIFY_HEADER]: `${VERSIONS[NEW]}x` }, secretName)).toBe(403);
    expect(sent).toBe(VERSIONS[STEPS[step].sent]);
    expect(verdict(acl, { [ORIGIN_VERIFY_HEADER]: sent }, secretName)).toBe("allow");
  });

  it("never refuses what CloudFront sends while a step deploys: both ACLs admit both values sent", () => {
    const steps = Object.keys(STEPS) as Step[];
    for (let i = 1; i < steps.length; i++) {
      const before = synthesized.get(steps[i - 1] as Step) as Synthesized;
      const after = synthesized.get(steps[i] as Step) as Synthesized;
      // During a deploy the web ACL and CloudFront's edges change at different moments, so each
      // edge may send either value to either ACL.
      for (const acl of [before.acl, after.acl])
        for (const sent of [before.sent, after.sent])
          expect(verdict(acl, { [ORIGIN_VERIFY_HEADER]: sent }, secretName), steps[i]).toBe("allow");
    }
  });

  it("refuses a stage that would send a value its own web ACL does not accept", () => {
    expect(() => checkStage({ ...prod, originVerify: { secretName, sent: NEW, accepted: [OLD] } })).toThrow(
      /sent must be one of originVerify.accepted/,
    );
    expect(() =>
      checkStage({ ...prod, originVerify: { secretName, sent: OLD, accepted: [OLD, NEW, NEW] } }),
    ).toThrow();
  });
});
