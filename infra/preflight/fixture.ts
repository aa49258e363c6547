/**
 * For the preflight's tests: a small cloud assembly shaped like the one `cdk synth` writes for a
 * stage (manifest.json, the stack's template, a nested template), and an AWS account that answers
 * every question as AWS documents the answers of a healthy account, through aws-sdk-client-mock.
 * Each test changes one thing of either and sees the one check it should.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ACMClient,
  ResourceNotFoundException as AcmNotFound,
  DescribeCertificateCommand,
} from "@aws-sdk/client-acm";
import {
  APIGatewayClient,
  GetAccountCommand as GetApiGatewayAccountCommand,
} from "@aws-sdk/client-api-gateway";
import { GetAccountSettingsCommand, LambdaClient } from "@aws-sdk/client-lambda";
import {
  DescribeSecretCommand,
  ListSecretVersionIdsCommand,
  ResourceNotFoundException as SecretNotFound,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from "@aws-sdk/client-sesv2";
import { GetParameterCommand, ParameterNotFound, SSMClient } from "@aws-sdk/client-ssm";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { CheckCapacityCommand, type Scope, WAFV2Client } from "@aws-sdk/client-wafv2";
import { mockClient } from "aws-sdk-client-mock";
import { apiWebAcl, edgeWebAcl } from "./fixture-waf";
import type { PreflightClients, PreflightStage } from "./preflight";
import type { TemplateJson } from "./template";

export const ACCOUNT = "111122223333";
export const REGION = "us-east-1";
export const DOMAIN = "dev.repdesk.example.com";
export const SENDER = "hello@dev.repdesk.example.com";
export const SECRET_NAME = "repdesk-dev/origin-verify";
export const VERSION = "3f1c2a9e-6b1d-4c7e-9a55-0d2b8c4e7f10";
export const CERTIFICATE_ARN = `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/5d6e0a3b-9c1f-4b2e-8d47-1a9c3e5f7b20`;
export const BOOTSTRAP_PARAMETER = "/cdk-bootstrap/hnb659fds/version";

export const STAGE: PreflightStage = {
  name: "dev",
  production: false,
  region: REGION,
  account: ACCOUNT,
  sesMaxSendRate: 1,
};

const reference = (versionId: string) =>
  `{{resolve:secretsmanager:${SECRET_NAME}:SecretString:::${versionId}}}`;

type FixtureResource = {
  Type: string;
  Properties: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
};
type FixtureTemplate<Names extends string> = TemplateJson & { Resources: Record<Names, FixtureResource> };

/** The stage's stack: CloudFront and its web ACL, the origin secret, SES, a worker and its queue mapping. */
export function rootTemplate(): FixtureTemplate<
  "Distribution" | "EdgeWebAcl" | "SenderDomain" | "NotifyFunction" | "NotifyMapping" | "ApiRest"
> {
  return {
    Parameters: {
      BootstrapVersion: { Type: "AWS::SSM::Parameter::Value<String>", Default: BOOTSTRAP_PARAMETER },
    },
    Rules: {
      CheckBootstrapVersion: {
        Assertions: [
          {
            Assert: {
              "Fn::Not": [{ "Fn::Contains": [["1", "2", "3", "4", "5"], { Ref: "BootstrapVersion" }] }],
            },
          },
        ],
      },
    },
    Resources: {
      Distribution: {
        Type: "AWS::CloudFront::Distribution",
        Properties: {
          DistributionConfig: {
            Aliases: [DOMAIN],
            Origins: [
              {
                Id: "Api",
                OriginCustomHeaders: [{ HeaderName: "x-origin-verify", HeaderValue: reference(VERSION) }],
              },
            ],
            ViewerCertificate: { AcmCertificateArn: CERTIFICATE_ARN, SslSupportMethod: "sni-only" },
          },
        },
      },
      EdgeWebAcl: edgeWebAcl(),
      SenderDomain: {
        Type: "AWS::SES::EmailIdentity",
        Properties: { EmailIdentity: "dev.repdesk.example.com" },
      },
      NotifyFunction: {
        Type: "AWS::Lambda::Function",
        Properties: {
          Environment: { Variables: { SENDER_ADDRESS: SENDER, STAFF_INBOX: "staff@repdesk.example.com" } },
        },
      },
      NotifyMapping: {
        Type: "AWS::Lambda::EventSourceMapping",
        Properties: { FunctionName: { Ref: "NotifyFunction" }, ScalingConfig: { MaximumConcurrency: 2 } },
      },
      ApiRest: {
        Type: "AWS::CloudFormation::Stack",
        Properties: { TemplateURL: "https://s3.us-east-1.amazonaws.com/bucket/nested.json" },
        Metadata: {
          "aws:asset:path": "RepDeskdevApiRest.nested.template.json",
          "aws:asset:property": "TemplateURL",
        },
      },
    },
  };
}

/**
 * The REST API's nested stack: a stage with JSON access logs, as infra/constructs/api.ts makes it,
 * and a regional web ACL admitting the origin secret's header (infra/constructs/api-waf.ts).
 */
export function nestedTemplate(): FixtureTemplate<"ApiWebAcl" | "Stage"> {
  return {
    Resources: {
      ApiWebAcl: apiWebAcl(reference(VERSION)),
      Stage: {
        Type: "AWS::ApiGateway::Stage",
        Properties: {
          StageName: "live",
          AccessLogSetting: {
            DestinationArn: {
              "Fn::Join": ["", ["arn:aws:logs:us-east-1:", { Ref: "AWS::AccountId" }, ":log-group:x"]],
            },
            Format: "{}",
          },
          MethodSettings: [{ DataTraceEnabled: false, HttpMethod: "*", ResourcePath: "/*" }],
        },
      },
    },
  };
}

/** Writes an assembly as `cdk synth -o <dir>` does for stack RepDesk-dev; returns the folder. */
export function writeAssembly(
  root: TemplateJson = rootTemplate(),
  nested: TemplateJson = nestedTemplate(),
): string {
  const dir = mkdtempSync(join(tmpdir(), "repdesk-preflight-test-"));
  mkdirSync(dir, { recursive: true });
  const bootstrap = {
    requiresBootstrapStackVersion: 6,
    bootstrapStackVersionSsmParameter: BOOTSTRAP_PARAMETER,
  };
  const manifest = {
    version: "55.0.0",
    artifacts: {
      "RepDesk-dev.assets": {
        type: "cdk:asset-manifest",
        properties: { file: "RepDesk-dev.assets.json", ...bootstrap },
      },
      "RepDesk-dev": {
        type: "aws:cloudformation:stack",
        environment: "aws://unknown-account/us-east-1",
        properties: {
          templateFile: "RepDesk-dev.template.json",
          ...bootstrap,
          lookupRole: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the manifest's placeholder, as the CDK writes it
            arn: "arn:${AWS::Partition}:iam::${AWS::AccountId}:role/lookup",
            requiresBootstrapStackVersion: 8,
            bootstrapStackVersionSsmParameter: BOOTSTRAP_PARAMETER,
          },
        },
        dependencies: ["RepDesk-dev.assets"],
      },
    },
  };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(dir, "RepDesk-dev.template.json"), JSON.stringify(root));
  writeFileSync(join(dir, "RepDeskdevApiRest.nested.template.json"), JSON.stringify(nested));
  return dir;
}

export interface HealthyAccountOptions {
  readonly account?: string;
  /** Secret name -> version id -> its staging labels. */
  readonly secrets?: Record<string, Record<string, string[]>>;
  /** Certificate ARN -> the names it covers. */
  readonly certificates?: Record<string, string[]>;
  /** SES identities that exist, verified or not. */
  readonly identities?: Record<string, boolean>;
  /** What CheckCapacity answers for rules of each scope. */
  readonly wafCapacity?: Partial<Record<Scope, number>>;
}

/** Every client of the preflight mocked with a healthy account's answers; returns the mocks to change. */
export function healthyAccount(options: HealthyAccountOptions = {}) {
  const account = options.account ?? ACCOUNT;
  const secrets = options.secrets ?? {
    [SECRET_NAME]: { [VERSION]: ["AWSCURRENT", `repdesk-pinned-${VERSION}`] },
  };
  const certificates = options.certificates ?? { [CERTIFICATE_ARN]: [DOMAIN] };
  const identities = options.identities ?? { "dev.repdesk.example.com": true };
  // About what the stage's own web ACLs take (infra/constructs/waf.ts, api-waf.ts).
  const wafCapacity = { CLOUDFRONT: 1100, REGIONAL: 2, ...options.wafCapacity };
  const mocks = {
    sts: mockClient(STSClient),
    ssm: mockClient(SSMClient),
    secretsManager: mockClient(SecretsManagerClient),
    apiGateway: mockClient(APIGatewayClient),
    acm: mockClient(ACMClient),
    ses: mockClient(SESv2Client),
    lambda: mockClient(LambdaClient),
    wafv2: mockClient(WAFV2Client),
  };
  mocks.sts.on(GetCallerIdentityCommand).resolves({
    UserId: "AROAEXAMPLEROLEID:GitHubActions",
    Account: account,
    Arn: `arn:aws:sts::${account}:assumed-role/repdesk-dev-deploy/GitHubActions`,
  });
  mocks.ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: "", $metadata: {} }));
  mocks.ssm.on(GetParameterCommand, { Name: BOOTSTRAP_PARAMETER }).resolves({
    Parameter: {
      Name: BOOTSTRAP_PARAMETER,
      Type: "String",
      Value: "30",
      Version: 3,
      DataType: "text",
      ARN: `arn:aws:ssm:${REGION}:${account}:parameter${BOOTSTRAP_PARAMETER}`,
    },
  });
  mocks.secretsManager
    .on(DescribeSecretCommand)
    .rejects(
      new SecretNotFound({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }),
    );
  mocks.secretsManager
    .on(ListSecretVersionIdsCommand)
    .rejects(
      new SecretNotFound({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }),
    );
  for (const [name, versions] of Object.entries(secrets)) {
    const arn = `arn:aws:secretsmanager:${REGION}:${account}:secret:${name}-AbCdEf`;
    // DescribeSecret lists only the versions that carry a label; ListSecretVersionIds with
    // IncludeDeprecated lists every version.
    const labelled = Object.fromEntries(Object.entries(versions).filter(([, stages]) => stages.length));
    mocks.secretsManager
      .on(DescribeSecretCommand, { SecretId: name })
      .resolves({ ARN: arn, Name: name, VersionIdsToStages: labelled });
    mocks.secretsManager.on(ListSecretVersionIdsCommand, { SecretId: name }).resolves({
      ARN: arn,
      Name: name,
      Versions: Object.entries(versions).map(([VersionId, stages]) => ({
        VersionId,
        ...(stages.length ? { VersionStages: stages } : {}),
        CreatedDate: new Date("2026-11-01T00:00:00Z"),
      })),
    });
  }
  mocks.apiGateway.on(GetApiGatewayAccountCommand).resolves({
    cloudwatchRoleArn: `arn:aws:iam::${account}:role/APIGatewayCloudWatchLogs`,
    throttleSettings: { burstLimit: 5000, rateLimit: 10000 },
    features: ["UsagePlans"],
    apiKeyVersion: "4",
  });
  mocks.acm
    .on(DescribeCertificateCommand)
    .rejects(new AcmNotFound({ message: "Could not find certificate", $metadata: {} }));
  for (const [arn, names] of Object.entries(certificates)) {
    mocks.acm.on(DescribeCertificateCommand, { CertificateArn: arn }).resolves({
      Certificate: {
        CertificateArn: arn,
        DomainName: names[0],
        SubjectAlternativeNames: names,
        Status: "ISSUED",
        Type: "AMAZON_ISSUED",
        KeyAlgorithm: "RSA_2048",
        InUseBy: [],
      },
    });
  }
  mocks.ses
    .on(GetEmailIdentityCommand)
    .rejects(new NotFoundException({ message: "Email identity does not exist.", $metadata: {} }));
  for (const [identity, verified] of Object.entries(identities)) {
    mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: identity }).resolves({
      IdentityType: identity.includes("@") ? "EMAIL_ADDRESS" : "DOMAIN",
      FeedbackForwardingStatus: true,
      VerifiedForSendingStatus: verified,
      VerificationStatus: verified ? "SUCCESS" : "PENDING",
      DkimAttributes: {
        SigningEnabled: true,
        Status: verified ? "SUCCESS" : "PENDING",
        Tokens: ["a", "b", "c"],
      },
    });
  }
  mocks.ses.on(GetAccountCommand).resolves({
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: "HEALTHY",
    ProductionAccessEnabled: true,
    SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
    SendingEnabled: true,
  });
  mocks.lambda.on(GetAccountSettingsCommand).resolves({
    AccountLimit: {
      TotalCodeSize: 80530636800,
      CodeSizeUnzipped: 262144000,
      CodeSizeZipped: 52428800,
      ConcurrentExecutions: 1000,
      UnreservedConcurrentExecutions: 1000,
    },
    AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
  });
  for (const [scope, capacity] of Object.entries(wafCapacity)) {
    mocks.wafv2.on(CheckCapacityCommand, { Scope: scope as Scope }).resolves({ Capacity: capacity });
  }
  return mocks;
}

export type AccountMocks = ReturnType<typeof healthyAccount>;

/** Clients as the CLI makes them; the mocks above answer for every instance. */
export function testClients(): PreflightClients {
  return {
    sts: new STSClient({ region: REGION }),
    ssm: new SSMClient({ region: REGION }),
    secretsManager: new SecretsManagerClient({ region: REGION }),
    apiGateway: new APIGatewayClient({ region: REGION }),
    acm: (region) => new ACMClient({ region }),
    ses: new SESv2Client({ region: REGION }),
    lambda: new LambdaClient({ region: REGION }),
    wafv2: (region) => new WAFV2Client({ region }),
  };
}

/** Ends every mock of the account (aws-sdk-client-mock mocks the client classes themselves). */
export function restore(mocks: AccountMocks): void {
  for (const mock of Object.values(mocks)) mock.restore();
}
