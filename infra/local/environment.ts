/**
 * The functions' environment in the local runtime: each function's, made by the same function as
 * in AWS (infra/environment.ts) with the local names and URLs, and the one environment of the
 * runtime's process. The functions share that process, so they share one environment: the union
 * of theirs (every variable means the same for every function that has it), plus the stand-ins
 * for what AWS provides itself (region, credentials, the DynamoDB and SES endpoints, and the
 * session key that Secrets Manager holds in AWS).
 */
import { QUEUES } from "../../functions/registry";
import {
  type EnvironmentValues,
  type FunctionEnvironment,
  functionEnvironment,
  registryFunctions,
  sessionKeySecretName,
  webhookKeyAlias,
} from "../environment";
import type { StageConfig } from "../stages";
import { LOCAL_CREDENTIALS } from "./dynamo";
import { localSessionSecret, WEBHOOK_KEY_FILE } from "./session-secret";
import { localTableName } from "./tables";

export interface LocalEnvironmentSettings {
  readonly stage: StageConfig;
  /** The runtime's own address (not the stage's siteUrl: the port may be another). */
  readonly siteUrl: string;
  readonly submissionsPerMinute: number;
}

/** The local names and URLs. Queues are the runtime's own (local://<name>); SES is not paced. */
export function localEnvironmentValues(settings: LocalEnvironmentSettings): EnvironmentValues {
  return {
    stage: settings.stage,
    siteUrl: settings.siteUrl,
    submissionsPerMinute: settings.submissionsPerMinute,
    tableName: localTableName,
    queueUrl: (name) => {
      if (!QUEUES.some((queue) => queue.name === name)) throw new Error(`Unknown queue "${name}"`);
      return `local://${name}`;
    },
    sessionSecretArn: sessionKeySecretName(settings.stage.name),
    // Never used locally: WEBHOOK_SECRET_KEY (below) stands in for the KMS key.
    webhookKeyId: webhookKeyAlias(settings.stage.name),
    sesConfigurationSet: `repdesk-${settings.stage.name}`,
    // The local SES stand-in has no sending rate to keep under.
    sesMinSendIntervalMs: 0,
  };
}

/** Every registry function's environment, by function name. */
export function localFunctionEnvironments(
  settings: LocalEnvironmentSettings,
): Map<string, FunctionEnvironment> {
  const values = localEnvironmentValues(settings);
  return new Map(
    registryFunctions().map(({ definition, kind }) => [
      definition.name,
      functionEnvironment(definition, kind, values),
    ]),
  );
}

/** The union of the functions' environments; a variable two functions would see differently is an error. */
export function unionOfEnvironments(environments: Iterable<FunctionEnvironment>): Record<string, string> {
  const union: Record<string, string> = {};
  for (const environment of environments) {
    for (const [name, value] of Object.entries(environment) as [string, string][]) {
      if (name in union && union[name] !== value)
        throw new Error(`${name} differs between functions; one process cannot give each its own`);
      union[name] = value;
    }
  }
  return union;
}

/** The stand-ins for what Lambda and AWS provide, and where the local runtime keeps its own. */
export interface LocalPlatform {
  readonly dataDir: string;
  readonly dynamoEndpoint: string;
  readonly sesUrl: string;
}

/** The environment the runtime sets in its process before the first function module loads. */
export function localProcessEnvironment(
  settings: LocalEnvironmentSettings,
  platform: LocalPlatform,
): Record<string, string> {
  return {
    ...unionOfEnvironments(localFunctionEnvironments(settings).values()),
    // Secrets Manager has no local stand-in: the key itself (functions/model/staff/session-key.ts).
    SESSION_SECRET: localSessionSecret(platform.dataDir),
    // KMS has no local stand-in either: a key of its own seals the integrations' secrets, and only
    // here may an endpoint be on this machine (http://localhost; docs/decisions/0093).
    WEBHOOK_SECRET_KEY: localSessionSecret(platform.dataDir, WEBHOOK_KEY_FILE),
    WEBHOOK_ALLOW_LOOPBACK: "true",
    // Its submissions use example addresses (no mail exchanger) and the machine may have no DNS:
    // the spam judge asks none (docs/decisions/0152-judge-wiring.md).
    SPAM_MX_LOOKUP: "false",
    // The local store is slower than DynamoDB on a busy machine: the burst count's limit is longer.
    SPAM_BURST_TIMEOUT_MS: "2000",
    AWS_ENDPOINT_URL_DYNAMODB: platform.dynamoEndpoint,
    AWS_ENDPOINT_URL_SESV2: platform.sesUrl,
    AWS_REGION: settings.stage.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  };
}
