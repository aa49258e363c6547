// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * What a real `cdk deploy` of each stage needs beyond a clean synth (docs/DEPLOY.md): each test
 * names the mistake it guards against, as AWS documents the behaviour.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../events/api";
import { HTTP_FUNCTIONS, QUEUES } from "../../functions/registry";
import {
  API_STAGE_NAME,
  API_THROTTLE,
  resourceMethods,
  routeThrottle,
  SENSITIVE_ROUTES,
} from "../../infra/constructs/api";
import { originSecretReference } from "../../infra/constructs/api-waf";
import { WORK_QUEUE_RETENTION } from "../../infra/constructs/queues";
import type { StageConfig } from "../../infra/stages";
import { testStage } from "./stage-fixtures";
import {
  refersToNested,
  resourcesOf,
  type SynthesizedStage,
  siteDirFor,
  synthesizeStage,
  withParameters,
} from "./synth";

type Resource = { Type: string; Properties?: Record<string, any>; [key: string]: any };

const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of ["dev", "prod"] as const) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

describe.each(["dev", "prod"] as const)("stage %s deploys as AWS documents it", (stageName) => {
  let s: SynthesizedStage;
  let stage: StageConfig;
  const ofType = (type: string) => resourcesOf(s.json, type) as [string, Resource][];
  /** The REST API's own resources, in its nested stack (infra/constructs/api.ts). */
  const apiOfType = (type: string) => resourcesOf(s.apiJson, type) as [string, Resource][];
  /** Of both templates. */
  const allOfType = (type: string) => [...ofType(type), ...apiOfType(type)];
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
    stage = testStage(stageName);
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

  it("serves the API from one REST API whose functions only that API's stage may invoke (no function URL)", () => {
    expect(allOfType("AWS::Lambda::Url")).toEqual([]);
    expect(allOfType("AWS::ApiGatewayV2::Api")).toEqual([]);
    expect(ofType("AWS::ApiGateway::RestApi")).toEqual([]);
    const apis = apiOfType("AWS::ApiGateway::RestApi");
    expect(apis).toHaveLength(1);
    const [apiId, api] = apis[0] as [string, Resource];
    expect(api.Properties?.EndpointConfiguration).toEqual({ Types: ["REGIONAL"] });
    // Every permission to invoke any function: a service of this stack that is not a public
    // endpoint (SQS/stream mappings need none; EventBridge for the sweep), or API Gateway for this
    // API's own stage; never anyone, never CloudFront (no OAC for Lambda is left).
    for (const [id, permission] of allOfType("AWS::Lambda::Permission")) {
      const p = permission.Properties ?? {};
      expect(p.Principal, id).not.toBe("*");
      expect(p.Principal, id).not.toBe("cloudfront.amazonaws.com");
      expect(p.Action, id).toBe("lambda:InvokeFunction");
      if (p.Principal === "apigateway.amazonaws.com") {
        const source = JSON.stringify(p.SourceArn);
        expect(source, id).toContain(`{"Ref":"${apiId}"}`);
        expect(source, id).toContain(`/${API_STAGE_NAME}/*/*`);
      }
    }
    // In the API's nested stack, one per HTTP function, each on its own function of the stage's stack.
    const apiGrants = apiOfType("AWS::Lambda::Permission").filter(
      ([, p]) => p.Properties?.Principal === "apigateway.amazonaws.com",
    );
    expect(apiGrants).toHaveLength(HTTP_FUNCTIONS.length);
    for (const definition of HTTP_FUNCTIONS)
      expect(
        apiGrants.filter(([, p]) =>
          withParameters(p.Properties?.FunctionName, s).includes(`"${functionId(definition.name)}"`),
        ),
        definition.name,
      ).toHaveLength(1);
    expect(
      ofType("AWS::Lambda::Permission").filter(
        ([, p]) => p.Properties?.Principal === "apigateway.amazonaws.com",
      ),
    ).toEqual([]);
    expect(
      ofType("AWS::CloudFront::OriginAccessControl").map(
        ([, o]) => o.Properties?.OriginAccessControlConfig.OriginAccessControlOriginType,
      ),
    ).toEqual(["s3"]);
  });

  it("gives every registry route its method on its resource, proxied to its own function", () => {
    const resources = new Map(apiOfType("AWS::ApiGateway::Resource"));
    const pathOf = (resourceId: unknown): string => {
      const ref = (resourceId as { Ref?: string }).Ref;
      if (!ref) return "";
      const resource = resources.get(ref) as Resource;
      return `${pathOf(resource.Properties?.ParentId)}/${resource.Properties?.PathPart}`;
    };
    const methods = apiOfType("AWS::ApiGateway::Method").map(([, m]) => m.Properties ?? {});
    const byRoute = new Map(methods.map((m) => [`${m.HttpMethod} ${pathOf(m.ResourceId)}`, m]));
    for (const definition of HTTP_FUNCTIONS) {
      for (const route of definition.routes) {
        const method = byRoute.get(route);
        expect(method, route).toBeDefined();
        expect(method?.Integration.Type, route).toBe("AWS_PROXY");
        expect(withParameters(method?.Integration.Uri, s), route).toContain(
          `"${functionId(definition.name)}"`,
        );
        expect(method?.AuthorizationType ?? "NONE", route).toBe("NONE");
      }
    }
    // Every resource with routes answers its other methods with 405 and Allow (docs/product/http-api.md).
    for (const [path, owners] of resourceMethods(HTTP_FUNCTIONS)) {
      const any = byRoute.get(`ANY ${path}`);
      expect(any?.Integration.Type, path).toBe("MOCK");
      expect(any?.Integration.PassthroughBehavior, path).toBe("NEVER");
      expect(JSON.parse(any?.Integration.RequestTemplates["application/json"]), path).toEqual({
        statusCode: 405,
      });
      const answer = any?.Integration.IntegrationResponses[0];
      expect(answer.StatusCode, path).toBe("405");
      expect(answer.SelectionPattern, path).toBeUndefined();
      expect(answer.ResponseParameters["method.response.header.Allow"], path).toBe(
        `'${[...owners.keys()].sort().join(", ")}'`,
      );
    }
    // Nothing else: no method that no registry route asked for.
    const routes = HTTP_FUNCTIONS.flatMap((d) => d.routes.map((r) => r.replace(/\s+/, " ")));
    const expected = new Set([
      ...routes,
      ...[...resourceMethods(HTTP_FUNCTIONS).keys()].map((p) => `ANY ${p}`),
    ]);
    expect(new Set(byRoute.keys())).toEqual(expected);
  });

  it("throttles the stage, tighter on the sensitive routes, and logs every request as JSON with retention", () => {
    const [, apiStage] = apiOfType("AWS::ApiGateway::Stage")[0] as [string, Resource];
    const props = apiStage.Properties ?? {};
    expect(props.StageName).toBe(API_STAGE_NAME);
    const settings = props.MethodSettings as any[];
    expect(settings).toContainEqual(
      expect.objectContaining({
        HttpMethod: "*",
        ResourcePath: "/*",
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      }),
    );
    for (const route of SENSITIVE_ROUTES) {
      const [method, path] = route.split(" ");
      expect(settings, route).toContainEqual(
        expect.objectContaining({
          HttpMethod: method,
          // API Gateway's escaping of a resource path in a method setting: "/" + path with "/" as "~1".
          ResourcePath: `/${(path ?? "").replace(/\//g, "~1")}`,
          ThrottlingRateLimit: routeThrottle(route).rateLimit,
          ThrottlingBurstLimit: routeThrottle(route).burstLimit,
        }),
      );
    }
    // The access log group is the stage's stack's (its name is fixed), passed in as a parameter.
    const logGroupId = /"(ApiAccessLogs[A-Za-z0-9]+)"/.exec(
      withParameters(props.AccessLogSetting.DestinationArn, s),
    )?.[1] as string;
    expect(logGroupId).toBeDefined();
    expect(s.json.Resources[logGroupId]?.Properties?.RetentionInDays).toBeGreaterThan(0);
    const format = JSON.parse(props.AccessLogSetting.Format);
    expect(format).toMatchObject({
      requestId: "$context.requestId",
      status: "$context.status",
      waf: "$context.wafResponseCode",
    });
  });

  it("answers API Gateway's own errors as JSON { error } (unknown path 404, throttled 429, WAF 403)", () => {
    const responses = apiOfType("AWS::ApiGateway::GatewayResponse").map(([, r]) => r.Properties ?? {});
    const byType = new Map(responses.map((r) => [r.ResponseType, r]));
    for (const [type, status] of [
      ["MISSING_AUTHENTICATION_TOKEN", "404"],
      ["THROTTLED", "429"],
      ["WAF_FILTERED", "403"],
      ["DEFAULT_4XX", undefined],
      ["DEFAULT_5XX", undefined],
    ] as const) {
      const response = byType.get(type);
      expect(response, type).toBeDefined();
      expect(response?.StatusCode, type).toBe(status);
      const template = String(response?.ResponseTemplates["application/json"]);
      const sample = template.replace("$context.error.messageString", JSON.stringify("Some message"));
      expect(ApiError.safeParse(JSON.parse(sample)).success, type).toBe(true);
      expect(response?.ResponseParameters["gatewayresponse.header.Cache-Control"], type).toBe("'no-store'");
    }
  });

  it("has one /api/* behaviour to the REST API's stage, at most 3 origins, and a web ACL on the stage", () => {
    const [, distribution] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    const config = distribution.Properties?.DistributionConfig;
    const [apiId] = apiOfType("AWS::ApiGateway::RestApi")[0] as [string, Resource];
    expect(config.Origins.length).toBeLessThanOrEqual(3);
    const apiBehaviours = (config.CacheBehaviors as any[]).filter((b) =>
      String(b.PathPattern).startsWith("/api"),
    );
    expect(apiBehaviours.map((b) => b.PathPattern)).toEqual(["/api/*"]);
    const origin = config.Origins.find((o: any) => o.Id === apiBehaviours[0].TargetOriginId);
    // The nested stack's outputs: CloudFront's origin changes only once the API's stack is complete.
    expect(refersToNested(origin.DomainName, s.apiJson, apiId)).toBe(true);
    expect(JSON.stringify(origin.DomainName)).toContain(".execute-api.");
    // "/" + the stage's name (a reference to the stage, so CloudFront waits for it).
    const [stageId, apiStage] = apiOfType("AWS::ApiGateway::Stage")[0] as [string, Resource];
    expect(apiStage.Properties?.StageName).toBe(API_STAGE_NAME);
    expect(refersToNested(origin.OriginPath, s.apiJson, stageId)).toBe(true);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    expect(origin.OriginAccessControlId).toBeUndefined();

    // The association is in the API's nested stack with the stage; the web ACL in the stage's stack.
    expect(ofType("AWS::WAFv2::WebACLAssociation")).toEqual([]);
    const associations = apiOfType("AWS::WAFv2::WebACLAssociation");
    expect(associations).toHaveLength(1);
    const association = (associations[0] as [string, Resource])[1].Properties ?? {};
    expect(JSON.stringify(association.ResourceArn)).toContain(`{"Ref":"${stageId}"}`);
    expect(JSON.stringify(association.ResourceArn)).toContain(`{"Ref":"${apiId}"}`);
    const aclId = JSON.parse(withParameters(association.WebACLArn, s))["Fn::GetAtt"][0];
    const acl: Record<string, any> = s.json.Resources[aclId]?.Properties ?? {};
    expect(acl.Scope).toBe("REGIONAL");
    expect(acl.DefaultAction.Block.CustomResponse.ResponseCode).toBe(403);
  });

  it("stays under CloudFormation's 500 resources per stack, the API's nested stack too", () => {
    for (const [name, json] of [
      ["stack", s.json],
      ["API nested stack", s.apiJson],
    ] as const) {
      const count = Object.keys(json.Resources).length;
      console.log(`stage ${stageName} ${name}: ${count} resources of 500 (${500 - count} left)`);
      expect(count, name).toBeLessThan(500);
    }
    // The nested stack's parameters and outputs have limits of their own (200 each).
    expect(Object.keys(s.apiJson.Parameters ?? {}).length).toBeLessThan(200);
    expect(Object.keys(s.apiJson.Outputs ?? {}).length).toBeLessThan(200);
    expect(Object.keys(s.json.Outputs ?? {}).length).toBeLessThan(200);
  });

  it("sends only CloudFront's requests with the pinned origin secret, and never a secret in clear", () => {
    const verify = stage.originVerify;
    if (!verify) throw new Error("no originVerify");
    const template = JSON.stringify(s.json) + JSON.stringify(s.apiJson);
    // The only dynamic references: the origin secret, by version id, in the origin header and the WAF rule.
    const references = template.match(/\{\{resolve:[^}]*\}\}/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(reference).toMatch(
        new RegExp(
          `^\\{\\{resolve:secretsmanager:${verify.secretName}:SecretString:::[A-Za-z0-9-]{32,64}\\}\\}$`,
        ),
      );
    }
    const [, distribution] = ofType("AWS::CloudFront::Distribution")[0] as [string, Resource];
    const headers = ((distribution.Properties?.DistributionConfig.Origins ?? []) as any[]).flatMap(
      (origin) => origin.OriginCustomHeaders ?? [],
    );
    expect(headers).toEqual([
      { HeaderName: "x-origin-verify", HeaderValue: originSecretReference(verify.secretName, verify.sent) },
    ]);
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

  it("alarms on the age of the oldest message of every work queue, and keeps work messages 7 days", () => {
    for (const queue of QUEUES) {
      const [id, resource] = ofType("AWS::SQS::Queue").find(
        ([, q]) => q.Properties?.QueueName === `repdesk-${stage.name}-${queue.name}`,
      ) as [string, Resource];
      expect(resource.Properties?.MessageRetentionPeriod, queue.name).toBe(WORK_QUEUE_RETENTION.toSeconds());
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

describe("API routes as REST API resources", () => {
  it("groups each path's methods and refuses two functions on one route", () => {
    const resources = resourceMethods([
      { name: "lead", routes: ["GET /api/x/{id}", "DELETE /api/x/{id}"] },
      { name: "stats", routes: ["GET /api/x/stats"] },
    ]);
    expect([...resources.entries()].map(([path, methods]) => [path, [...methods.entries()]])).toEqual([
      [
        "/api/x/{id}",
        [
          ["GET", "lead"],
          ["DELETE", "lead"],
        ],
      ],
      ["/api/x/stats", [["GET", "stats"]]],
    ]);
    expect(() =>
      resourceMethods([
        { name: "a", routes: ["GET /api/x"] },
        { name: "b", routes: ["GET /api/x"] },
      ]),
    ).toThrow(/served by both "a" and "b"/);
  });
});
