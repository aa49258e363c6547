// biome-ignore-all lint/suspicious/noExplicitAny: the synthesized CloudFormation template is untyped JSON.
/**
 * The synthesized stacks of both deployed stages, checked for every security-relevant property.
 * Each stage is synthesized once (with cdk-nag: synth throws on any unacknowledged finding).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../events";
import { SES_DAILY_QUOTA_MESSAGE } from "../../functions/lib/ses-mailer";
import { OUTBOX_DEAD_MESSAGE } from "../../functions/model/outbox";
import { TABLES, type TableDefinition, type TableKey } from "../../functions/model/tables";
import {
  HTTP_FUNCTIONS,
  LEAD_EXPIRY,
  OUTBOX_RELAY,
  QUEUES,
  SCHEDULED_FUNCTIONS,
  WORKERS,
} from "../../functions/registry";
import { NODE_TARGET } from "../../infra/build/functions";
import { GEOIP_DATA_FILES } from "../../infra/build/geoip";
import { SENSITIVE_ROUTES } from "../../infra/constructs/api";
import { actionsFor, scansOf } from "../../infra/constructs/data";
import { FUNCTION_SIZING, LAMBDA_RUNTIME } from "../../infra/constructs/function";
import {
  MIN_MAPPING_CONCURRENCY,
  scheduledTimeout,
  sendRateSettings,
  VISIBILITY_TIMEOUT_FACTOR,
} from "../../infra/constructs/messaging";
import { MAX_HEADER_VALUE_LENGTH } from "../../infra/constructs/site/headers-policy";
import { HASHED_ASSETS, IMMUTABLE_CACHE, REVALIDATE_CACHE } from "../../infra/constructs/site/site";
import { urlRewriteCode } from "../../infra/constructs/site/url-rewrite";
import { bodyInspectionLimit } from "../../infra/constructs/waf";
import { COMMAND_CENTER_PATH_PATTERN, securityHeaders } from "../../infra/security-headers";
import { CSP_HASHES_FILE, cspHash, readCspHashes } from "../../infra/site/csp-hashes";
import type { StageConfig } from "../../infra/stages";
import { consentProbeScript } from "../../web/src/analytics/consent";
import {
  COMMAND_CENTER_SHELL_FILE,
  htmlFileFor,
  NOT_FOUND_FILE,
  PUBLIC_PATHS,
} from "../../web/src/public-paths";
import { testStage } from "./stage-fixtures";
import { resourcesOf, type SynthesizedStage, synthesizeStage } from "./synth";

const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const ALL_FUNCTIONS = [
  ...HTTP_FUNCTIONS.map((fn) => ({ ...fn, kind: "http" as const })),
  ...[...WORKERS, ...SCHEDULED_FUNCTIONS].map((fn) => ({ ...fn, kind: "worker" as const })),
  { ...OUTBOX_RELAY, kind: "relay" as const },
  { ...LEAD_EXPIRY, kind: "worker" as const },
];
/** Services whose resources hold or move data: never granted on `*`. */
const DATA_SERVICES = ["dynamodb:", "sqs:", "ses:", "secretsmanager:", "s3:", "kms:", "sns:"];

type Resource = { Type: string; Properties?: Record<string, any>; [key: string]: any };

const synthesized = new Map<string, SynthesizedStage>();
beforeAll(async () => {
  for (const name of ["dev", "prod"] as const) synthesized.set(name, await synthesizeStage(name));
}, 600_000);

describe.each(["dev", "prod"] as const)("stage %s", (stageName) => {
  let s: SynthesizedStage;
  let stage: StageConfig;
  let resources: Record<string, Resource>;
  const ofType = (type: string) => resourcesOf(s.json, type) as [string, Resource][];
  const single = (type: string): Resource => {
    const found = ofType(type);
    expect(found).toHaveLength(1);
    return (found[0] as [string, Resource])[1];
  };
  /** The CloudFront-scope web ACL (the API stage's regional one is infra/constructs/api-waf.ts). */
  const edgeAcl = (): Resource => {
    const found = ofType("AWS::WAFv2::WebACL").filter(([, acl]) => acl.Properties?.Scope === "CLOUDFRONT");
    expect(found).toHaveLength(1);
    return (found[0] as [string, Resource])[1];
  };
  const functionNamed = (name: string): [string, Resource] => {
    const found = ofType("AWS::Lambda::Function").find(
      ([, fn]) => fn.Properties?.FunctionName === `repdesk-${stage.name}-${name}`,
    );
    if (!found) throw new Error(`no function ${name}`);
    return found;
  };
  /** Every statement of the inline policies attached to a role. */
  const statementsOfRole = (roleId: string) =>
    ofType("AWS::IAM::Policy")
      .filter(([, policy]) => (policy.Properties?.Roles ?? []).some((role: any) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties?.PolicyDocument.Statement as any[]);
  const roleOf = (fn: Resource): string => fn.Properties?.Role["Fn::GetAtt"][0];
  const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

  beforeAll(() => {
    s = synthesized.get(stageName) as SynthesizedStage;
    stage = testStage(stageName);
    resources = s.json.Resources as Record<string, Resource>;
  });

  describe("cdk-nag", () => {
    it("synthesizes with AwsSolutions registered and no unacknowledged finding", () => {
      // createApp registers the checks; app.synth() throws ValidationFailed on any finding left.
      const report = JSON.parse(readFileSync(join(s.outdir, "validation-report.json"), "utf8"));
      for (const plugin of report.pluginReports) {
        expect(plugin.conclusion, plugin.pluginName).toBe("success");
        expect(plugin.violations, plugin.pluginName).toEqual([]);
      }
    });
  });

  describe("site bucket and CloudFront", () => {
    const contentBucket = (): Resource => {
      const found = ofType("AWS::S3::Bucket").find(([id]) => id.startsWith("SiteContent"));
      if (!found) throw new Error("no content bucket");
      return found[1];
    };

    it("keeps the content bucket private, owner-enforced, logged, encrypted; versioned in production", () => {
      const bucket = contentBucket().Properties ?? {};
      expect(bucket.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.OwnershipControls.Rules).toEqual([{ ObjectOwnership: "BucketOwnerEnforced" }]);
      expect(bucket.LoggingConfiguration.DestinationBucketName).toBeDefined();
      expect(bucket.BucketEncryption).toBeDefined();
      expect(bucket.VersioningConfiguration?.Status === "Enabled").toBe(stage.production);
    });

    it("denies non-TLS access and lets only this distribution read the content bucket", () => {
      const policies = ofType("AWS::S3::BucketPolicy").filter(([, p]) =>
        p.Properties?.Bucket.Ref?.startsWith("SiteContent"),
      );
      expect(policies).toHaveLength(1);
      const statements = (policies[0] as [string, Resource])[1].Properties?.PolicyDocument.Statement as any[];
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
      );
      const allows = statements.filter((st) => st.Effect === "Allow");
      const reads = allows.filter((st) => st.Principal.Service);
      expect(reads.length).toBeGreaterThan(0);
      // Besides CloudFront, only CDK's empty-the-bucket-on-delete helper, in stages that are torn down.
      for (const other of allows.filter((st) => !st.Principal.Service)) {
        expect(stage.production).toBe(false);
        expect(JSON.stringify(other.Principal)).toContain(
          "CustomS3AutoDeleteObjectsCustomResourceProviderRole",
        );
      }
      for (const read of reads) {
        expect(read.Principal).toEqual({ Service: "cloudfront.amazonaws.com" });
        expect(asList(read.Action)).toEqual(["s3:GetObject"]);
        expect(JSON.stringify(read.Condition)).toContain("AWS:SourceArn");
      }
    });

    it("reaches S3 through Origin Access Control (no OAI, no public website)", () => {
      const oacs = ofType("AWS::CloudFront::OriginAccessControl").map(
        ([, o]) => o.Properties?.OriginAccessControlConfig,
      );
      // S3 only: the API is a REST API behind the origin secret, not a function URL (docs/decisions/0087).
      expect(oacs.map((o) => o.OriginAccessControlOriginType)).toEqual(["s3"]);
      const oac = oacs.find((o) => o.OriginAccessControlOriginType === "s3");
      expect(oac).toMatchObject({
        OriginAccessControlOriginType: "s3",
        SigningBehavior: "always",
        SigningProtocol: "sigv4",
      });
      const origins = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig.Origins as any[];
      const s3 = origins.find((o) => o.S3OriginConfig);
      expect(s3.OriginAccessControlId).toBeDefined();
      expect(s3.S3OriginConfig.OriginAccessIdentity).toBe("");
    });

    it("maps clean URLs with the route-table function on viewer request and response, without custom error pages", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      const events = config.DefaultCacheBehavior.FunctionAssociations.map((a: any) => a.EventType);
      expect(events.sort()).toEqual(["viewer-request", "viewer-response"]);
      expect(config.CustomErrorResponses).toBeUndefined();
      const fn = single("AWS::CloudFront::Function").Properties ?? {};
      expect(fn.FunctionCode).toBe(urlRewriteCode());
      expect(fn.FunctionConfig.Runtime).toBe("cloudfront-js-2.0");
    });

    it("sends /api/* uncached to the REST API with every method, the handlers' headers, cookies and query, never Host", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      const apis = (config.CacheBehaviors as any[]).filter((b) => String(b.PathPattern).startsWith("/api"));
      expect(apis).toHaveLength(1);
      const api = apis[0];
      expect(api).toMatchObject({ CachePolicyId: CACHING_DISABLED, ViewerProtocolPolicy: "https-only" });
      expect([...api.AllowedMethods].sort()).toEqual([
        "DELETE",
        "GET",
        "HEAD",
        "OPTIONS",
        "PATCH",
        "POST",
        "PUT",
      ]);
      const policy: any =
        s.json.Resources[api.OriginRequestPolicyId.Ref]?.Properties?.OriginRequestPolicyConfig;
      expect(policy.CookiesConfig.CookieBehavior).toBe("all");
      expect(policy.QueryStringsConfig.QueryStringBehavior).toBe("all");
      expect(policy.HeadersConfig.HeaderBehavior).toBe("whitelist");
      const headers = (policy.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase());
      expect(headers).not.toContain("host");
      for (const name of [
        "content-type",
        "origin",
        "sec-fetch-site",
        "user-agent",
        "cloudfront-viewer-address",
      ])
        expect(headers).toContain(name);
    });

    it("redirects viewers to HTTPS, logs, and uses TLS 1.2+ with the stage's certificate when it has a domain", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe("redirect-to-https");
      expect(config.Logging.Bucket).toBeDefined();
      if (stage.domainName) {
        expect(config.Aliases).toEqual([stage.domainName]);
        expect(config.ViewerCertificate).toMatchObject({
          AcmCertificateArn: stage.certificateArn,
          MinimumProtocolVersion: "TLSv1.2_2021",
        });
      }
    });

    it("puts a security headers policy equal to securityHeaders() on every behaviour, plus no-store on /api/*", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
      const options = { tagManagerId: stage.tagManagerId, indexable: stage.production };
      // The pages' policy adds the built site's inline-style hashes to style-src (decision 0089), and
      // the consent probe's to script-src (decision 0109).
      const built = readCspHashes(s.siteDir);
      const pageHeaders = securityHeaders({
        ...options,
        styleHashes: built.styleSrc,
        scriptHashes: built.scriptSrc,
      });
      for (const behaviour of behaviours) {
        const policyId = behaviour.ResponseHeadersPolicyId.Ref;
        const policy = resources[policyId]?.Properties?.ResponseHeadersPolicyConfig;
        const sent = headersOfPolicy(policy);
        const apiBehaviour = String(behaviour.PathPattern).startsWith("/api/");
        const commandCenter = behaviour.PathPattern === COMMAND_CENTER_PATH_PATTERN;
        const expected = apiBehaviour
          ? securityHeaders(options)
          : commandCenter
            ? securityHeaders({
                area: "commandCenter",
                indexable: stage.production,
                styleHashes: built.styleSrc,
                scriptHashes: built.scriptSrc,
              })
            : pageHeaders;
        for (const [name, value] of Object.entries(expected))
          expect(sent[name.toLowerCase()], name).toBe(value);
        expect(sent["cache-control"]).toBe(apiBehaviour ? "no-store" : undefined);
      }
      // The Command Center has a behaviour of its own, like the pages but for its policy, which
      // names no Google host even on a stage with a tag manager.
      const commandCenter = behaviours.find(
        (behaviour) => behaviour.PathPattern === COMMAND_CENTER_PATH_PATTERN,
      );
      expect(commandCenter).toBeDefined();
      const { PathPattern: _pattern, ResponseHeadersPolicyId: ccPolicy, ...ccRest } = commandCenter;
      const { ResponseHeadersPolicyId: pagePolicy, ...pageRest } = config.DefaultCacheBehavior;
      expect(ccRest).toEqual(pageRest);
      expect(ccPolicy).not.toEqual(pagePolicy);
      const ccSent = headersOfPolicy(resources[ccPolicy.Ref]?.Properties?.ResponseHeadersPolicyConfig);
      expect(ccSent["content-security-policy"]).not.toMatch(/google|doubleclick/);
      const hsts = headersOfPolicy(
        resources[config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref]?.Properties
          ?.ResponseHeadersPolicyConfig,
      )["strict-transport-security"];
      expect(Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain("includeSubDomains");
    });

    /** The headers the pages (the default behaviour) are served with. */
    const servedPageHeaders = () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      return headersOfPolicy(
        resources[config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref]?.Properties
          ?.ResponseHeadersPolicyConfig,
      );
    };

    it("allows the pages' inline stylesheets by their sha256 hashes (one per family of pages), never by 'unsafe-inline', within CloudFront's header quota", () => {
      const headers = servedPageHeaders();
      const csp = headers["content-security-policy"] ?? "";
      const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
      expect(styleSrc[0]).toBe("'self'");
      expect(styleSrc.slice(1)).toEqual(readCspHashes(s.siteDir).styleSrc.map((hash) => `'${hash}'`));
      // One per family of pages (docs/decisions/0105-paint-before-hydration.md), each listed once.
      expect(styleSrc.length).toBeGreaterThan(1);
      expect(new Set(styleSrc).size).toBe(styleSrc.length);
      expect(csp).not.toContain("unsafe");
      for (const value of Object.values(headers))
        expect(value.length).toBeLessThanOrEqual(MAX_HEADER_VALUE_LENGTH);
    });

    it("allows the consent probe by its hash exactly when the stage has a tag manager (decision 0109), the entry loader always", () => {
      const csp = servedPageHeaders()["content-security-policy"] ?? "";
      const scriptHashes = (/(?:^|; )script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? []).filter((source) =>
        source.startsWith("'sha256-"),
      );
      const probe = `'${cspHash(consentProbeScript())}'`;
      expect(scriptHashes.includes(probe)).toBe(stage.tagManagerId !== undefined);
      // And the entry loader's, on every stage (decision 0112).
      expect(scriptHashes).toHaveLength(stage.tagManagerId ? 2 : 1);
      expect(scriptHashes).toEqual(readCspHashes(s.siteDir).scriptSrc.map((hash) => `'${hash}'`));
    });

    it("serves HTTP/2 and HTTP/3, compressed (gzip and Brotli in the cache key), TTLs from each file's Cache-Control", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      expect(config.HttpVersion).toBe("http2and3");
      expect(config.DefaultCacheBehavior.Compress).toBe(true);
      for (const behaviour of config.CacheBehaviors as any[]) expect(behaviour.Compress).toBe(true);
      const cache = resources[config.DefaultCacheBehavior.CachePolicyId.Ref]?.Properties?.CachePolicyConfig;
      expect(cache).toMatchObject({
        MinTTL: 0,
        MaxTTL: 31_536_000,
        ParametersInCacheKeyAndForwardedToOrigin: {
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
          CookiesConfig: { CookieBehavior: "none" },
          HeadersConfig: { HeaderBehavior: "none" },
          QueryStringsConfig: { QueryStringBehavior: "none" },
        },
      });
      // A year for the hashed assets fits under MaxTTL; the pages' revalidation under MinTTL 0.
      expect(IMMUTABLE_CACHE).toMatch(/max-age=31536000\b.*immutable/);
      expect(REVALIDATE_CACHE).toMatch(/no-cache|max-age=0/);
      const deployments = ofType("Custom::CDKBucketDeployment").map(([, d]) => d.Properties ?? {});
      const pages = deployments.find((d) => d.Exclude?.includes(HASHED_ASSETS) && !d.Include);
      expect(pages?.Exclude).toContain(CSP_HASHES_FILE);
    });

    it("deploys hashed assets immutable and unpruned, then the pages revalidated with an invalidation", () => {
      const deployments = ofType("Custom::CDKBucketDeployment").map(([, d]) => d.Properties ?? {});
      const assets = deployments.find((d) => d.Include?.includes(HASHED_ASSETS));
      const pages = deployments.find((d) => d.Exclude?.includes(HASHED_ASSETS) && !d.Include);
      expect(assets).toMatchObject({ Prune: false, SystemMetadata: { "cache-control": IMMUTABLE_CACHE } });
      expect(pages).toMatchObject({
        SystemMetadata: { "cache-control": REVALIDATE_CACHE },
        DistributionPaths: ["/*"],
      });
      expect(pages?.Prune).not.toBe(false);
    });

    it("ships every prerendered route, the Command Center shell and 404.html in the site asset", () => {
      const pages = ofType("Custom::CDKBucketDeployment").find(([, d]) => !d.Properties?.Include)?.[1];
      const key = JSON.stringify(pages?.Properties?.SourceObjectKeys);
      const hash = /([0-9a-f]{64})\.zip/.exec(key)?.[1];
      const assetDir = join(s.outdir, `asset.${hash}`);
      expect(existsSync(assetDir), assetDir).toBe(true);
      const expected = [...PUBLIC_PATHS.map(htmlFileFor), COMMAND_CENTER_SHELL_FILE, NOT_FOUND_FILE];
      const missing = expected.filter((file) => !existsSync(join(assetDir, file)));
      expect(missing, `missing in the site asset (is web/dist built? ${assetDir})`).toEqual([]);
    });
  });

  describe("WAF", () => {
    it("names the body inspection limit for the body limit and refuses one WAF cannot inspect", () => {
      expect(bodyInspectionLimit(64 * 1024)).toBe("KB_64");
      expect(bodyInspectionLimit(16 * 1024)).toBe("KB_16");
      expect(() => bodyInspectionLimit(100 * 1024)).toThrow(/16, 32, 48 or 64 KB/);
    });

    it("attaches a CloudFront-scope web ACL with the rate limit, body limit and AWS managed rule sets", () => {
      const acl = edgeAcl().Properties ?? {};
      expect(acl.Scope).toBe("CLOUDFRONT");
      const rules = acl.Rules as any[];
      const managed = rules.flatMap((r) => r.Statement.ManagedRuleGroupStatement?.Name ?? []);
      expect(managed).toEqual(
        expect.arrayContaining(["AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"]),
      );
      const rate = rules.find((r) => r.Name === "RateLimitSensitiveRoutes")?.Statement.RateBasedStatement;
      expect(rate.Limit).toBe(stage.edgeRateLimitPer5Minutes);
      expect(rate.AggregateKeyType).toBe("IP");
      const scoped = JSON.stringify(rate.ScopeDownStatement);
      for (const route of SENSITIVE_ROUTES) expect(scoped).toContain(`${route.split(" ")[1]}`);
      // Every public link route (a token or a name in the body, no session) is rate-limited at the
      // edge: "This wasn't me" too, which ends every session of an account.
      const publicLinkRoutes = HTTP_FUNCTIONS.flatMap((fn) => fn.routes).filter((route) =>
        /^POST \/api\/auth\/(password|invitation|not-me)/.test(route),
      );
      expect(publicLinkRoutes).toContain("POST /api/auth/not-me");
      for (const route of publicLinkRoutes) expect(scoped).toContain(`${route.split(" ")[1]}`);
      const body = rules.find((r) => r.Name === "ApiBodyTooLarge");
      expect(body.Action.Block.CustomResponse.ResponseCode).toBe(413);
      expect(JSON.stringify(body.Statement)).toContain('"OversizeHandling":"MATCH"');
      expect(JSON.stringify(body.Statement)).toContain(`"Size":${LIMITS.bodyBytes}`);
      // WAF must see the whole body the size rule judges, or an allowed body would count as oversize.
      expect(acl.AssociationConfig.RequestBody.CLOUDFRONT.DefaultSizeInspectionLimit).toBe(
        `KB_${LIMITS.bodyBytes / 1024}`,
      );
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      expect(config.WebACLId["Fn::GetAtt"][1]).toBe("Arn");
    });
  });

  describe("data", () => {
    it.each(Object.keys(TABLES) as TableKey[])(
      "table %s: on demand, PITR, encrypted, TTL/stream as defined, protected in production",
      (key) => {
        const definition = TABLES[key] as (typeof TABLES)[TableKey] & {
          timeToLiveAttribute?: string;
          streamNewImages?: boolean;
        };
        const found = ofType("AWS::DynamoDB::Table").find(
          ([, t]) => t.Properties?.TableName === `repdesk-${stage.name}-${definition.id}`,
        );
        if (!found) throw new Error(`no table ${key}`);
        const [, table] = found;
        expect(table.Properties).toMatchObject({
          BillingMode: "PAY_PER_REQUEST",
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { SSEEnabled: true },
        });
        expect(Boolean(table.Properties?.DeletionProtectionEnabled)).toBe(stage.production);
        expect(table.DeletionPolicy).toBe(stage.production ? "Retain" : "Delete");
        expect(table.UpdateReplacePolicy).toBe(stage.production ? "Retain" : "Delete");
        expect(table.Properties?.TimeToLiveSpecification?.AttributeName).toBe(definition.timeToLiveAttribute);
        expect(table.Properties?.StreamSpecification?.StreamViewType).toBe(
          definition.streamNewImages
            ? "NEW_IMAGE"
            : (definition as TableDefinition).streamOldImages
              ? "OLD_IMAGE"
              : undefined,
        );
      },
    );

    it("gives the functions that write signups, contacts or timelines the retention period (they write expiresAt)", () => {
      for (const fn of ALL_FUNCTIONS) {
        const writes = (["signups", "contacts", "audit"] as const).some((k) => {
          const access = (fn.tables as Partial<Record<TableKey, string>>)[k];
          return access !== undefined && access !== "read";
        });
        const env = functionNamed(fn.name)[1].Properties?.Environment.Variables;
        expect(env.RETENTION_DAYS, fn.name).toBe(writes ? String(stage.retentionDays) : undefined);
      }
    });
  });

  describe("messaging", () => {
    it.each(QUEUES.map((q) => [q.name]))(
      "queue %s: DLQ with the registry's maxReceiveCount, SSL only, encrypted, long enough visibility",
      (name) => {
        const definition = QUEUES.find((q) => q.name === name);
        const queue = ofType("AWS::SQS::Queue").find(
          ([, q]) => q.Properties?.QueueName === `repdesk-${stage.name}-${name}`,
        )?.[1];
        const dlq = ofType("AWS::SQS::Queue").find(
          ([, q]) => q.Properties?.QueueName === `repdesk-${stage.name}-${name}-dlq`,
        );
        expect(queue?.Properties?.RedrivePolicy).toEqual({
          deadLetterTargetArn: { "Fn::GetAtt": [dlq?.[0], "Arn"] },
          maxReceiveCount: definition?.maxReceiveCount,
        });
        expect(queue?.Properties?.SqsManagedSseEnabled).toBe(true);
        // Six times its own worker's time limit, as read from the worker in the template.
        const [, worker] = functionNamed(definition?.worker ?? "");
        expect(queue?.Properties?.VisibilityTimeout).toBe(
          VISIBILITY_TIMEOUT_FACTOR * worker.Properties?.Timeout,
        );
        const queueIds = [ofType("AWS::SQS::Queue").find(([, q]) => q === queue)?.[0], dlq?.[0]];
        for (const queueId of queueIds) {
          const policy = ofType("AWS::SQS::QueuePolicy").find(([, p]) =>
            p.Properties?.Queues.some((q: any) => q.Ref === queueId),
          )?.[1];
          expect(JSON.stringify(policy?.Properties?.PolicyDocument)).toContain(
            '"aws:SecureTransport":"false"',
          );
        }
      },
    );

    it("feeds each worker from its queue with partial batch failures", () => {
      for (const queue of QUEUES) {
        const [fnId] = functionNamed(queue.worker);
        const mapping = ofType("AWS::Lambda::EventSourceMapping").find(
          ([, m]) => m.Properties?.FunctionName.Ref === fnId,
        )?.[1];
        expect(mapping?.Properties).toMatchObject({
          FunctionResponseTypes: ["ReportBatchItemFailures"],
          BatchSize: expect.any(Number),
        });
      }
    });

    it("keeps the notify worker under the stage's SES send rate, and alarms when SES refuses for the day", () => {
      const [notifyId, notify] = functionNamed("notify");
      const mapping = ofType("AWS::Lambda::EventSourceMapping").find(
        ([, m]) => m.Properties?.FunctionName.Ref === notifyId,
      )?.[1].Properties;
      const interval = Number(notify.Properties?.Environment?.Variables?.SES_MIN_SEND_INTERVAL_MS);
      const concurrency = mapping?.ScalingConfig?.MaximumConcurrency;
      expect(concurrency).toBe(MIN_MAPPING_CONCURRENCY);
      // Every concurrent batch sends at most one e-mail per interval: together at most the rate.
      expect((concurrency * 1000) / interval).toBeLessThanOrEqual(stage.sesMaxSendRate);
      expect(mapping?.BatchSize).toBe(
        sendRateSettings(stage.sesMaxSendRate, FUNCTION_SIZING.worker.timeout.toSeconds()).batchSize,
      );
      // A batch at that pace (two e-mails a message) ends well within the function's timeout.
      expect(mapping?.BatchSize * 2 * interval).toBeLessThanOrEqual(
        (FUNCTION_SIZING.worker.timeout.toSeconds() * 1000) / 2,
      );
      const filter = ofType("AWS::Logs::MetricFilter").find(([, f]) =>
        String(f.Properties?.FilterPattern).includes(SES_DAILY_QUOTA_MESSAGE),
      )?.[1].Properties;
      expect(filter).toBeDefined();
      expect(
        ofType("AWS::CloudWatch::Alarm").some(
          ([, a]) => a.Properties?.MetricName === filter?.MetricTransformations?.[0]?.MetricName,
        ),
      ).toBe(true);
    });

    it("feeds the outbox relay from the outbox stream (inserts only, bisect, retries, failure queue) and a 5-minute sweep", () => {
      const [relayId] = functionNamed(OUTBOX_RELAY.name);
      const mapping = ofType("AWS::Lambda::EventSourceMapping").find(
        ([, m]) => m.Properties?.FunctionName.Ref === relayId,
      )?.[1];
      expect(mapping?.Properties).toMatchObject({
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: expect.any(Number),
        FunctionResponseTypes: ["ReportBatchItemFailures"],
        FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ["INSERT"] }) }] },
        DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      });
      expect(JSON.stringify(mapping?.Properties?.EventSourceArn)).toContain("StreamArn");
      const rule = ofType("AWS::Events::Rule").find(([, r]) =>
        r.Properties?.Targets.some((t: any) => t.Arn["Fn::GetAtt"]?.[0] === relayId),
      )?.[1];
      expect(rule?.Properties?.ScheduleExpression).toBe("rate(5 minutes)");
    });

    // docs/decisions/0103-counts-follow-ttl-deletions.md
    it("feeds lead-expiry from both lead tables' streams (old images, TTL deletions only, bisect, failure queue), least privilege", () => {
      const [fnId, fn] = functionNamed(LEAD_EXPIRY.name);
      const mappings = ofType("AWS::Lambda::EventSourceMapping").filter(
        ([, m]) => m.Properties?.FunctionName.Ref === fnId,
      );
      const leadTables = (["signups", "contacts"] as const).map(
        (key) =>
          ofType("AWS::DynamoDB::Table").find(
            ([, t]) => t.Properties?.TableName === `repdesk-${stage.name}-${TABLES[key].id}`,
          ) as [string, Resource],
      );
      for (const [, table] of leadTables)
        expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: "OLD_IMAGE" });
      expect(mappings.map(([, m]) => m.Properties?.EventSourceArn["Fn::GetAtt"]).sort()).toEqual(
        leadTables.map(([id]) => [id, "StreamArn"]).sort(),
      );
      const failureQueues = new Set<string>();
      for (const [, mapping] of mappings) {
        expect(mapping.Properties).toMatchObject({
          StartingPosition: "TRIM_HORIZON",
          BisectBatchOnFunctionError: true,
          MaximumRetryAttempts: expect.any(Number),
          MaximumRecordAgeInSeconds: 86_400,
          FunctionResponseTypes: ["ReportBatchItemFailures"],
          FilterCriteria: {
            Filters: [
              {
                Pattern: JSON.stringify({
                  eventName: ["REMOVE"],
                  userIdentity: { type: ["Service"], principalId: ["dynamodb.amazonaws.com"] },
                }),
              },
            ],
          },
        });
        failureQueues.add(mapping.Properties?.DestinationConfig?.OnFailure?.Destination?.["Fn::GetAtt"]?.[0]);
      }
      expect(failureQueues.size).toBe(1);
      const [queueId] = [...failureQueues];
      expect(resources[queueId as string]?.Properties?.QueueName).toBe(
        `repdesk-${stage.name}-lead-expiry-failures`,
      );
      // It adds and updates counter and marker items of the two lead tables and reads their streams: no
      // delete, no read of records, no other table.
      const statements = statementsOfRole(roleOf(fn)).filter((st) =>
        asList(st.Action).some((action: string) => action.startsWith("dynamodb:")),
      );
      const actions = new Set(statements.flatMap((st) => asList(st.Action)));
      expect([...actions].sort()).toEqual(
        [
          ...new Set([
            ...actionsFor("upsert"),
            "dynamodb:DescribeStream",
            "dynamodb:GetRecords",
            "dynamodb:GetShardIterator",
            "dynamodb:ListStreams",
          ]),
        ].sort(),
      );
      const reached = JSON.stringify(statements.map((st) => st.Resource));
      for (const [id] of ofType("AWS::DynamoDB::Table"))
        expect(reached.includes(`"${id}"`), id).toBe(leadTables.some(([leadId]) => leadId === id));
      const alarmProperties = ofType("AWS::CloudWatch::Alarm").map(([, a]) => a.Properties ?? {});
      expect(
        alarmProperties.some(
          (a) => a.MetricName === "IteratorAge" && JSON.stringify(a.Dimensions).includes(`"${fnId}"`),
        ),
      ).toBe(true);
    });

    it("runs each scheduled function on its EventBridge rule with retries, a dead-letter queue and alarms", () => {
      for (const definition of SCHEDULED_FUNCTIONS) {
        const [fnId, fn] = functionNamed(definition.name);
        // A batch job (the desk backfill) has a time limit of its own, ended before its next run.
        expect(fn.Properties?.Timeout).toBe(scheduledTimeout(definition).toSeconds());
        expect(fn.Properties?.Timeout).toBeLessThan(definition.everyMinutes * 60);
        // One run at a time: an overlapping invocation is throttled, and EventBridge's retry waits.
        expect(fn.Properties?.ReservedConcurrentExecutions, definition.name).toBe(1);
        const rule = ofType("AWS::Events::Rule").find(([, r]) =>
          r.Properties?.Targets.some((t: any) => t.Arn["Fn::GetAtt"]?.[0] === fnId),
        )?.[1];
        // EventBridge's unit is singular for 1 ("rate(1 minute)": the integrations' sweeper).
        const unit = definition.everyMinutes === 1 ? "minute" : "minutes";
        expect(rule?.Properties?.ScheduleExpression).toBe(`rate(${definition.everyMinutes} ${unit})`);
        expect(rule?.Properties?.State ?? "ENABLED").toBe("ENABLED");
        const target = rule?.Properties?.Targets[0];
        expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
        const dlqId = target.DeadLetterConfig.Arn["Fn::GetAtt"][0];
        expect(resources[dlqId]?.Type).toBe("AWS::SQS::Queue");
        // EventBridge may invoke the function (from this rule only) and send to the queue.
        const permission = ofType("AWS::Lambda::Permission").find(
          ([, p]) =>
            JSON.stringify(p.Properties?.FunctionName).includes(fnId) &&
            p.Properties?.Principal === "events.amazonaws.com",
        )?.[1];
        expect(JSON.stringify(permission?.Properties?.SourceArn)).toContain(
          ofType("AWS::Events::Rule").find(([, r]) => r === rule)?.[0],
        );
        const alarmsOn = (dimension: string) =>
          ofType("AWS::CloudWatch::Alarm").filter(([, a]) =>
            JSON.stringify(a.Properties?.Dimensions ?? []).includes(dimension),
          );
        expect(alarmsOn(fnId).some(([, a]) => a.Properties?.MetricName === "Errors")).toBe(true);
        expect(
          alarmsOn(dlqId).some(([, a]) => a.Properties?.MetricName === "ApproximateNumberOfMessagesVisible"),
        ).toBe(true);
      }
    });
  });

  describe("functions", () => {
    it("runs every registry function on Node.js 24 arm64 (the bundler's target), without X-Ray, JSON logs and a log group with retention", () => {
      expect(`node${/nodejs(\d+)\.x/.exec(LAMBDA_RUNTIME.name)?.[1]}`).toBe(NODE_TARGET);
      for (const fn of ALL_FUNCTIONS) {
        const props = functionNamed(fn.name)[1].Properties ?? {};
        expect(props).toMatchObject({
          Runtime: "nodejs24.x",
          Architectures: ["arm64"],
          Handler: "index.handler",
          LoggingConfig: { LogFormat: "JSON" },
        });
        // No X-Ray: nothing writes subsegments (docs/decisions/0118-prod-safety-and-limits.md).
        expect(props.TracingConfig?.Mode ?? "PassThrough", fn.name).toBe("PassThrough");
        const logGroupId = props.LoggingConfig.LogGroup.Ref;
        expect(resources[logGroupId]?.Properties?.RetentionInDays, fn.name).toBeGreaterThan(0);
      }
      for (const [, group] of ofType("AWS::Logs::LogGroup"))
        expect(group.Properties?.RetentionInDays).toBeGreaterThan(0);
    });

    it("keeps secrets out of the environment: ARNs only, and the session key only where the registry asks for it", () => {
      for (const fn of ALL_FUNCTIONS) {
        const env = functionNamed(fn.name)[1].Properties?.Environment.Variables as Record<string, unknown>;
        expect(env.SESSION_SECRET, fn.name).toBeUndefined();
        // HTTP functions that read sessions, and the mail workers (the erasure marker's keyed reference).
        const wantsKey = (fn as { sessionKey?: boolean }).sessionKey === true;
        expect(env.SESSION_SECRET_ARN !== undefined, fn.name).toBe(wantsKey);
        for (const value of Object.values(env)) expect(JSON.stringify(value)).not.toMatch(/"[0-9a-f]{64}"/);
      }
      for (const [, secret] of ofType("AWS::SecretsManager::Secret")) {
        expect(secret.Properties?.GenerateSecretString).toMatchObject({
          PasswordLength: 64,
          ExcludeUppercase: true,
          ExcludePunctuation: true,
          ExcludeCharacters: "ghijklmnopqrstuvwxyz",
        });
        expect(secret.Properties?.SecretString).toBeUndefined();
      }
    });

    it("grants least privilege: no wildcard actions, no wildcard resources on data, exactly the registry's tables", () => {
      for (const fn of ALL_FUNCTIONS) {
        const [, resource] = functionNamed(fn.name);
        const statements = statementsOfRole(roleOf(resource));
        expect(
          ofType("AWS::IAM::Role").find(([id]) => id === roleOf(resource))?.[1].Properties?.ManagedPolicyArns,
        ).toBeUndefined();
        for (const statement of statements) {
          const actions = asList(statement.Action) as string[];
          const targets = asList(statement.Resource).map((r) => JSON.stringify(r));
          for (const action of actions) expect(action.includes("*"), `${fn.name}: ${action}`).toBe(false);
          if (actions.some((a) => DATA_SERVICES.some((service) => a.startsWith(service)))) {
            for (const target of targets) expect(target.includes("*"), `${fn.name}: ${target}`).toBe(false);
          } else if (targets.includes('"*"')) {
            expect(
              actions.every((a) => a.startsWith("xray:")),
              `${fn.name}: ${actions}`,
            ).toBe(true);
          }
        }
        const tableStatements = statements.filter((st) =>
          asList(st.Action).some(
            (a: string) =>
              a.startsWith("dynamodb:") &&
              !a.includes("Stream") &&
              a !== "dynamodb:GetRecords" &&
              a !== "dynamodb:GetShardIterator",
          ),
        );
        const granted = new Set(
          tableStatements.flatMap((st) =>
            asList(st.Resource).map((r: any) => r["Fn::GetAtt"]?.[0] ?? JSON.stringify(r)),
          ),
        );
        const expectedTables = Object.keys(fn.tables).map(
          (key) =>
            ofType("AWS::DynamoDB::Table").find(
              ([, t]) => t.Properties?.TableName === `repdesk-${stage.name}-${TABLES[key as TableKey].id}`,
            )?.[0],
        );
        const grantedTables = [...granted].filter(
          (id) => expectedTables.includes(id) || resources[id]?.Type === "AWS::DynamoDB::Table",
        );
        expect(grantedTables.sort(), fn.name).toEqual([...expectedTables].sort());
        for (const [key, access] of Object.entries(fn.tables)) {
          const actions = tableStatements
            .filter((st) =>
              JSON.stringify(st.Resource).includes(
                `"${expectedTables[Object.keys(fn.tables).indexOf(key)]}"`,
              ),
            )
            .flatMap((st) => asList(st.Action));
          const scans = scansOf(fn.name).includes(key as TableKey);
          expect([...new Set(actions)].sort(), `${fn.name} ${key}`).toEqual(actionsFor(access, scans).sort());
          // A Scan only where the registry lists one (TABLE_SCANS): every other read is a get or a query.
          expect(actions.includes("dynamodb:Scan"), `${fn.name} ${key} scan`).toBe(scans);
        }
      }
    });

    // docs/decisions/0057: a bug or injected code in a public form or a worker must not be able to
    // clear a login lock, a revoked session or a TOTP replay guard.
    it("keeps the auth-state table away from the public forms and every worker; the auth functions reach it", () => {
      const tableIdOf = (key: TableKey) =>
        ofType("AWS::DynamoDB::Table").find(
          ([, t]) => t.Properties?.TableName === `repdesk-${stage.name}-${TABLES[key].id}`,
        )?.[0] as string;
      const reaches = (name: string, key: TableKey) =>
        statementsOfRole(roleOf(functionNamed(name)[1])).some((st) =>
          JSON.stringify(st.Resource ?? "").includes(`"${tableIdOf(key)}"`),
        );
      expect(tableIdOf("authState")).toBeDefined();
      expect(tableIdOf("authState")).not.toBe(tableIdOf("ephemeral"));
      const untrusted = [
        "signup",
        "contact",
        ...[...WORKERS, ...SCHEDULED_FUNCTIONS].map((w) => w.name),
        OUTBOX_RELAY.name,
        LEAD_EXPIRY.name,
      ];
      for (const name of untrusted) expect(reaches(name, "authState"), name).toBe(false);
      for (const name of ["signup", "contact", "notify"]) expect(reaches(name, "ephemeral"), name).toBe(true);
      const signsIn = [
        "auth-login",
        "auth-user",
        "auth-logout",
        "auth-passkey",
        "account",
        "account-passkeys",
        "team",
        "invitation",
      ];
      for (const name of signsIn) expect(reaches(name, "authState"), name).toBe(true);
      // Every Command Center route checks revocations there.
      for (const fn of HTTP_FUNCTIONS.filter((f) => f.sessionKey))
        expect(reaches(fn.name, "authState"), fn.name).toBe(true);
    });

    // docs/decisions/0073-passkeys.md, spelled out rather than read from the registry: a looser
    // registry entry or a dropped WAF path fails here.
    it("gives the passkey functions the stage's site, the account tables, the session key and (adding/removing) SES only; WAF rate-limits passkey sign-in", () => {
      const tableKeyOf = (id: string) =>
        (Object.keys(TABLES) as TableKey[]).find(
          (key) => resources[id]?.Properties?.TableName === `repdesk-${stage.name}-${TABLES[key].id}`,
        );
      for (const name of ["auth-passkey", "account-passkeys"]) {
        // The relying party (RP ID and the one accepted origin) is the stage's site.
        expect(functionNamed(name)[1].Properties?.Environment?.Variables?.SITE_URL, name).toBe(stage.siteUrl);
        const statements = statementsOfRole(roleOf(functionNamed(name)[1]));
        const byTable = new Map<string, string[]>();
        for (const statement of statements) {
          for (const target of asList(statement.Resource)) {
            const key = tableKeyOf((target as { "Fn::GetAtt"?: string[] })["Fn::GetAtt"]?.[0] ?? "");
            if (key) byTable.set(key, [...(byTable.get(key) ?? []), ...asList(statement.Action)]);
          }
        }
        expect([...byTable.keys()].sort(), name).toEqual(["audit", "authState", "users"]);
        // The audit log is written, never read back by these functions.
        for (const read of ["dynamodb:GetItem", "dynamodb:Query", "dynamodb:Scan"])
          expect(byTable.get("audit"), name).not.toContain(read);
        const services = new Set(
          statements.flatMap((st) => asList(st.Action).map((a: string) => a.split(":")[0])),
        );
        // account-passkeys e-mails the notice of a passkey added or removed (docs/decisions/0082).
        const sends = name === "account-passkeys" ? ["ses"] : [];
        expect([...services].sort(), name).toEqual(["dynamodb", "logs", "secretsmanager", ...sends]);
        const secrets = statements.filter((st) =>
          asList(st.Action).some((a: string) => a.startsWith("secretsmanager:")),
        );
        expect(
          secrets.map((st) => st.Resource),
          name,
        ).toEqual([{ Ref: expect.stringMatching(/^SecretsSessionKey/) }]);
      }
      const acl = edgeAcl().Properties ?? {};
      const rules = acl.Rules as {
        Name: string;
        Statement: {
          RateBasedStatement?: { ScopeDownStatement: { RegexMatchStatement?: { RegexString: string } } };
        };
      }[];
      // Both the sign-in rule and the sensitive routes' rule (test/infra/hardening.test.ts evaluates them).
      for (const name of ["RateLimitSignIn", "RateLimitSensitiveRoutes"]) {
        const rate = rules.find((r) => r.Name === name)?.Statement.RateBasedStatement;
        const pattern = new RegExp(rate?.ScopeDownStatement.RegexMatchStatement?.RegexString ?? "^$");
        for (const path of ["/api/auth/passkey/options", "/api/auth/passkey/verify"])
          expect(pattern.test(path), `${name} ${path}`).toBe(true);
      }
    });

    it("lets only the functions that send e-mail use SES, scoped to the identity and configuration set", () => {
      for (const fn of ALL_FUNCTIONS) {
        const statements = statementsOfRole(roleOf(functionNamed(fn.name)[1]));
        const ses = statements.filter((st) => asList(st.Action).some((a: string) => a.startsWith("ses:")));
        // The notification worker, and the HTTP functions that mail staff (invitations, resets).
        const sends = (fn as { sendsEmail?: boolean }).sendsEmail === true;
        expect(ses.length > 0, fn.name).toBe(sends);
        for (const statement of ses) {
          expect(asList(statement.Action)).toEqual(["ses:SendEmail"]);
          expect(JSON.stringify(statement.Resource)).toContain("configuration-set");
        }
      }
      const identity = single("AWS::SES::EmailIdentity").Properties ?? {};
      expect(identity.EmailIdentity).toBe(stage.senderAddress.split("@")[1]);
      const destination = single("AWS::SES::ConfigurationSetEventDestination").Properties?.EventDestination;
      expect(destination.MatchingEventTypes).toEqual(expect.arrayContaining(["bounce", "complaint"]));
      expect(destination.SnsDestination.TopicARN).toBeDefined();
    });
  });

  describe("monitoring", () => {
    const alarms = () => ofType("AWS::CloudWatch::Alarm").map(([, a]) => a.Properties ?? {});
    const alarmOnQueue = (queueId: string) =>
      alarms().some((a) => JSON.stringify(a.Dimensions ?? []).includes(`"${queueId}"`));

    it("e-mails every alarm to the stage's alarm address", () => {
      const topic = ofType("AWS::SNS::Topic").find(
        ([, t]) => t.Properties?.TopicName === `repdesk-${stage.name}-alarms`,
      );
      expect(topic?.[1].Properties?.KmsMasterKeyId).toBeDefined();
      s.template.hasResourceProperties("AWS::SNS::Subscription", {
        Protocol: "email",
        Endpoint: stage.alarmEmail,
        TopicArn: { Ref: topic?.[0] },
      });
      for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([{ Ref: topic?.[0] }]);
    });

    it("alarms on every dead-letter queue, the relay failure queue, every function, the 5xx rate and SES reputation", () => {
      const queues = ofType("AWS::SQS::Queue");
      for (const [id, queue] of queues) {
        if (/-dlq$|-failures$/.test(queue.Properties?.QueueName))
          expect(alarmOnQueue(id), queue.Properties?.QueueName).toBe(true);
      }
      for (const fn of ALL_FUNCTIONS) {
        const [fnId] = functionNamed(fn.name);
        const metrics = alarms()
          .filter((a) => JSON.stringify(a.Dimensions ?? []).includes(`"${fnId}"`))
          .map((a) => a.MetricName);
        expect(metrics, fn.name).toEqual(expect.arrayContaining(["Errors", "Throttles"]));
      }
      expect(alarms().some((a) => JSON.stringify(a.Metrics ?? []).includes('"5xxErrorRate"'))).toBe(true);
      expect(alarms().map((a) => a.MetricName)).toEqual(
        expect.arrayContaining(["Reputation.BounceRate", "Reputation.ComplaintRate", "IteratorAge"]),
      );
    });

    it("alarms when the outbox relay sets an unreadable item aside (its 'outbox item dead' log line)", () => {
      const relayLogs = ofType("AWS::Logs::LogGroup").find(
        ([, group]) =>
          group.Properties?.LogGroupName === `/aws/lambda/repdesk-${stage.name}-${OUTBOX_RELAY.name}`,
      )?.[0];
      const filter = ofType("AWS::Logs::MetricFilter").find(([, f]) =>
        String(f.Properties?.FilterPattern).includes(OUTBOX_DEAD_MESSAGE),
      )?.[1].Properties;
      expect(filter?.LogGroupName).toEqual({ Ref: relayLogs });
      const transformation = filter?.MetricTransformations?.[0];
      const alarm = alarms().find(
        (a) => a.MetricName === transformation?.MetricName && a.Namespace === transformation?.MetricNamespace,
      );
      expect(alarm).toMatchObject({ Threshold: 1, Statistic: "Sum" });
    });
  });

  describe("bundles in the cloud assembly", () => {
    it("ships the geo-IP database inside the enrich function's asset", () => {
      const key = JSON.stringify(functionNamed("enrich")[1].Properties?.Code.S3Key);
      const hash = /([0-9a-f]{64})\.zip/.exec(key)?.[1];
      const assetDir = join(s.outdir, `asset.${hash}`);
      expect(existsSync(join(assetDir, "index.mjs"))).toBe(true);
      for (const file of GEOIP_DATA_FILES)
        expect(existsSync(join(assetDir, "geoip-country", file)), file).toBe(true);
      expect(existsSync(join(assetDir, "geoip-country", "package.json"))).toBe(true);
    });
  });

  describe("operations", () => {
    it("sends a scheduled run that fails every Lambda retry to its alarmed dead-letter queue", () => {
      // EventBridge invokes asynchronously: its own dead-letter queue sees only events it could not
      // deliver, so failures inside the function need Lambda's on-failure destination.
      const configs = ofType("AWS::Lambda::EventInvokeConfig").map(([, c]) => c.Properties ?? {});
      for (const definition of [...SCHEDULED_FUNCTIONS, OUTBOX_RELAY]) {
        const [fnId] = functionNamed(definition.name);
        const config = configs.find((c) => c.FunctionName?.Ref === fnId);
        expect(config, definition.name).toBeDefined();
        expect(config?.MaximumRetryAttempts, definition.name).toBe(2);
        const queueId = config?.DestinationConfig?.OnFailure?.Destination?.["Fn::GetAtt"]?.[0];
        expect(resources[queueId]?.Type, definition.name).toBe("AWS::SQS::Queue");
        const alarmed = ofType("AWS::CloudWatch::Alarm").some(([, alarm]) =>
          JSON.stringify(alarm.Properties?.Dimensions ?? []).includes(`"${queueId}"`),
        );
        expect(alarmed, `${definition.name}: an alarm on its failure queue`).toBe(true);
        const [, fn] = functionNamed(definition.name);
        const sends = statementsOfRole(roleOf(fn)).some(
          (st) =>
            asList(st.Action).includes("sqs:SendMessage") &&
            JSON.stringify(st.Resource).includes(`"${queueId}"`),
        );
        expect(sends, `${definition.name} may send to its failure queue`).toBe(true);
      }
    });

    it("gives the public forms no way to delete, batch-write or scan", () => {
      for (const name of ["signup", "contact"]) {
        const actions = statementsOfRole(roleOf(functionNamed(name)[1])).flatMap((st) => asList(st.Action));
        for (const forbidden of ["dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:Scan"])
          expect(actions, `${name} ${forbidden}`).not.toContain(forbidden);
        expect(actions, name).toContain("dynamodb:PutItem");
      }
    });

    it("has one dashboard with requests, errors, latency, queue age, dead letters and SES", () => {
      const [, dashboard] = ofType("AWS::CloudWatch::Dashboard")[0] ?? [];
      expect(ofType("AWS::CloudWatch::Dashboard")).toHaveLength(1);
      expect(dashboard?.Properties?.DashboardName).toBe(`repdesk-${stage.name}`);
      const body = JSON.stringify(dashboard?.Properties?.DashboardBody);
      for (const metric of [
        "AWS/CloudFront",
        "AWS/ApiGateway",
        "IntegrationLatency",
        "5xxErrorRate",
        "ApproximateAgeOfOldestMessage",
        "ApproximateNumberOfMessagesVisible",
        "Duration",
        "AWS/SES",
        "Bounce",
      ])
        expect(body, metric).toContain(metric);
      for (const queue of [...QUEUES.map((q) => q.name)]) expect(body, queue).toContain(queue);
    });

    it("keeps every stage but production out of search engines", () => {
      const config = single("AWS::CloudFront::Distribution").Properties?.DistributionConfig;
      const policyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref;
      const headers = resources[policyId]?.Properties?.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
      const robots = headers.find((h: { Header: string }) => h.Header === "X-Robots-Tag");
      expect(robots?.Value).toBe(stage.production ? undefined : "noindex, nofollow");
    });

    it("sends from a custom MAIL FROM subdomain and outputs its MX and SPF records and a DMARC policy", () => {
      const identity = single("AWS::SES::EmailIdentity");
      const domain = stage.senderAddress.split("@")[1];
      expect(identity.Properties?.MailFromAttributes).toEqual({
        MailFromDomain: `bounce.${domain}`,
        BehaviorOnMxFailure: "USE_DEFAULT_VALUE",
      });
      const outputs = JSON.stringify(s.json.Outputs);
      expect(outputs).toContain(`bounce.${domain} MX 10 feedback-smtp.us-east-1.amazonses.com`);
      expect(outputs).toContain("v=spf1 include:amazonses.com ~all");
      expect(outputs).toContain(`_dmarc.${domain} TXT`);
    });
  });
});

/** Header name (lower case) -> value, as CloudFront would send them for this policy. */
function headersOfPolicy(policy: any): Record<string, string> {
  const headers: Record<string, string> = {};
  const security = policy.SecurityHeadersConfig ?? {};
  if (security.ContentSecurityPolicy)
    headers["content-security-policy"] = security.ContentSecurityPolicy.ContentSecurityPolicy;
  if (security.ContentTypeOptions) headers["x-content-type-options"] = "nosniff";
  if (security.FrameOptions) headers["x-frame-options"] = security.FrameOptions.FrameOption;
  if (security.ReferrerPolicy) headers["referrer-policy"] = security.ReferrerPolicy.ReferrerPolicy;
  if (security.StrictTransportSecurity) {
    const hsts = security.StrictTransportSecurity;
    headers["strict-transport-security"] = [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ["includeSubDomains"] : []),
      ...(hsts.Preload ? ["preload"] : []),
    ].join("; ");
  }
  for (const custom of policy.CustomHeadersConfig?.Items ?? [])
    headers[custom.Header.toLowerCase()] = custom.Value;
  return headers;
}

it("stops the synth when a resource breaks an AwsSolutions rule without an acknowledgement", async () => {
  const { createApp } = await import("../../infra/app");
  const { Bucket } = await import("aws-cdk-lib/aws-s3");
  const { bundleOnce } = await import("./synth");
  const { dir } = await bundleOnce();
  const outdir = mkdtempSync(join(tmpdir(), "repdesk-cdk-nag-"));
  const { app, stack } = await createApp({
    stageName: "dev",
    bundlesDir: dir,
    outdir,
    stage: testStage("dev"),
  });
  new Bucket(stack, "UnloggedPlainBucket");
  expect(() => app.synth()).toThrow(/AwsSolutions-S1\b/);
}, 300_000);

it("refuses a stage outside us-east-1 with a clear message (CloudFront WAF lives there)", async () => {
  const { RepDeskStack } = await import("../../infra/stack");
  const { App } = await import("aws-cdk-lib");
  const stage = { ...testStage("dev"), region: "eu-west-1" };
  expect(() => new RepDeskStack(new App(), "X", { stage, bundlesDir: "/nope", siteDir: "/nope" })).toThrow(
    /us-east-1/,
  );
});

it("refuses at synth a site whose inline style the CSP would block", async () => {
  const {
    cpSync,
    mkdtempSync: makeTemp,
    readFileSync: read,
    rmSync,
    writeFileSync,
  } = await import("node:fs");
  const dev = synthesized.get("dev") as SynthesizedStage;
  const tampered = makeTemp(join(tmpdir(), "repdesk-tampered-site-"));
  cpSync(dev.siteDir, tampered, { recursive: true });
  const pricing = join(tampered, htmlFileFor("/pricing"));
  writeFileSync(pricing, read(pricing, "utf8").replace("<style>", "<style>body{color:red}"));
  try {
    await expect(synthesizeStage("dev", tampered)).rejects.toThrow(
      /pricing\/index\.html: inline <style> sha256-/,
    );
  } finally {
    rmSync(tampered, { recursive: true, force: true });
  }
}, 300_000);

describe("local runtime and CloudFront agree", () => {
  it("the local runtime sends exactly the headers of the synthesized policy, on pages and on the API", async () => {
    const { copyFileSync, mkdtempSync: makeTemp, writeFileSync } = await import("node:fs");
    const { startRuntime } = await import("../support/runtime");
    const dev = synthesized.get("dev") as SynthesizedStage;
    const config = resourcesOf(dev.json, "AWS::CloudFront::Distribution")[0]?.[1].Properties
      ?.DistributionConfig as any;
    const policyOf = (behaviour: any) =>
      headersOfPolicy(
        dev.json.Resources[behaviour.ResponseHeadersPolicyId.Ref]?.Properties?.ResponseHeadersPolicyConfig,
      );
    const pagePolicy = policyOf(config.DefaultCacheBehavior);
    const apiPolicy = policyOf(config.CacheBehaviors.find((b: any) => b.PathPattern === "/api/*"));

    const site = makeTemp(join(tmpdir(), "repdesk-headers-site-"));
    writeFileSync(join(site, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(join(site, "404.html"), "<!doctype html><title>404</title>");
    // The local runtime reads the inline-style hashes from the site it serves, as synth did.
    copyFileSync(join(dev.siteDir, CSP_HASHES_FILE), join(site, CSP_HASHES_FILE));
    const runtime = await startRuntime({ env: { WEB_DIST_DIR: site } });
    try {
      for (const [path, policy] of [
        ["/", pagePolicy],
        ["/api/auth/user", apiPolicy],
      ] as const) {
        const response = await fetch(`${runtime.url}${path}`);
        for (const [name, value] of Object.entries(policy)) {
          expect(response.headers.get(name), `${path} ${name}`).toBe(value);
        }
      }
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
