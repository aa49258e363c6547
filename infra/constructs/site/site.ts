/**
 * The public site: a private S3 bucket behind CloudFront (Origin Access Control), the prerendered
 * files of web/dist deployed into it (hashed assets cached for a year, HTML revalidated on every
 * visit), clean URLs and real 404s by a CloudFront Function, `/api/*` forwarded uncached to the
 * REST API's stage with the origin secret (infra/constructs/api-waf.ts), security headers on every
 * answer and the WAF in front.
 */
import {
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from "aws-cdk-lib";
import type { RestApi } from "aws-cdk-lib/aws-apigateway";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { RestApiOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, Source } from "aws-cdk-lib/aws-s3-deployment";
import { Construct } from "constructs";
import { TOKEN_STATE_HEADER } from "../../../events/waf-token";
import { COMMAND_CENTER_PATH_PATTERN, securityHeaders } from "../../security-headers";
import { CSP_HASHES_FILE, verifiedCspHashes } from "../../site/csp-hashes";
import type { StageConfig } from "../../stages";
import { ORIGIN_VERIFY_HEADER, sentOriginSecret } from "../api-waf";
import type { Monitoring } from "../monitoring";
import { securityHeadersPolicy } from "./headers-policy";
import { HASHED_ASSETS, IMMUTABLE_CACHE, REVALIDATE_CACHE, urlRewriteCode } from "./url-rewrite";

export { HASHED_ASSETS, IMMUTABLE_CACHE, REVALIDATE_CACHE };

/** How long the production content bucket keeps a replaced or deleted file's old version. */
export const NONCURRENT_VERSION_EXPIRY = Duration.days(90);

/** The one cache behaviour of the API. */
export const API_PATH_PATTERN = "/api/*";

/** Request headers the API handlers read (functions/lib/http), passed on to API Gateway. */
export const API_FORWARDED_HEADERS = [
  "Content-Type",
  "Origin",
  "Sec-Fetch-Site",
  "User-Agent",
  "Accept",
  "CloudFront-Viewer-Address",
  // Inserted by the web ACL on the form posts (infra/constructs/waf-token.ts), which refuses a
  // client-sent one; listed so CloudFront passes WAF's header on to API Gateway.
  TOKEN_STATE_HEADER,
] as const;

export interface SiteProps {
  readonly stage: StageConfig;
  /** web/dist */
  readonly siteDir: string;
  /** The REST API whose stage serves /api/* (infra/constructs/api.ts). */
  readonly restApi: RestApi;
  readonly webAclArn: string;
  readonly monitoring: Monitoring;
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { stage } = props;
    const removal = stage.production
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    this.logBucket = new Bucket(this, "Logs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are written with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.production ? 365 : 30) }],
      ...removal,
    });
    Validations.of(this.logBucket).acknowledge({
      id: "AwsSolutions-S1",
      reason: "This is the access-log bucket; logging it into itself would loop.",
    });

    this.bucket = new Bucket(this, "Content", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: stage.production,
      // Every deploy replaces the pages: keep replaced versions long enough to roll back, not forever.
      lifecycleRules: stage.production
        ? [
            {
              noncurrentVersionExpiration: NONCURRENT_VERSION_EXPIRY,
              abortIncompleteMultipartUploadAfter: Duration.days(7),
            },
          ]
        : undefined,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: "s3/",
      ...removal,
    });

    const urlRewrite = new CloudFrontFunction(this, "UrlRewrite", {
      functionName: `repdesk-${stage.name}-url-rewrite`,
      comment: "Clean URLs to prerendered files; 404 status for unknown paths",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(urlRewriteCode()),
    });

    const headers = securityHeaders({ tagManagerId: stage.tagManagerId, indexable: stage.production });
    // The pages' inline stylesheet is allowed by its hash (docs/decisions/0089-inline-css-csp-hash.md);
    // a site whose pages carry a style this policy would block is refused here, at synth.
    const { styleSrc, scriptSrc } = verifiedCspHashes(props.siteDir);
    const siteHeaders = securityHeadersPolicy(
      this,
      "SiteHeaders",
      `repdesk-${stage.name}-site`,
      securityHeaders({
        tagManagerId: stage.tagManagerId,
        wafSdkUrl: stage.wafToken.sdkUrl,
        indexable: stage.production,
        styleHashes: styleSrc,
        scriptHashes: scriptSrc,
      }),
    );
    // The Command Center's own policy: no tag manager hosts (infra/security-headers.ts, SiteArea).
    const commandCenterHeaders = securityHeadersPolicy(
      this,
      "CommandCenterHeaders",
      `repdesk-${stage.name}-commandcenter`,
      securityHeaders({
        area: "commandCenter",
        indexable: stage.production,
        styleHashes: styleSrc,
        scriptHashes: scriptSrc,
      }),
    );
    const apiHeaders = securityHeadersPolicy(this, "ApiHeaders", `repdesk-${stage.name}-api`, headers, {
      "Cache-Control": "no-store",
    });

    // /api/*: uncached, all methods, to the REST API's stage with the origin secret that its web
    // ACL asks for. Forwarded: cookies, query strings, the headers the handlers read, and
    // CloudFront-Viewer-Address (the client's address; CloudFront sets it, so no client can forge
    // it, and the web ACL admits nothing that did not come through here). Not Host: API Gateway
    // answers only to its own name.
    const verify = stage.originVerify;
    if (!verify) throw new Error(`Stage "${stage.name}" has no originVerify (infra/stages.ts)`);
    const apiRequests = new OriginRequestPolicy(this, "ApiRequests", {
      originRequestPolicyName: `repdesk-${stage.name}-api`,
      comment: `RepDesk ${stage.name}: what the API handlers read`,
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });
    const apiBehavior: BehaviorOptions = {
      origin: new RestApiOrigin(props.restApi, {
        customHeaders: { [ORIGIN_VERIFY_HEADER]: sentOriginSecret(verify) },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: apiHeaders,
      compress: true,
    };

    const certificate = stage.certificateArn
      ? Certificate.fromCertificateArn(this, "Certificate", stage.certificateArn)
      : undefined;

    const siteBehavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: siteCachePolicy(this, stage.name),
      responseHeadersPolicy: siteHeaders,
      compress: true,
      functionAssociations: [
        { function: urlRewrite, eventType: FunctionEventType.VIEWER_REQUEST },
        { function: urlRewrite, eventType: FunctionEventType.VIEWER_RESPONSE },
      ],
    };

    this.distribution = new Distribution(this, "Distribution", {
      comment: `RepDesk ${stage.name}`,
      defaultBehavior: siteBehavior,
      additionalBehaviors: {
        [API_PATH_PATTERN]: apiBehavior,
        // The same pages from the same origin, with the Command Center's policy.
        [COMMAND_CENTER_PATH_PATTERN]: { ...siteBehavior, responseHeadersPolicy: commandCenterHeaders },
      },
      domainNames: stage.domainName ? [stage.domainName] : undefined,
      certificate,
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: "cloudfront/",
      webAclId: props.webAclArn,
    });
    Validations.of(this.distribution).acknowledge({
      id: "AwsSolutions-CFR1",
      reason: "A public marketing site for prospects anywhere; no country is excluded.",
    });
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: "AwsSolutions-CFR4",
        reason:
          "Non-production stage without a custom domain uses the default *.cloudfront.net certificate, whose TLS floor CloudFront fixes; production stages set a certificate (TLSv1.2_2021).",
      });
    }

    props.monitoring.siteServerErrorRate(
      this.distribution.metric5xxErrorRate({ period: Duration.minutes(5), statistic: "Average" }),
      this.distribution.metricRequests({ period: Duration.minutes(5), statistic: "Sum" }),
      5,
    );
    this.deployContent(props.siteDir);
    new CfnOutput(this, "SiteDomain", {
      key: "DistributionDomainName",
      value: this.distribution.distributionDomainName,
    });
    new CfnOutput(this, "DistributionIdOutput", {
      key: "DistributionId",
      value: this.distribution.distributionId,
    });
  }

  /**
   * Two deployments of the same folder: hashed assets first (immutable, never pruned, so pages
   * still cached in a browser find the assets they reference), then everything else (revalidated
   * on each visit, pruned), followed by one invalidation.
   */
  private deployContent(siteDir: string): void {
    const source = Source.asset(siteDir);
    const assets = new BucketDeployment(this, "DeployAssets", {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ["*"],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE)],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, "DeployPages", {
      sources: [source],
      destinationBucket: this.bucket,
      // The CSP hashes are a build input of this stack, not a page (the header carries them).
      exclude: [HASHED_ASSETS, CSP_HASHES_FILE],
      prune: true,
      cacheControl: [CacheControl.fromString(REVALIDATE_CACHE)],
      distribution: this.distribution,
      distributionPaths: ["/*"],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    acknowledgeDeploymentHelpers(Stack.of(this), this.bucket);
  }
}

/**
 * The site's cache policy: CachingOptimized's key (no cookies, headers or query strings) with
 * gzip and Brotli in the key, so CloudFront compresses and serves the encoding each viewer
 * accepts; the TTLs follow each object's Cache-Control (a year immutable for hashed assets, 0 with
 * revalidation for pages), minimum 0 so a page is never held past what it says.
 */
function siteCachePolicy(scope: Construct, stageName: string): CachePolicy {
  return new CachePolicy(scope, "SiteCache", {
    cachePolicyName: `repdesk-${stageName}-site`,
    comment: "Site files: TTL from Cache-Control, compressed (gzip, Brotli)",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.days(1),
    maxTtl: Duration.days(365),
    cookieBehavior: CacheCookieBehavior.none(),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
}

/** CDK's own helper functions (BucketDeployment, auto-delete) live at the stack root. */
function acknowledgeDeploymentHelpers(stack: Stack, bucket: Bucket): void {
  const bucketId = stack.getLogicalId(bucket.node.defaultChild as CfnBucket);
  const accounts = Token.isUnresolved(stack.account) ? ["<AWS::AccountId>"] : [stack.account];
  // The partition is a token or, with the recommended feature flags and a known region, literal.
  const assetBuckets = accounts.flatMap((account) =>
    ["<AWS::Partition>", "aws"].map(
      (partition) =>
        `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${stack.region}/*`,
    ),
  );
  const why =
    "CDK's BucketDeployment helper (aws-cdk-lib): it copies the site's asset zip into the content bucket, ";
  for (const child of stack.node.children) {
    if (!/^Custom::CDKBucketDeployment|^Custom::S3AutoDeleteObjects/.test(child.node.id)) continue;
    Validations.of(child).acknowledge(
      {
        id: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason: `${why}and aws-cdk-lib gives its role the basic logging policy.`,
      },
      { id: "AwsSolutions-L1", reason: `${why}and aws-cdk-lib pins its runtime.` },
      ...["s3:GetObject*", "s3:GetBucket*", "s3:List*", "s3:DeleteObject*", "s3:Abort*"].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${why}which needs these S3 action groups on the asset and content buckets only.`,
      })),
      ...[...assetBuckets, `<${bucketId}.Arn>/*`].map((resource) => ({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason: `${why}so it reads objects of the CDK asset bucket and writes objects of this site's bucket.`,
      })),
      {
        id: "AwsSolutions-IAM5[Resource::*]",
        reason: `${why}and invalidates the distribution afterwards (cloudfront:CreateInvalidation/GetInvalidation as granted by aws-cdk-lib).`,
      },
    );
  }
}
