// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * What a real `cdk deploy` of each stage needs beyond a clean synth (docs/DEPLOY.md): each test
 * names the mistake it guards against, as AWS documents the behaviour.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HTTP_FUNCTIONS, QUEUES } from "../../functions/registry";
import { MAX_CACHE_BEHAVIORS, pathPatternOf, routePatterns } from "../../infra/constructs/api";
import { loadStage, type StageConfig } from "../../infra/stages";
import { resourcesOf, type SynthesizedStage, siteDirFor, synthesizeStage } from "./synth";

type Resource = { Type: string; Properties?: Record<string, any>; [key: string]: any };

const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of ["dev", "prod"]) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

describe.each(["dev", "prod"])("stage %s deploys as AWS documents it", (stageName) => {
  let s: SynthesizedStage;
  let stage: StageConfig;
  const ofType = (type: string) => resourcesOf(s.json, type) as [string, Resource][];
  const idOf = (type: string, match: (r: Resource) => boolean): string => {
    const found = ofType(type).find(([, r]) => match(r));
    if (!found) throw new Error(`no ${type} matching`);
    return found[0];
  };
  const functionId = (name: string) =>
    idOf("AWS::Lambda::Function", (fn) => fn.Properties?.FunctionName === `repdesk-${stage.name}-${name}`);
  const alarms = () => ofType("AWS::CloudWatch::Alarm").map(([, a]) => a.Properties ?? {});

  beforeAll(() => {
    s = synthesized.get(stageName) as SynthesizedStage;
    stage = loadStage(stageName);
  });

  it("serves the site where siteUrl points: every function's SITE_URL host is an alias of the distribution", () => {
    const [, distribution] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    const aliases: string[] = distribution.Properties?.DistributionConfig.Aliases ?? [];
    for (const [id, fn] of ofType("AWS::Lambda::Function")) {
      const siteUrl = fn.Properties?.Environment?.Variables?.SITE_URL;
      if (siteUrl === undefined) continue;
      expect(siteUrl, id).toBe(stage.siteUrl);
      expect(aliases, id).toContain(new URL(siteUrl).host);
    }
    expect(distribution.Properties?.DistributionConfig.ViewerCertificate.AcmCertificateArn).toBe(
      stage.certificateArn,
    );
  });

  it("lets nothing but this stage's distribution invoke the API functions (no public endpoint around CloudFront and WAF)", () => {
    expect(ofType("AWS::ApiGatewayV2::Api")).toEqual([]);
    expect(ofType("AWS::ApiGateway::RestApi")).toEqual([]);
    const [distributionId] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    const urls = ofType("AWS::Lambda::Url");
    expect(urls).toHaveLength(HTTP_FUNCTIONS.length);
    for (const definition of HTTP_FUNCTIONS) {
      const fnId = functionId(definition.name);
      const url = urls.find(([, u]) => u.Properties?.TargetFunctionArn?.["Fn::GetAtt"]?.[0] === fnId);
      expect(url?.[1].Properties?.AuthType, definition.name).toBe("AWS_IAM");
    }
    // Every permission to invoke any function: either a service of this stack that is not a
    // public endpoint (SQS/stream mappings need none; EventBridge for the sweep), or CloudFront
    // for this distribution only.
    for (const [id, permission] of ofType("AWS::Lambda::Permission")) {
      const p = permission.Properties ?? {};
      expect(p.Principal, id).not.toBe("*");
      expect(p.Principal, id).not.toBe("apigateway.amazonaws.com");
      if (p.Principal === "cloudfront.amazonaws.com") {
        expect(JSON.stringify(p.SourceArn), id).toContain(`"${distributionId}"`);
        expect(["lambda:InvokeFunctionUrl", "lambda:InvokeFunction"], id).toContain(p.Action);
      }
    }
    const cloudFrontGrants = ofType("AWS::Lambda::Permission").filter(
      ([, p]) =>
        p.Properties?.Principal === "cloudfront.amazonaws.com" &&
        p.Properties?.Action === "lambda:InvokeFunctionUrl",
    );
    expect(cloudFrontGrants.length).toBeGreaterThanOrEqual(HTTP_FUNCTIONS.length);
  });

  it("signs every API request with OAC and sends each registry route's path to its own function's URL", () => {
    const [, distribution] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    const config = distribution.Properties?.DistributionConfig;
    const oacs = ofType("AWS::CloudFront::OriginAccessControl").filter(
      ([, o]) => o.Properties?.OriginAccessControlConfig.OriginAccessControlOriginType === "lambda",
    );
    expect(oacs.length).toBeGreaterThan(0);
    for (const [, oac] of oacs) {
      expect(oac.Properties?.OriginAccessControlConfig.SigningBehavior).toBe("always");
      expect(oac.Properties?.OriginAccessControlConfig.SigningProtocol).toBe("sigv4");
    }
    const behaviors: any[] = config.CacheBehaviors;
    const patterns = behaviors.map((b) => b.PathPattern);
    for (const definition of HTTP_FUNCTIONS) {
      for (const route of definition.routes) {
        const behavior = behaviors.find((b) => b.PathPattern === pathPatternOf(route));
        expect(behavior, route).toBeDefined();
        const origin = config.Origins.find((o: any) => o.Id === behavior.TargetOriginId);
        expect(JSON.stringify(origin.DomainName), route).toContain(
          `"${ofType("AWS::Lambda::Url").find(([, u]) => u.Properties?.TargetFunctionArn?.["Fn::GetAtt"]?.[0] === functionId(definition.name))?.[0]}"`,
        );
        expect(origin.OriginAccessControlId, route).toBeDefined();
        expect(behavior.AllowedMethods, route).toContain(route.split(" ")[0]);
      }
    }
    // Most specific first: CloudFront takes the first behaviour that matches.
    expect(patterns).toEqual(routePatterns(HTTP_FUNCTIONS).map((r) => r.pathPattern));
  });

  it("resolves no secret into the template (nothing that a redeploy would fail to re-read)", () => {
    const template = JSON.stringify(s.json);
    expect(template).not.toContain("resolve:secretsmanager");
    const [, distribution] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    for (const origin of distribution.Properties?.DistributionConfig.Origins ?? [])
      expect(origin.OriginCustomHeaders ?? [], origin.Id).toEqual([]);
  });

  it("lets CloudWatch publish to the alarm topic (its SSL-only policy replaces the default one)", () => {
    const topicId = idOf(
      "AWS::SNS::Topic",
      (t) => t.Properties?.TopicName === `repdesk-${stage.name}-alarms`,
    );
    const policies = ofType("AWS::SNS::TopicPolicy").filter(([, p]) =>
      (p.Properties?.Topics ?? []).some((t: any) => t.Ref === topicId),
    );
    const statements = policies.flatMap(([, p]) => p.Properties?.PolicyDocument.Statement ?? []);
    const allow = statements.find(
      (st: any) =>
        st.Effect === "Allow" &&
        st.Principal?.Service === "cloudwatch.amazonaws.com" &&
        [st.Action].flat().includes("sns:Publish"),
    );
    expect(allow, "an Allow for cloudwatch.amazonaws.com to sns:Publish").toBeDefined();
    expect(allow.Resource).toEqual({ Ref: topicId });
    // Confused-deputy guard: only alarms of this account.
    expect(JSON.stringify(allow.Condition)).toContain("aws:SourceAccount");
  });

  // aws-cdk-lib's SNS event destination adds this Allow itself; the test keeps it that way.
  it("lets SES publish bounces and complaints to the feedback topic", () => {
    const topicId = idOf(
      "AWS::SNS::Topic",
      (t) => t.Properties?.TopicName === `repdesk-${stage.name}-email-feedback`,
    );
    const statements = ofType("AWS::SNS::TopicPolicy")
      .filter(([, p]) => (p.Properties?.Topics ?? []).some((t: any) => t.Ref === topicId))
      .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement ?? []);
    expect(
      statements.some(
        (st: any) =>
          st.Effect === "Allow" &&
          st.Principal?.Service === "ses.amazonaws.com" &&
          [st.Action].flat().includes("sns:Publish"),
      ),
    ).toBe(true);
  });

  it("lets the notify worker send to the staff inbox's identity too (SES sandbox checks the recipient)", () => {
    const notify = s.json.Resources[functionId("notify")] as Resource;
    const roleId = notify.Properties?.Role["Fn::GetAtt"][0];
    const statements = ofType("AWS::IAM::Policy")
      .filter(([, p]) => (p.Properties?.Roles ?? []).some((r: any) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement ?? []);
    const send = statements.find((st: any) => [st.Action].flat().includes("ses:SendEmail"));
    const resources = JSON.stringify(send?.Resource);
    const [, inboxDomain] = stage.staffInbox.split("@");
    expect(resources).toContain(`:identity/${stage.staffInbox}`);
    expect(resources).toContain(`:identity/${inboxDomain}"`);
  });

  it("alarms on the age of the oldest message of every work queue, and keeps work messages 14 days", () => {
    for (const queue of QUEUES) {
      const [id, resource] = ofType("AWS::SQS::Queue").find(
        ([, q]) => q.Properties?.QueueName === `repdesk-${stage.name}-${queue.name}`,
      ) as [string, Resource];
      expect(resource.Properties?.MessageRetentionPeriod, queue.name).toBe(14 * 24 * 3600);
      const age = alarms().find(
        (a) =>
          a.MetricName === "ApproximateAgeOfOldestMessage" &&
          JSON.stringify(a.Dimensions ?? []).includes(`"${id}"`),
      );
      expect(age, `age alarm on ${queue.name}`).toBeDefined();
      // Well before the retention period ends.
      expect(age?.Threshold).toBeLessThanOrEqual(3600);
    }
  });

  it("keeps Lambda's platform REPORT lines (system log level INFO)", () => {
    for (const [id, fn] of ofType("AWS::Lambda::Function")) {
      const level = fn.Properties?.LoggingConfig?.SystemLogLevel;
      if (level !== undefined) expect(level, id).toBe("INFO");
    }
  });

  it("projects into the search indexes only what a search reads (an enrichment rewrites none of them)", () => {
    /** What the enrich worker sets (functions/pipeline/enrichment.ts). */
    const enrichmentAttributes = ["ipAddress", "country", "countryCode"];
    let searchIndexes = 0;
    for (const [, table] of ofType("AWS::DynamoDB::Table")) {
      for (const index of table.Properties?.GlobalSecondaryIndexes ?? []) {
        if (!String(index.IndexName).startsWith("bySearch")) continue;
        searchIndexes += 1;
        expect(index.Projection.ProjectionType, index.IndexName).toBe("INCLUDE");
        for (const attribute of enrichmentAttributes)
          expect(index.Projection.NonKeyAttributes, index.IndexName).not.toContain(attribute);
      }
    }
    expect(searchIndexes).toBe(8);
  });
});

it("stops the synth when the site was built for another stage", async () => {
  const prodSite = await siteDirFor("prod");
  await expect(synthesizeStage("dev", prodSite)).rejects.toThrow(/not built for stage "dev"[\s\S]*canonical/);
}, 300_000);

describe("API routes as CloudFront paths", () => {
  it("orders literal paths before parameters and refuses two functions on one path", () => {
    expect(
      routePatterns([
        { name: "delete", routes: ["DELETE /api/x/{id}"] },
        { name: "stats", routes: ["GET /api/x/stats"] },
        { name: "list", routes: ["GET /api/x"] },
      ]).map((r) => r.pathPattern),
    ).toEqual(["/api/x/stats", "/api/x", "/api/x/*"]);
    expect(() =>
      routePatterns([
        { name: "a", routes: ["GET /api/x"] },
        { name: "b", routes: ["POST /api/x"] },
      ]),
    ).toThrow(/share the path \/api\/x/);
  });

  it("refuses more routes than CloudFront's behaviour quota", () => {
    const many = Array.from({ length: MAX_CACHE_BEHAVIORS }, (_, i) => ({
      name: `f${i}`,
      routes: [`GET /api/r${i}`],
    }));
    expect(() => routePatterns(many)).toThrow(new RegExp(`quota is ${MAX_CACHE_BEHAVIORS}`));
  });
});
