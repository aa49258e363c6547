/**
 * The preflight: the questions a deploy of this assembly depends on that synth cannot answer,
 * derived from its templates and manifest (never a hand-kept list), each asked of AWS with a
 * read-only call. One check per question; a FAIL means `cdk deploy` would fail or the stage would
 * not work (docs/DEPLOY.md, "Preflight").
 */
import type { ACMClient } from "@aws-sdk/client-acm";
import type { APIGatewayClient } from "@aws-sdk/client-api-gateway";
import type { LambdaClient } from "@aws-sdk/client-lambda";
import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { SESv2Client } from "@aws-sdk/client-sesv2";
import type { SSMClient } from "@aws-sdk/client-ssm";
import type { STSClient } from "@aws-sdk/client-sts";
import type { WAFV2Client } from "@aws-sdk/client-wafv2";
import type { StageAssembly } from "./assembly";
import { type Check, fail, ok, warning } from "./check";
import {
  type AccountQuestion,
  askAccount,
  deriveAccountQuestion,
  describeAccountQuestion,
} from "./questions/account";
import {
  type ApiLoggingRoleQuestion,
  askApiLoggingRole,
  deriveApiLoggingQuestions,
  describeApiLoggingQuestion,
} from "./questions/api-logging";
import {
  askBootstrap,
  type BootstrapQuestion,
  deriveBootstrapQuestions,
  describeBootstrapQuestion,
} from "./questions/bootstrap";
import {
  askCertificate,
  type CertificateQuestion,
  deriveCertificateQuestions,
  describeCertificateQuestion,
} from "./questions/certificates";
import {
  askConcurrency,
  type ConcurrencyQuestion,
  deriveConcurrencyQuestions,
  describeConcurrencyQuestion,
} from "./questions/concurrency";
import {
  askSecret,
  deriveSecretQuestions,
  describeSecretQuestion,
  type SecretQuestion,
} from "./questions/secrets";
import {
  askSesAccount,
  askSesIdentity,
  deriveSesQuestions,
  describeSesQuestion,
  type SesAccountQuestion,
  type SesIdentityQuestion,
} from "./questions/ses";
import {
  askSsmParameter,
  deriveSsmQuestions,
  describeSsmQuestion,
  type SsmParameterQuestion,
} from "./questions/ssm";
import {
  askWafCapacity,
  deriveWafCapacityQuestions,
  describeWafCapacityQuestion,
  type WafCapacityQuestion,
} from "./questions/waf-capacity";

export type Question =
  | AccountQuestion
  | BootstrapQuestion
  | SecretQuestion
  | SsmParameterQuestion
  | ApiLoggingRoleQuestion
  | CertificateQuestion
  | SesIdentityQuestion
  | SesAccountQuestion
  | ConcurrencyQuestion
  | WafCapacityQuestion;

/** What the preflight needs of the stage (infra/stages.ts). */
export interface PreflightStage {
  readonly name: string;
  readonly production: boolean;
  readonly region: string;
  readonly account?: string;
  readonly sesMaxSendRate?: number;
}

/** Read-only clients in the stage's region; ACM and WAF by region (CloudFront's are in us-east-1). */
export interface PreflightClients {
  readonly sts: STSClient;
  readonly ssm: SSMClient;
  readonly secretsManager: SecretsManagerClient;
  readonly apiGateway: APIGatewayClient;
  readonly acm: (region: string) => ACMClient;
  readonly ses: SESv2Client;
  readonly lambda: LambdaClient;
  readonly wafv2: (region: string) => WAFV2Client;
}

export function deriveQuestions(assembly: StageAssembly, stage: PreflightStage): Question[] {
  const { templates } = assembly;
  const region = assembly.region ?? stage.region;
  const bootstrap = deriveBootstrapQuestions(templates, assembly.bootstrap);
  return [
    deriveAccountQuestion(stage),
    ...bootstrap,
    ...deriveSecretQuestions(templates),
    ...deriveSsmQuestions(templates, bootstrap[0]?.parameter),
    ...deriveApiLoggingQuestions(templates),
    ...deriveCertificateQuestions(templates, region, stage.account),
    ...deriveSesQuestions(templates, stage),
    ...deriveConcurrencyQuestions(templates),
    ...deriveWafCapacityQuestions(templates, region),
  ];
}

export function describeQuestion(question: Question): string {
  switch (question.kind) {
    case "account":
      return describeAccountQuestion(question);
    case "bootstrap":
      return describeBootstrapQuestion(question);
    case "secret":
      return describeSecretQuestion(question);
    case "ssm-parameter":
      return describeSsmQuestion(question);
    case "api-logging-role":
      return describeApiLoggingQuestion();
    case "certificate":
      return describeCertificateQuestion(question);
    case "ses-identity":
    case "ses-account":
      return describeSesQuestion(question);
    case "concurrency":
      return describeConcurrencyQuestion();
    case "waf-capacity":
      return describeWafCapacityQuestion(question);
  }
}

export interface AskContext {
  readonly clients: PreflightClients;
  readonly stage: PreflightStage;
  /** The region the credentials' configuration names, if any (AWS_REGION, the profile). */
  readonly credentialsRegion?: string;
}

export function askQuestion(
  question: Question,
  { clients, stage, credentialsRegion }: AskContext,
): Promise<Check> {
  const target = { ...(stage.account ? { account: stage.account } : {}), region: stage.region };
  switch (question.kind) {
    case "account":
      return askAccount(question, clients.sts, credentialsRegion);
    case "bootstrap":
      return askBootstrap(question, clients.ssm, target);
    case "secret":
      return askSecret(question, clients.secretsManager);
    case "ssm-parameter":
      return askSsmParameter(question, clients.ssm);
    case "api-logging-role":
      return askApiLoggingRole(question, clients.apiGateway, target);
    case "certificate":
      return askCertificate(question, clients.acm);
    case "ses-identity":
      return askSesIdentity(question, clients.ses);
    case "ses-account":
      return askSesAccount(question, clients.ses);
    case "concurrency":
      return askConcurrency(question, clients.lambda);
    case "waf-capacity":
      return askWafCapacity(question, clients.wafv2);
  }
}

/** What the assembly itself says: the stage's stack, in the stage's region, every template read. */
export function assemblyChecks(assembly: StageAssembly, stage: PreflightStage): Check[] {
  const subject = `assembly ${assembly.dir}`;
  const checks: Check[] = [];
  if (assembly.region && assembly.region !== stage.region) {
    checks.push(
      fail(
        subject,
        `${assembly.stackName} is synthesized for ${assembly.region}, stage "${stage.name}" is in ${stage.region}: synthesize it again (npx cdk synth -c stage=${stage.name} -o ${assembly.dir}).`,
      ),
    );
  }
  for (const nested of assembly.unreadNestedStacks) {
    checks.push(
      warning(
        subject,
        `The template of nested stack ${nested} is not in the assembly, so nothing it depends on was asked: synthesize with the CDK so it is written there.`,
      ),
    );
  }
  if (!checks.length)
    checks.push(ok(subject, `${assembly.stackName}, ${assembly.templates.length} templates`));
  return checks;
}

/** Every check, in the order of the questions; the questions are asked one after another. */
export async function runPreflight(
  assembly: StageAssembly,
  context: AskContext,
): Promise<{ questions: Question[]; checks: Check[] }> {
  const questions = deriveQuestions(assembly, context.stage);
  const checks = assemblyChecks(assembly, context.stage);
  for (const question of questions) checks.push(await askQuestion(question, context));
  return { questions, checks };
}
