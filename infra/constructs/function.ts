/**
 * One Lambda function of the registry, set up the same way for every function: Node.js 24 on
 * arm64 (LAMBDA_RUNTIME; infra/build bundles for the same version), the esbuild bundle of
 * infra/build, JSON logs into its own log group with a retention period, and a role of its own
 * that starts with nothing but writing to that group. No X-Ray: the functions write no
 * subsegments, so a trace showed only Lambda's own two segments (docs/decisions/0118-prod-safety-and-limits.md).
 */
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import type { TableKey } from "../../functions/model/tables";
import { type FunctionKind, HANDLER } from "../build/functions";
import { type EnvironmentDefinition, type EnvironmentValues, functionEnvironment } from "../environment";
import type { StageConfig } from "../stages";
import { type Data, scansOf } from "./data";
import type { Email } from "./email";
import type { Monitoring } from "./monitoring";
import type { Secrets } from "./secrets";

export interface RegistryFunctionProps {
  /** Registry name; the bundle folder is `<bundlesDir>/<name>`. */
  readonly name: string;
  readonly stageName: string;
  readonly bundlesDir: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  readonly description: string;
  /** At most this many instances at once (1 for a scheduled job, so runs never overlap). */
  readonly reservedConcurrentExecutions?: number;
}

/** The Lambda runtime of every function; infra/build/functions.ts bundles for its Node.js version. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

export class RegistryFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** Its time limit (its queue's visibility timeout is derived from it, infra/constructs/queues.ts). */
  readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: RegistryFunctionProps) {
    super(scope, id);
    this.timeout = props.timeout;
    const functionName = `repdesk-${props.stageName}-${props.name}`;
    this.logGroup = new LogGroup(this, "Logs", {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.role = new Role(this, "Role", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `Execution role of ${functionName}`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ["logs:CreateLogStream", "logs:PutLogEvents"],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.fn = new LambdaFunction(this, "Function", {
      functionName,
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      handler: HANDLER,
      code: Code.fromAsset(`${props.bundlesDir}/${props.name}`),
      memorySize: props.memorySize,
      timeout: props.timeout,
      environment: props.environment,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      // INFO keeps the platform's START/END/REPORT lines (duration, memory used, init duration);
      // WARN would drop them.
      systemLogLevelV2: SystemLogLevel.INFO,
      tracing: Tracing.DISABLED,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    });
  }
}

/** What every registry function of a stage shares. */
export interface FunctionContext {
  readonly stage: StageConfig;
  readonly bundlesDir: string;
  readonly data: Data;
  readonly monitoring: Monitoring;
  readonly secrets: Secrets;
  /** For the functions that send e-mail themselves (registry: `sendsEmail`). */
  readonly email: Email;
  /** The names and URLs the functions' environment carries (infra/environment.ts). */
  readonly environment: EnvironmentValues;
}

/** Memory and timeout per kind: API answers are latency-bound (more memory = more CPU). */
export const FUNCTION_SIZING: Record<FunctionKind, { memorySize: number; timeout: Duration }> = {
  http: { memorySize: 1024, timeout: Duration.seconds(10) },
  worker: { memorySize: 512, timeout: Duration.seconds(30) },
  relay: { memorySize: 512, timeout: Duration.seconds(60) },
};

export interface FunctionDefinition extends EnvironmentDefinition {
  /** A time limit of its own instead of its kind's (a batch job: functions/registry.ts). */
  readonly timeoutSeconds?: number;
}

/** What a caller may set beyond the registry entry: a tighter time limit, reserved concurrency. */
export interface FunctionOverrides {
  readonly timeout?: Duration;
  readonly reservedConcurrentExecutions?: number;
}

/** A function's time limit: its registry entry's own, else its kind's. */
export function timeoutOf(definition: FunctionDefinition, kind: FunctionKind): Duration {
  return definition.timeoutSeconds
    ? Duration.seconds(definition.timeoutSeconds)
    : FUNCTION_SIZING[kind].timeout;
}

/**
 * Creates a registry function with the environment its registry entry implies
 * (infra/environment.ts), the grants that go with it (its tables, the session key, sending
 * e-mail), and its error/throttle alarms. The relay's right to send to its queues is Messaging's.
 */
export function createRegistryFunction(
  scope: Construct,
  id: string,
  definition: FunctionDefinition,
  kind: FunctionKind,
  context: FunctionContext,
  overrides: FunctionOverrides = {},
): RegistryFunction {
  const { stage, data } = context;
  const tableKeys = Object.keys(definition.tables) as TableKey[];
  const created = new RegistryFunction(scope, id, {
    name: definition.name,
    stageName: stage.name,
    bundlesDir: context.bundlesDir,
    memorySize: FUNCTION_SIZING[kind].memorySize,
    timeout: overrides.timeout ?? timeoutOf(definition, kind),
    reservedConcurrentExecutions: overrides.reservedConcurrentExecutions,
    description: `RepDesk ${stage.name}: ${kind} function ${definition.name}`,
    logRetention: logRetentionOf(stage),
    removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    environment: functionEnvironment(definition, kind, context.environment) as Record<string, string>,
  });
  for (const key of tableKeys) {
    const access = definition.tables[key];
    if (access) data.grant(created.fn, key, access, scansOf(definition.name).includes(key));
  }
  if (definition.sessionKey) context.secrets.grantSessionKey(created.fn);
  if (definition.webhookKey) context.secrets.grantWebhookKey(created.fn);
  if (definition.sendsEmail) context.email.grantSend(created.fn);
  context.monitoring.functionHealth(id, created.fn);
  return created;
}

export function logRetentionOf(stage: StageConfig): RetentionDays {
  return stage.production ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS;
}
