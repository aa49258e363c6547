/**
 * The preflight against an account that answers as AWS documents (infra/preflight/fixture.ts): one
 * test per question with a healthy answer, a dynamic reference added to a template and asked
 * about, each planted mistake failing with one sentence that names the fix, and every call it
 * makes being an action of PREFLIGHT_ACTIONS.
 */
import { DescribeCertificateCommand } from "@aws-sdk/client-acm";
import { GetAccountCommand as GetApiGatewayAccountCommand } from "@aws-sdk/client-api-gateway";
import { GetAccountSettingsCommand } from "@aws-sdk/client-lambda";
import { DescribeSecretCommand } from "@aws-sdk/client-secrets-manager";
import { GetAccountCommand, GetEmailIdentityCommand } from "@aws-sdk/client-sesv2";
import { GetParameterCommand } from "@aws-sdk/client-ssm";
import { GetCallerIdentityCommand } from "@aws-sdk/client-sts";
import { CheckCapacityCommand, Rule$, WAFInvalidParameterException } from "@aws-sdk/client-wafv2";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shapeProblems } from "./api-shape";
import { readAssembly } from "./assembly";
import type { Check } from "./check";
import {
  ACCOUNT,
  type AccountMocks,
  BOOTSTRAP_PARAMETER,
  CERTIFICATE_ARN,
  DOMAIN,
  type HealthyAccountOptions,
  healthyAccount,
  nestedTemplate,
  REGION,
  restore,
  rootTemplate,
  SECRET_NAME,
  SENDER,
  STAGE,
  testClients,
  VERSION,
  writeAssembly,
} from "./fixture";
import { PREFLIGHT_ACTIONS } from "./permissions";
import { type PreflightStage, runPreflight } from "./preflight";
import {
  askWafCapacity,
  deriveWafCapacityQuestions,
  type WafCapacityQuestion,
} from "./questions/waf-capacity";

let mocks: AccountMocks;
beforeEach(() => {
  mocks = healthyAccount();
});
afterEach(() => restore(mocks));

function account(options: HealthyAccountOptions): void {
  restore(mocks);
  mocks = healthyAccount(options);
}

async function preflight(
  templates: { root?: ReturnType<typeof rootTemplate>; nested?: ReturnType<typeof nestedTemplate> } = {},
  stage: PreflightStage = STAGE,
) {
  const assembly = readAssembly(writeAssembly(templates.root, templates.nested), "RepDesk-dev");
  return runPreflight(assembly, { clients: testClients(), stage, credentialsRegion: REGION });
}

function checkOf(checks: readonly Check[], subjectStart: string): Check {
  const check = checks.find((c) => c.subject.startsWith(subjectStart));
  if (!check) throw new Error(`no check "${subjectStart}" in ${checks.map((c) => c.subject).join("; ")}`);
  return check;
}

/** A FAIL is one sentence that names its fix: a command or a section of docs/DEPLOY.md. */
function expectFailNamingFix(check: Check, fix: string): void {
  expect(check.outcome).toBe("FAIL");
  expect(check.detail).toContain(fix);
  expect(check.detail.match(/[.!?](\s|$)/g)?.length ?? 0).toBe(1);
  expect(check.detail.trim().endsWith(".")).toBe(true);
}

describe("each question, asked of a healthy account", () => {
  it("every check of the fixture stage passes", async () => {
    const { checks } = await preflight();
    expect(checks.filter((c) => c.outcome !== "ok")).toEqual([]);
  });

  it("account: GetCallerIdentity is the stage's account", async () => {
    const { checks } = await preflight();
    expect(checkOf(checks, "account and region").detail).toContain(ACCOUNT);
    expect(mocks.sts.commandCalls(GetCallerIdentityCommand)).toHaveLength(1);
  });

  it("bootstrap: the SSM parameter the manifest names meets its requiresBootstrapStackVersion", async () => {
    const { checks, questions } = await preflight();
    expect(questions).toContainEqual({
      kind: "bootstrap",
      parameter: BOOTSTRAP_PARAMETER,
      minimum: 6,
      lookupMinimum: 8,
    });
    expect(checkOf(checks, "CDK bootstrap").detail).toBe("version 30 (needs 6)");
    expect(mocks.ssm.commandCalls(GetParameterCommand, { Name: BOOTSTRAP_PARAMETER })).toHaveLength(1);
  });

  it("secrets: each pinned version exists and carries a label", async () => {
    const { checks } = await preflight();
    expect(checkOf(checks, `secret ${SECRET_NAME} version ${VERSION}`).outcome).toBe("ok");
    // Referenced twice (CloudFront's header and the web ACL), asked once.
    expect(mocks.secretsManager.commandCalls(DescribeSecretCommand)).toHaveLength(1);
  });

  it("SSM: a {{resolve:ssm:…}} reference is asked about", async () => {
    const root = rootTemplate();
    root.Resources.NotifyFunction.Properties.Environment = {
      Variables: { SENDER_ADDRESS: SENDER, TAG: "{{resolve:ssm:/repdesk/dev/tag:2}}" },
    };
    mocks.ssm.on(GetParameterCommand, { Name: "/repdesk/dev/tag:2" }).resolves({
      Parameter: { Name: "/repdesk/dev/tag", Type: "String", Value: "x", Version: 2, DataType: "text" },
    });
    const { checks } = await preflight({ root });
    expect(checkOf(checks, "SSM parameter /repdesk/dev/tag:2")).toMatchObject({
      outcome: "ok",
      detail: "exists (version 2)",
    });
  });

  it("API Gateway: a stage with access logs needs the account's CloudWatch Logs role", async () => {
    const { checks, questions } = await preflight();
    expect(questions).toContainEqual({ kind: "api-logging-role", stages: ["RepDesk-dev/ApiRest/Stage"] });
    expect(checkOf(checks, "API Gateway CloudWatch Logs role").outcome).toBe("ok");
    expect(mocks.apiGateway.commandCalls(GetApiGatewayAccountCommand)).toHaveLength(1);
  });

  it("certificates: CloudFront's, from us-east-1, ISSUED, covering the aliases", async () => {
    const { checks, questions } = await preflight();
    expect(questions).toContainEqual(
      expect.objectContaining({
        kind: "certificate",
        arn: CERTIFICATE_ARN,
        region: "us-east-1",
        domains: [DOMAIN],
      }),
    );
    expect(checkOf(checks, "certificate").detail).toBe(`ISSUED in us-east-1, covers ${DOMAIN}`);
    expect(
      mocks.acm.commandCalls(DescribeCertificateCommand, { CertificateArn: CERTIFICATE_ARN }),
    ).toHaveLength(1);
  });

  it("SES: the sender's domain identity, and the account's standing", async () => {
    const { checks } = await preflight();
    expect(checkOf(checks, `SES sender ${SENDER}`).detail).toBe("dev.repdesk.example.com is verified");
    expect(checkOf(checks, "SES account").detail).toBe(
      "production access, 50000 a day, 14 a second, HEALTHY",
    );
    expect(mocks.ses.commandCalls(GetEmailIdentityCommand)).toHaveLength(1);
    expect(mocks.ses.commandCalls(GetAccountCommand)).toHaveLength(1);
  });

  it("Lambda: the quota covers the reservations and the mappings' maximum concurrency", async () => {
    const { checks, questions } = await preflight();
    expect(questions).toContainEqual({ kind: "concurrency", reserved: 0, mappingMaximum: 2, functions: 1 });
    expect(checkOf(checks, "Lambda concurrency").outcome).toBe("ok");
    expect(mocks.lambda.commandCalls(GetAccountSettingsCommand)).toHaveLength(1);
  });
});

describe("WAF capacity: each web ACL's rules, in the API's shape, asked in its scope's region", () => {
  const wafQuestions = (questions: readonly { kind: string }[]) =>
    questions.filter((q): q is WafCapacityQuestion => q.kind === "waf-capacity");

  it("CloudFront's ACL and the API's: every rule sent, the origin secret's reference as its text", async () => {
    const { checks, questions } = await preflight();
    const [edge, api] = wafQuestions(questions);
    expect(edge).toMatchObject({
      webAcl: "repdesk-dev",
      scope: "CLOUDFRONT",
      region: "us-east-1",
      unsent: [],
    });
    expect(api).toMatchObject({ webAcl: "repdesk-dev-api", scope: "REGIONAL", region: REGION, unsent: [] });
    for (const rule of [...(edge?.rules ?? []), ...(api?.rules ?? [])])
      expect(shapeProblems(rule, Rule$), rule.Name).toEqual([]);
    const sent = mocks.wafv2.commandCalls(CheckCapacityCommand, { Scope: "REGIONAL" })[0]?.args[0].input;
    const searchString = sent?.Rules?.[0]?.Statement?.ByteMatchStatement?.SearchString;
    expect(new TextDecoder().decode(searchString)).toBe(
      `{{resolve:secretsmanager:${SECRET_NAME}:SecretString:::${VERSION}}}`,
    );
    expect(checkOf(checks, "web ACL repdesk-dev (CLOUDFRONT) capacity")).toMatchObject({
      outcome: "ok",
      detail: "1,100 of 5,000 WCU (CheckCapacity in us-east-1, all 2 rules)",
    });
    expect(checkOf(checks, "web ACL repdesk-dev-api (REGIONAL) capacity")).toMatchObject({
      outcome: "ok",
      detail: "2 of 5,000 WCU (CheckCapacity in us-east-1, the 1 rule; 1 {{resolve:…}} text sent as written)",
    });
    expect(mocks.wafv2.commandCalls(CheckCapacityCommand)).toHaveLength(2);
  });

  it("a CLOUDFRONT ACL is asked in us-east-1, a REGIONAL one in the stack's region", async () => {
    const assembly = readAssembly(writeAssembly(), "RepDesk-dev");
    const questions = deriveWafCapacityQuestions(assembly.templates, "eu-west-1");
    expect(questions.map((q) => [q.scope, q.region])).toEqual([
      ["CLOUDFRONT", "us-east-1"],
      ["REGIONAL", "eu-west-1"],
    ]);
    const checks = [];
    for (const question of questions) checks.push(await askWafCapacity(question, testClients().wafv2));
    expect(checks[1]?.detail).toContain("CheckCapacity in eu-west-1");
    const regions = await Promise.all(
      mocks.wafv2.commandCalls(CheckCapacityCommand).map((call) => {
        const client = call.thisValue as { config: { region: () => Promise<string> } };
        return client.config.region();
      }),
    );
    expect(regions).toEqual(["us-east-1", "eu-west-1"]);
  });

  it("a set whose ARN exists only after deploy: taken out of what is sent, counted at AWS's documented WCU", async () => {
    const nested = nestedTemplate();
    const acl = nested.Resources.ApiWebAcl.Properties as { Rules: unknown[] };
    const fromDistribution = acl.Rules[0] as { Statement: unknown };
    fromDistribution.Statement = {
      AndStatement: {
        Statements: [
          fromDistribution.Statement,
          {
            NotStatement: {
              Statement: {
                IPSetReferenceStatement: {
                  Arn: { "Fn::GetAtt": ["BlockedAddresses", "Arn"] },
                  IPSetForwardedIPConfig: {
                    HeaderName: "X-Forwarded-For",
                    FallbackBehavior: "MATCH",
                    Position: "ANY",
                  },
                },
              },
            },
          },
        ],
      },
    };
    acl.Rules.push({
      Name: "ScannerPaths",
      Priority: 1,
      Action: { Block: {} },
      Statement: {
        RegexPatternSetReferenceStatement: {
          Arn: { "Fn::GetAtt": ["ScannerPatterns", "Arn"] },
          FieldToMatch: { UriPath: {} },
          TextTransformations: [
            { Priority: 0, Type: "URL_DECODE" },
            { Priority: 1, Type: "LOWERCASE" },
          ],
        },
      },
      VisibilityConfig: {
        CloudWatchMetricsEnabled: true,
        MetricName: "ScannerPaths",
        SampledRequestsEnabled: false,
      },
    });
    const { checks, questions } = await preflight({ nested });
    const api = wafQuestions(questions)[1];
    // The AND is left with the header match alone; the regex set's rule has nothing left to send.
    expect(api?.rules.map((rule) => Object.keys(rule.Statement ?? {}))).toEqual([["ByteMatchStatement"]]);
    expect(api?.unsent).toEqual([
      { what: "FromDistribution: IPSetReferenceStatement of Fn::GetAtt BlockedAddresses.Arn", wcu: 5 },
      { what: "ScannerPaths: RegexPatternSetReferenceStatement of Fn::GetAtt ScannerPatterns.Arn", wcu: 45 },
    ]);
    const check = checkOf(checks, "web ACL repdesk-dev-api");
    expect(check.outcome).toBe("ok");
    expect(check.detail).toBe(
      "52 of 5,000 WCU (CheckCapacity in us-east-1 on 1 of 2 rules: 2; plus AWS's documented WCU of what was not sent, its ARN existing only after deploy: FromDistribution: IPSetReferenceStatement of Fn::GetAtt BlockedAddresses.Arn 5, ScannerPaths: RegexPatternSetReferenceStatement of Fn::GetAtt ScannerPatterns.Arn 45; 1 {{resolve:…}} text sent as written)",
    );
  });

  it("a rule with another deploy-time value is neither sent nor counted: a warning that says so", async () => {
    const root = rootTemplate();
    const acl = root.Resources.EdgeWebAcl.Properties as {
      Rules: { Statement: { RateBasedStatement?: { Limit: unknown } } }[];
    };
    const rate = acl.Rules[0]?.Statement.RateBasedStatement;
    if (rate) rate.Limit = { Ref: "RateLimit" };
    const { checks } = await preflight({ root });
    const check = checkOf(checks, "web ACL repdesk-dev (CLOUDFRONT)");
    expect(check.outcome).toBe("warning");
    expect(check.detail).toContain(
      "not sent and not counted: RateLimitSensitiveRoutes: Statement.RateBasedStatement.Limit is known only at deploy",
    );
  });
});

describe("a dependency that appears in a template is asked about", () => {
  it("a new dynamic reference to another secret", async () => {
    const root = rootTemplate();
    root.Resources.NotifyFunction.Properties.Environment = {
      Variables: {
        SENDER_ADDRESS: SENDER,
        PARTNER_KEY: {
          "Fn::Join": [
            "",
            ["{{resolve:secretsmanager:repdesk-dev/partner:SecretString:key:AWSCURRENT}}", ""],
          ],
        },
      },
    };
    const { questions, checks } = await preflight({ root });
    expect(questions).toContainEqual({
      kind: "secret",
      secretId: "repdesk-dev/partner",
      versionStage: "AWSCURRENT",
      usedBy: ["RepDesk-dev/NotifyFunction"],
    });
    expect(
      mocks.secretsManager.commandCalls(DescribeSecretCommand, { SecretId: "repdesk-dev/partner" }),
    ).toHaveLength(1);
    expectFailNamingFix(checkOf(checks, "secret repdesk-dev/partner"), "aws secretsmanager create-secret");
  });
});

describe("planted mistakes fail with a sentence naming the fix", () => {
  it("a pinned secret version that does not exist", async () => {
    account({ secrets: { [SECRET_NAME]: { "11111111-1111-4111-8111-111111111111": ["AWSCURRENT"] } } });
    const { checks } = await preflight();
    expectFailNamingFix(
      checkOf(checks, `secret ${SECRET_NAME}`),
      'originVerify in infra/stages.ts (docs/DEPLOY.md, "The origin secret")',
    );
  });

  it("a pinned version without a staging label", async () => {
    account({
      secrets: { [SECRET_NAME]: { [VERSION]: [], "22222222-2222-4222-8222-222222222222": ["AWSCURRENT"] } },
    });
    const { checks } = await preflight();
    const check = checkOf(checks, `secret ${SECRET_NAME}`);
    expectFailNamingFix(
      check,
      `aws secretsmanager update-secret-version-stage --secret-id ${SECRET_NAME} --version-stage repdesk-pinned-${VERSION} --move-to-version-id ${VERSION}`,
    );
    expect(check.detail).toContain("carries no staging label");
  });

  it("access logging without the account's CloudWatch Logs role", async () => {
    mocks.apiGateway.on(GetApiGatewayAccountCommand).resolves({
      throttleSettings: { burstLimit: 5000, rateLimit: 10000 },
      features: ["UsagePlans"],
      apiKeyVersion: "4",
    });
    const { checks } = await preflight();
    expectFailNamingFix(
      checkOf(checks, "API Gateway CloudWatch Logs role"),
      `npm run baseline -- -c account=${ACCOUNT} -c region=${REGION}`,
    );
  });

  it("a certificate outside us-east-1", async () => {
    const root = rootTemplate();
    const arn = CERTIFICATE_ARN.replace("us-east-1", "eu-west-1");
    root.Resources.Distribution.Properties = JSON.parse(
      JSON.stringify(root.Resources.Distribution.Properties).replace(CERTIFICATE_ARN, arn),
    );
    const { checks } = await preflight({ root });
    const check = checkOf(checks, "certificate");
    expectFailNamingFix(check, 'docs/DEPLOY.md, "Adding a stage", step 1');
    expect(check.detail).toContain("is in eu-west-1");
  });

  it("a certificate of another account than the stage's", async () => {
    const root = rootTemplate();
    const arn = CERTIFICATE_ARN.replace(ACCOUNT, "444455556666");
    root.Resources.Distribution.Properties = JSON.parse(
      JSON.stringify(root.Resources.Distribution.Properties).replace(CERTIFICATE_ARN, arn),
    );
    const { checks } = await preflight({ root });
    const check = checkOf(checks, "certificate");
    expectFailNamingFix(check, "set certificateArn in infra/stages.ts");
    expect(check.detail).toContain("belongs to account 444455556666");
  });

  it("a certificate that is not issued", async () => {
    mocks.acm.on(DescribeCertificateCommand, { CertificateArn: CERTIFICATE_ARN }).resolves({
      Certificate: {
        CertificateArn: CERTIFICATE_ARN,
        DomainName: DOMAIN,
        SubjectAlternativeNames: [DOMAIN],
        Status: "PENDING_VALIDATION",
        Type: "AMAZON_ISSUED",
      },
    });
    const { checks } = await preflight();
    expectFailNamingFix(
      checkOf(checks, "certificate"),
      `aws acm describe-certificate --region us-east-1 --certificate-arn ${CERTIFICATE_ARN}`,
    );
  });

  it("a certificate that does not cover the alias (a wildcard covers one label only)", async () => {
    account({ certificates: { [CERTIFICATE_ARN]: ["repdesk.example.com", "*.example.com"] } });
    const { checks } = await preflight();
    const check = checkOf(checks, "certificate");
    expectFailNamingFix(check, "set certificateArn in infra/stages.ts");
    expect(check.detail).toContain(`but not ${DOMAIN}`);
  });

  it("a placeholder certificate ARN: the example account, or an all-zero id", async () => {
    for (const arn of [
      "arn:aws:acm:us-east-1:123456789012:certificate/5d6e0a3b-9c1f-4b2e-8d47-1a9c3e5f7b20",
      `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/00000000-0000-0000-0000-000000000000`,
    ]) {
      const root = rootTemplate();
      root.Resources.Distribution.Properties = JSON.parse(
        JSON.stringify(root.Resources.Distribution.Properties).replace(CERTIFICATE_ARN, arn),
      );
      const { checks } = await preflight({ root });
      const check = checkOf(checks, "certificate");
      expectFailNamingFix(check, "put its ARN into certificateArn in infra/stages.ts");
      expect(check.detail).toContain("is a placeholder");
    }
    expect(mocks.acm.commandCalls(DescribeCertificateCommand)).toHaveLength(0);
  });

  it("the SES sandbox: a warning for a non-production stage, a failure for a production one", async () => {
    mocks.ses.on(GetAccountCommand).resolves({
      EnforcementStatus: "HEALTHY",
      ProductionAccessEnabled: false,
      SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
      SendingEnabled: true,
    });
    const dev = checkOf((await preflight()).checks, "SES account");
    expect(dev.outcome).toBe("warning");
    const prod = checkOf(
      (await preflight({}, { ...STAGE, name: "prod", production: true })).checks,
      "SES account",
    );
    expectFailNamingFix(prod, 'docs/DEPLOY.md, "SES: leaving the sandbox"');
    expect(prod.detail).toContain("200 a day, 1 a second");
  });

  it("credentials of another account", async () => {
    account({ account: "444455556666" });
    const { checks } = await preflight();
    const check = checkOf(checks, "account and region");
    expectFailNamingFix(check, "use the stage's profile or role");
    expect(check.detail).toContain("444455556666");
  });

  it("a stage without an account", async () => {
    const { account: _, ...withoutAccount } = STAGE;
    const { checks } = await preflight({}, withoutAccount);
    expectFailNamingFix(checkOf(checks, "account and region"), "set account in its entry of infra/stages.ts");
  });

  it("a secret that does not exist, and a stale bootstrap", async () => {
    account({ secrets: {} });
    mocks.ssm
      .on(GetParameterCommand, { Name: BOOTSTRAP_PARAMETER })
      .resolves({ Parameter: { Name: BOOTSTRAP_PARAMETER, Type: "String", Value: "5", Version: 1 } });
    const { checks } = await preflight();
    expectFailNamingFix(checkOf(checks, `secret ${SECRET_NAME}`), "aws secretsmanager create-secret");
    expectFailNamingFix(checkOf(checks, "CDK bootstrap"), `npx cdk bootstrap aws://${ACCOUNT}/${REGION}`);
  });

  it("a web ACL above the 5,000 WCU a web ACL may have; above the 1,500 of its base price, a warning", async () => {
    account({ wafCapacity: { CLOUDFRONT: 5001 } });
    expectFailNamingFix(
      checkOf((await preflight()).checks, "web ACL repdesk-dev (CLOUDFRONT)"),
      "make the ACL's rules fewer or cheaper in infra/constructs/",
    );
    account({ wafCapacity: { CLOUDFRONT: 1501 } });
    const priced = checkOf((await preflight()).checks, "web ACL repdesk-dev (CLOUDFRONT)");
    expect(priced.outcome).toBe("warning");
    expect(priced.detail).toContain("1,501 WCU");
    expect(priced.detail).toContain("$0.20 more per million requests for each 500 WCU beyond 1,500");
  });

  it("rules CheckCapacity refuses would fail the deploy too", async () => {
    mocks.wafv2.on(CheckCapacityCommand, { Scope: "REGIONAL" }).rejects(
      new WAFInvalidParameterException({
        message: "Error reason: The parameter contains formatting that is not valid., field: SEARCH_STRING",
        $metadata: {},
      }),
    );
    const { checks } = await preflight();
    const check = checkOf(checks, "web ACL repdesk-dev-api");
    expect(check.outcome).toBe("FAIL");
    expect(check.detail).toContain("wafv2:CheckCapacity failed with WAFInvalidParameterException");
  });

  it("queue mappings beyond a new account's concurrency quota", async () => {
    mocks.lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: {
        ConcurrentExecutions: 1,
        UnreservedConcurrentExecutions: 1,
        TotalCodeSize: 80530636800,
        CodeSizeUnzipped: 262144000,
        CodeSizeZipped: 52428800,
      },
      AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
    });
    const { checks } = await preflight();
    expectFailNamingFix(checkOf(checks, "Lambda concurrency"), '"Concurrent executions" quota');
  });
});

/** The IAM action of an SDK command: the service's prefix and the operation; API Gateway's are HTTP verbs. */
const SERVICE_PREFIXES: Record<keyof AccountMocks, string> = {
  sts: "sts",
  ssm: "ssm",
  secretsManager: "secretsmanager",
  apiGateway: "apigateway",
  acm: "acm",
  ses: "ses",
  lambda: "lambda",
  wafv2: "wafv2",
};

function actionOf(client: keyof AccountMocks, commandName: string): string {
  const operation = commandName.replace(/Command$/, "");
  if (client === "apiGateway") {
    const verb = /^(Get|Put|Create|Update|Delete)/.exec(operation)?.[1];
    return `apigateway:${{ Get: "GET", Put: "PUT", Create: "POST", Update: "PATCH", Delete: "DELETE" }[verb ?? "Get"]}`;
  }
  return `${SERVICE_PREFIXES[client]}:${operation}`;
}

describe("the IAM actions", () => {
  it("every command the preflight sends is an action of PREFLIGHT_ACTIONS, and every action is used", async () => {
    const sent = new Set<string>();
    const record = () => {
      for (const [client, mock] of Object.entries(mocks) as [
        keyof AccountMocks,
        AccountMocks[keyof AccountMocks],
      ][]) {
        for (const call of mock.calls())
          sent.add(actionOf(client, (call.args[0] as object).constructor.name));
      }
    };
    await preflight();
    record();
    // The paths a healthy account does not take: an unlabeled version, an unverified sender address.
    account({ secrets: { [SECRET_NAME]: { [VERSION]: [] } }, identities: {} });
    await preflight();
    record();
    expect([...sent].filter((action) => !(PREFLIGHT_ACTIONS as readonly string[]).includes(action))).toEqual(
      [],
    );
    expect(PREFLIGHT_ACTIONS.filter((action) => !sent.has(action))).toEqual([]);
  });
});
