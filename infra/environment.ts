/**
 * What each function finds in its environment, decided in one place for the CDK stack
 * (infra/constructs/function.ts, with CDK tokens for names and URLs) and the local runtime
 * (infra/local/environment.ts, with the local names): from the function's registry entry and the
 * stage's settings. A new setting is added here and to the contract the functions read
 * (functions/lib/env.ts); test/infra/environment.test.ts checks that both give every function the
 * same variables (docs/decisions/0083-one-environment-contract.md).
 */
import type { QueueVariable, SettingName, TableVariable } from "../functions/lib/env";
import { TABLES, type TableKey } from "../functions/model/tables";
import {
  HTTP_FUNCTIONS,
  LEAD_EXPIRY,
  OUTBOX_RELAY,
  QUEUES,
  SCHEDULED_FUNCTIONS,
  type TableAccess,
  WORKERS,
} from "../functions/registry";
import type { FunctionKind } from "./build/functions";
import type { StageConfig } from "./stages";

/** Variable -> value, only variables of the contract. */
export type FunctionEnvironment = { [N in SettingName]?: string } & {
  [N in TableVariable | QueueVariable]?: string;
};

/** What of a registry entry decides its environment. */
export interface EnvironmentDefinition {
  readonly name: string;
  readonly tables: Partial<Record<TableKey, TableAccess>>;
  readonly sessionKey?: boolean;
  readonly sendsEmail?: boolean;
  readonly queues?: readonly string[];
  readonly webhookKey?: boolean;
}

/** Every function of the registry with its kind, in the order the bundles are built. */
export function registryFunctions(): { definition: EnvironmentDefinition; kind: FunctionKind }[] {
  return [
    ...HTTP_FUNCTIONS.map((definition) => ({ definition, kind: "http" as const })),
    ...[...WORKERS, ...SCHEDULED_FUNCTIONS].map((definition) => ({ definition, kind: "worker" as const })),
    { definition: OUTBOX_RELAY, kind: "relay" as const },
    { definition: LEAD_EXPIRY, kind: "worker" as const },
  ];
}

/** The values that differ between AWS (CDK tokens) and the local runtime (local names). */
export interface EnvironmentValues {
  readonly stage: StageConfig;
  /** The site's origin: the stage's siteUrl in AWS, the runtime's own address locally. */
  readonly siteUrl: string;
  /** The stage's limit, or the local runtime's override. */
  readonly submissionsPerMinute: number;
  readonly tableName: (key: TableKey) => string;
  readonly queueUrl: (queue: string) => string;
  /** The session key's secret (its ARN in AWS). */
  readonly sessionSecretArn: string;
  /** The KMS key sealing the integrations' secrets (its id in AWS; locally a name: the key itself is local). */
  readonly webhookKeyId: string;
  readonly sesConfigurationSet: string;
  /** A queue worker's least time between two sends, under the stage's SES rate (0: no pacing). */
  readonly sesMinSendIntervalMs: number;
}

/** The name of the stage's session key secret (infra/constructs/secrets.ts creates it). */
export function sessionKeySecretName(stageName: string): string {
  return `repdesk/${stageName}/session-key`;
}

/**
 * The alias of the KMS key that seals the integrations' secrets: the functions get the key's id,
 * `npm run admin -- seal-slack-urls --stage <name>` (infra/admin/cli.ts) finds the key by it.
 */
export function webhookKeyAlias(stageName: string): string {
  return `alias/repdesk-${stageName}-webhooks`;
}

/**
 * Tables whose items the stage's retention period applies to (written with `expiresAt`): the
 * records, and the audit table, where a lead's timeline and reply claims expire with it.
 */
export const RETAINED_TABLES: readonly TableKey[] = ["signups", "contacts", "audit"];

/** The environment of one function. */
export function functionEnvironment(
  definition: EnvironmentDefinition,
  kind: FunctionKind,
  values: EnvironmentValues,
): FunctionEnvironment {
  const { stage } = values;
  const tableKeys = Object.keys(definition.tables) as TableKey[];
  const environment: FunctionEnvironment = {
    SITE_URL: values.siteUrl,
    // The response clock's holidays (functions/model/calendar.ts).
    RESPONSE_HOLIDAYS: stage.responseHolidays.join(","),
    // The reply templates' booking link (functions/leads/reply-templates.ts); empty: none.
    BOOKING_URL: stage.bookingUrl ?? "",
  };
  for (const key of tableKeys) environment[TABLES[key].envVar] = values.tableName(key);
  if (tableKeys.some((key) => RETAINED_TABLES.includes(key) && definition.tables[key] !== "read"))
    environment.RETENTION_DAYS = String(stage.retentionDays);
  if (kind === "http") {
    environment.SUBMISSIONS_PER_MINUTE = String(values.submissionsPerMinute);
    environment.MFA_REQUIRED = String(stage.mfaRequired);
  }
  if (definition.sessionKey) environment.SESSION_SECRET_ARN = values.sessionSecretArn;
  if (definition.webhookKey) environment.WEBHOOK_KMS_KEY_ID = values.webhookKeyId;
  if (definition.sendsEmail) {
    environment.STAFF_INBOX = stage.staffInbox;
    environment.SENDER_ADDRESS = stage.senderAddress;
    environment.SES_CONFIGURATION_SET = values.sesConfigurationSet;
    if (kind === "worker") environment.SES_MIN_SEND_INTERVAL_MS = String(values.sesMinSendIntervalMs);
  }
  for (const name of definition.queues ?? []) {
    const queue = QUEUES.find((candidate) => candidate.name === name);
    if (!queue) throw new Error(`Function ${definition.name} sends to unknown queue "${name}"`);
    environment[queue.envVar] = values.queueUrl(name);
  }
  return environment;
}
