/**
 * One stack per stage: every resource of the product, composed from one construct per concern.
 * Everything comes from the registry (functions/registry.ts) and the table definitions
 * (functions/model/tables.ts), so a new route, worker or table appears here without editing the stack.
 */
import { Stack, type StackProps } from "aws-cdk-lib";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { API_STAGE_NAME, Api } from "./constructs/api";
import { ApiWaf } from "./constructs/api-waf";
import { StageDashboard } from "./constructs/dashboard";
import { Data } from "./constructs/data";
import { Email } from "./constructs/email";
import { FUNCTION_SIZING, type FunctionContext, type RegistryFunction } from "./constructs/function";
import { LeadExpiry } from "./constructs/lead-expiry";
import { Messaging, sendRateSettings } from "./constructs/messaging";
import { Monitoring } from "./constructs/monitoring";
import { Secrets } from "./constructs/secrets";
import { Site } from "./constructs/site/site";
import { Waf } from "./constructs/waf";
import type { StageConfig } from "./stages";

/** CloudFront-scope WAF ACLs (and CloudFront certificates) exist only here. */
export const EDGE_REGION = "us-east-1";

export interface RepDeskStackProps extends StackProps {
  readonly stage: StageConfig;
  /** Folder holding one bundle folder per function (infra/build/functions.ts). */
  readonly bundlesDir: string;
  /** The built site (web/dist). */
  readonly siteDir: string;
}

export function stackNameOf(stage: StageConfig): string {
  return `RepDesk-${stage.name}`;
}

export class RepDeskStack extends Stack {
  readonly data: Data;
  readonly messaging: Messaging;
  readonly expiry: LeadExpiry;
  readonly api: Api;
  readonly site: Site;
  readonly waf: Waf;
  readonly apiWaf: ApiWaf;
  readonly monitoring: Monitoring;
  readonly email: Email;
  readonly secrets: Secrets;

  constructor(scope: Construct, id: string, props: RepDeskStackProps) {
    const { stage } = props;
    if (stage.region !== EDGE_REGION) {
      throw new Error(
        `Stage "${stage.name}" is in ${stage.region}: the CloudFront WAF must be created in ${EDGE_REGION}, so stages deploy there (docs/DEPLOY.md).`,
      );
    }
    super(scope, id, {
      ...props,
      description: `RepDesk ${stage.name}: marketing site, lead pipeline and Command Center`,
      // Pinned to the stage's account (infra/stages.ts): the CDK CLI refuses credentials of another.
      env: { account: stage.account, region: stage.region },
      // A production stack is never deleted by a command typed into the wrong terminal.
      terminationProtection: stage.production,
      tags: { project: "repdesk", stage: stage.name },
    });
    this.monitoring = new Monitoring(this, "Monitoring", { stage });
    this.data = new Data(this, "Data", { stage });
    this.secrets = new Secrets(this, "Secrets", { stage });
    this.email = new Email(this, "Email", { stage, monitoring: this.monitoring });
    const context: FunctionContext = {
      stage,
      bundlesDir: props.bundlesDir,
      data: this.data,
      monitoring: this.monitoring,
      secrets: this.secrets,
      email: this.email,
      // The functions' environment (infra/environment.ts): these names and URLs as CDK tokens.
      environment: {
        stage,
        siteUrl: stage.siteUrl,
        submissionsPerMinute: stage.submissionsPerMinute,
        tableName: (key) => this.data.tables[key].tableName,
        queueUrl: (name) => {
          throw new Error(
            `Queue ${name}: only the outbox relay sends to queues, once they exist (Messaging)`,
          );
        },
        sessionSecretArn: this.secrets.sessionKey.secretArn,
        webhookKeyId: this.secrets.webhookKey.keyId,
        sesConfigurationSet: this.email.configurationSet.configurationSetName,
        // The mail workers are workers: their time limit is the workers' (timeoutOf).
        sesMinSendIntervalMs: sendRateSettings(
          stage.sesMaxSendRate,
          FUNCTION_SIZING.worker.timeout.toSeconds(),
        ).minIntervalMs,
      },
    };
    this.messaging = new Messaging(this, "Messaging", { context });
    this.expiry = new LeadExpiry(this, "Expiry", { context });
    this.api = new Api(this, "Api", { context });
    this.apiWaf = new ApiWaf(this, "ApiWaf", {
      stage,
      apiStageArn: this.api.restApi.deploymentStage.stageArn,
      associationScope: this.api.restStack,
    });
    this.waf = new Waf(this, "Waf", { stage });
    this.site = new Site(this, "Site", {
      stage,
      siteDir: props.siteDir,
      restApi: this.api.restApi,
      webAclArn: this.waf.webAcl.attrArn,
      monitoring: this.monitoring,
    });
    new StageDashboard(this, "Dashboard", {
      stage,
      distribution: this.site.distribution,
      api: { restApi: this.api.restApi, stageName: API_STAGE_NAME },
      apiFunctions: functionsOf(this.api.functions),
      backgroundFunctions: functionsOf(
        new Map([
          ...this.messaging.workers,
          ["outbox-relay", this.messaging.relay],
          ["lead-expiry", this.expiry.consumer],
          ...this.messaging.scheduled,
        ]),
      ),
      workQueues: this.messaging.queues,
      failureQueues: new Map<string, IQueue>([
        ...this.messaging.deadLetterQueues,
        ...this.messaging.scheduleDeadLetters,
        ["outbox-relay-failures", this.messaging.relayFailures],
        ["lead-expiry-failures", this.expiry.failures],
      ]),
    });
  }
}

function functionsOf(functions: ReadonlyMap<string, RegistryFunction>): Map<string, IFunction> {
  return new Map([...functions].map(([name, registryFunction]) => [name, registryFunction.fn]));
}
