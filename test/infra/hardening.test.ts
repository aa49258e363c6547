// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * The outside review's findings, each as it would show in the synthesized templates (the stages'
 * and the account baselines'): the test of each fails on the code the review read.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Duration } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { QUEUES } from "../../functions/registry";
import { REST_NESTED_STACK_ID_PREFIX } from "../../infra/baseline/ci-policies";
import { WORKFLOW_VARIABLE_TAG } from "../../infra/baseline/ci-roles";
import { MIN_ADDRESSES_TO_FILL_SIGN_IN, routeThrottle, SIGN_IN_ROUTES } from "../../infra/constructs/api";
import { VISIBILITY_TIMEOUT_FACTOR, workQueueTimings } from "../../infra/constructs/queues";
import { NONCURRENT_VERSION_EXPIRY } from "../../infra/constructs/site/site";
import { RATE_LIMIT_WINDOW_SECONDS, SIGN_IN_RATE_LIMIT_PER_5_MINUTES } from "../../infra/constructs/waf";
import { PREFLIGHT_ACTIONS } from "../../infra/preflight/permissions";
import { type BaselineTemplate, synthesizeBaselines } from "./baseline-synth";
import { TEST_ACCOUNTS, testStage } from "./stage-fixtures";
import { resourcesOf, type SynthesizedStage, synthesizeStage } from "./synth";
import { rolesFromTemplate } from "./workflow-rules";

type Resource = { Type: string; Properties?: Record<string, any>; [key: string]: any };

const synthesized = new Map<string, SynthesizedStage>();
let baselines: BaselineTemplate[] = [];
beforeAll(async () => {
  baselines = synthesizeBaselines();
  for (const name of ["dev", "prod"] as const) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

/** AWS WAF's text transformations the rules use, as WAF applies them (in priority order). */
function transform(value: string, transformations: { Priority: number; Type: string }[]): string {
  let result = value;
  for (const { Type } of [...transformations].sort((a, b) => a.Priority - b.Priority)) {
    if (Type === "URL_DECODE") result = decodeURIComponent(result);
    else if (Type === "LOWERCASE") result = result.toLowerCase();
    else if (Type === "NORMALIZE_PATH") result = result.replace(/\/{2,}/g, "/").replace(/\/\.(?=\/|$)/g, "");
    else if (Type !== "NONE") throw new Error(`transformation ${Type} not evaluated here`);
  }
  return result;
}

/** Whether a rate rule's scope-down statement matches a request path, as WAF would decide. */
function scopeMatches(statement: any, path: string): boolean {
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s: any) => scopeMatches(s, path));
  const regex = statement.RegexMatchStatement;
  if (regex) return new RegExp(regex.RegexString).test(transform(path, regex.TextTransformations));
  const bytes = statement.ByteMatchStatement;
  if (!bytes) throw new Error(`statement not evaluated here: ${JSON.stringify(statement)}`);
  const value = transform(path, bytes.TextTransformations);
  return bytes.PositionalConstraint === "EXACTLY"
    ? value === bytes.SearchString
    : value.startsWith(bytes.SearchString);
}

describe("finding 1: the account's API Gateway logging role comes from the account baseline", () => {
  it("sets AWS::ApiGateway::Account to a role API Gateway may assume, with its logs policy, kept on delete", () => {
    for (const { json } of baselines) {
      const resources = Object.entries(json.Resources) as [string, Resource][];
      const accounts = resources.filter(([, r]) => r.Type === "AWS::ApiGateway::Account");
      expect(accounts).toHaveLength(1);
      const [, account] = accounts[0] as [string, Resource];
      expect(account.DeletionPolicy).toBe("Retain");
      const roleId = account.Properties?.CloudWatchRoleArn["Fn::GetAtt"][0];
      const role = json.Resources[roleId] as Resource;
      expect(role.DeletionPolicy).toBe("Retain");
      expect(JSON.stringify(role.Properties?.AssumeRolePolicyDocument)).toContain("apigateway.amazonaws.com");
      expect(JSON.stringify(role.Properties?.ManagedPolicyArns)).toContain(
        "AmazonAPIGatewayPushToCloudWatchLogs",
      );
      expect(resources.filter(([, r]) => r.Type === "AWS::IAM::OIDCProvider")).toHaveLength(1);
    }
  });

  it("leaves the account setting out of every stage's stacks, which log access (and so need it)", () => {
    for (const s of synthesized.values()) {
      for (const json of [s.json, s.apiJson])
        expect(resourcesOf(json, "AWS::ApiGateway::Account")).toEqual([]);
      const [, apiStage] = resourcesOf(s.apiJson, "AWS::ApiGateway::Stage")[0] as [string, Resource];
      expect(apiStage.Properties?.AccessLogSetting?.DestinationArn).toBeDefined();
    }
  });

  it("grants the roles that run the preflight exactly its actions (infra/preflight/permissions.ts)", () => {
    const roles = baselines.flatMap((b) => rolesFromTemplate(b.json, WORKFLOW_VARIABLE_TAG));
    for (const name of ["repdesk-dev-deploy", "repdesk-prod-prepare"]) {
      const role = roles.find((r) => r.role === name);
      const wide = role?.statements.filter((st) => st.Effect === "Allow" && st.Resource === "*");
      expect(wide?.flatMap((st) => st.Action).sort(), name).toEqual([...PREFLIGHT_ACTIONS].sort());
    }
  });

  it("names the REST API's nested stack as the CI policies expect", () => {
    for (const s of synthesized.values()) {
      const [nestedId] = resourcesOf(s.json, "AWS::CloudFormation::Stack")[0] as [string, Resource];
      expect(nestedId.startsWith(REST_NESTED_STACK_ID_PREFIX)).toBe(true);
    }
  });
});

describe.each(["dev", "prod"] as const)("stage %s", (stageName) => {
  let s: SynthesizedStage;
  const ofType = (type: string) => resourcesOf(s.json, type) as [string, Resource][];
  const manifestArtifact = () =>
    JSON.parse(readFileSync(join(s.outdir, "manifest.json"), "utf8")).artifacts[`RepDesk-${stageName}`];
  beforeAll(() => {
    s = synthesized.get(stageName) as SynthesizedStage;
  });

  it("finding 3: is pinned to its own account, so the CLI refuses another account's credentials", () => {
    const artifact = manifestArtifact();
    const account = TEST_ACCOUNTS[stageName];
    expect(artifact.environment).toBe(`aws://${account}/us-east-1`);
    expect(artifact.properties.assumeRoleArn).toContain(
      `:iam::${account}:role/cdk-hnb659fds-deploy-role-${account}-`,
    );
  });

  it("finding 8: protects production from deletion, its queues retained", () => {
    const production = testStage(stageName).production;
    expect(manifestArtifact().properties.terminationProtection ?? false).toBe(production);
    for (const [id, queue] of ofType("AWS::SQS::Queue"))
      expect(queue.DeletionPolicy, id).toBe(production ? "Retain" : "Delete");
  });

  it("finding 2: samples no request in either web ACL (samples hold cookies and the origin secret)", () => {
    const acls = ofType("AWS::WAFv2::WebACL");
    expect(acls).toHaveLength(2);
    for (const [id, acl] of acls) {
      expect(acl.Properties?.VisibilityConfig.SampledRequestsEnabled, id).toBe(false);
      for (const rule of acl.Properties?.Rules ?? [])
        expect(rule.VisibilityConfig.SampledRequestsEnabled, `${id} ${rule.Name}`).toBe(false);
    }
  });

  describe("finding 9", () => {
    const edgeRules = () =>
      (ofType("AWS::WAFv2::WebACL").find(([, acl]) => acl.Properties?.Scope === "CLOUDFRONT")?.[1].Properties
        ?.Rules ?? []) as any[];

    it("rate-limits a sensitive route however its path is written: trailing slash, percent-encoding, case", () => {
      for (const name of ["RateLimitSensitiveRoutes", "RateLimitSignIn"]) {
        const scope = edgeRules().find((r) => r.Name === name)?.Statement.RateBasedStatement
          .ScopeDownStatement;
        for (const path of [
          "/api/auth/login",
          "/api/auth/login/",
          "/api/auth/%6Cogin",
          "/API/Auth/Login",
          "//api/auth/login",
        ])
          expect(scopeMatches(scope, path), `${name} ${path}`).toBe(true);
        for (const path of ["/api/auth/user", "/api/admin/signups", "/api/auth/login/x"])
          expect(scopeMatches(scope, path), `${name} ${path}`).toBe(false);
      }
    });

    it("keeps staff able to sign in: sign-in's throttle takes hundreds of addresses under WAF's limit to fill", () => {
      const rule = edgeRules().find((r) => r.Name === "RateLimitSignIn");
      expect(rule?.Statement.RateBasedStatement.Limit).toBe(SIGN_IN_RATE_LIMIT_PER_5_MINUTES);
      const [, apiStage] = resourcesOf(s.apiJson, "AWS::ApiGateway::Stage")[0] as [string, Resource];
      for (const route of SIGN_IN_ROUTES) {
        const [method, path] = route.split(" ");
        const setting = ((apiStage.Properties?.MethodSettings ?? []) as any[]).find(
          (m) => m.HttpMethod === method && m.ResourcePath === `/${(path ?? "").replace(/\//g, "~1")}`,
        );
        // Its own bucket (API Gateway counts each method apart), never the forms'.
        expect(setting?.ThrottlingRateLimit, route).toBe(routeThrottle(route).rateLimit);
        const perAddress = SIGN_IN_RATE_LIMIT_PER_5_MINUTES / RATE_LIMIT_WINDOW_SECONDS;
        expect(setting.ThrottlingRateLimit / perAddress, route).toBeGreaterThanOrEqual(
          MIN_ADDRESSES_TO_FILL_SIGN_IN,
        );
      }
      expect(routeThrottle("POST /api/signup")).not.toBe(routeThrottle("POST /api/auth/login"));
    });

    it("keeps dead letters longer than their work queue kept them, and each queue's visibility from its worker", () => {
      for (const queue of QUEUES) {
        const named = (name: string) =>
          ofType("AWS::SQS::Queue").find(([, q]) => q.Properties?.QueueName === name)?.[1] as Resource;
        const work = named(`repdesk-${stageName}-${queue.name}`);
        const dead = named(`repdesk-${stageName}-${queue.name}-dlq`);
        expect(dead.Properties?.MessageRetentionPeriod, queue.name).toBeGreaterThan(
          work.Properties?.MessageRetentionPeriod,
        );
        expect(dead.Properties?.MessageRetentionPeriod, queue.name).toBe(14 * 24 * 3600);
      }
      // A worker with a longer time limit gets a longer visibility timeout, not the shared constant's.
      expect(workQueueTimings(Duration.minutes(2)).visibilityTimeout.toSeconds()).toBe(
        120 * VISIBILITY_TIMEOUT_FACTOR,
      );
    });

    it("lets CloudWatch and SES use the topic key only for this account's alarms and configuration set", () => {
      const [, key] = ofType("AWS::KMS::Key").find(([, k]) =>
        String(k.Properties?.Description).includes("notification topics"),
      ) as [string, Resource];
      const services = ((key.Properties?.KeyPolicy.Statement ?? []) as any[]).filter(
        (st) => st.Principal?.Service,
      );
      expect(services.map((st) => st.Principal.Service).sort()).toEqual([
        "cloudwatch.amazonaws.com",
        "ses.amazonaws.com",
      ]);
      for (const st of services) {
        expect(st.Condition.StringEquals["aws:SourceAccount"]).toBeDefined();
        expect(JSON.stringify(st.Condition.ArnLike["aws:SourceArn"])).toMatch(
          /alarm:\*|configuration-set\/repdesk-/,
        );
      }
    });

    it("expires the production content bucket's replaced versions", () => {
      const [, bucket] = ofType("AWS::S3::Bucket").find(([id]) => id.startsWith("SiteContent")) as [
        string,
        Resource,
      ];
      const rules = bucket.Properties?.LifecycleConfiguration?.Rules ?? [];
      if (testStage(stageName).production)
        expect(rules).toContainEqual(
          expect.objectContaining({
            NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_VERSION_EXPIRY.toDays() },
          }),
        );
      else expect(bucket.Properties?.VersioningConfiguration).toBeUndefined();
    });

    it("logs the connecting address as edgeIp (CloudFront's edge), and traces nothing with X-Ray", () => {
      const [, apiStage] = resourcesOf(s.apiJson, "AWS::ApiGateway::Stage")[0] as [string, Resource];
      const format = JSON.parse(apiStage.Properties?.AccessLogSetting.Format);
      expect(format.ip).toBeUndefined();
      expect(format.edgeIp).toBe("$context.identity.sourceIp");
      expect(apiStage.Properties?.TracingEnabled ?? false).toBe(false);
      for (const [id, fn] of ofType("AWS::Lambda::Function"))
        expect(fn.Properties?.TracingConfig?.Mode ?? "PassThrough", id).toBe("PassThrough");
    });
  });
});
