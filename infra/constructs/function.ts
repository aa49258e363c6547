/**
 * One Lambda function of the registry, set up the same way for every function: Node.js 22 on
 * arm64, the esbuild bundle of infra/build, X-Ray tracing, JSON logs into its own log group with
 * a retention period, and a role of its own that starts with nothing but writing to that group.
 */
import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
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
import type { Data } from "./data";
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
}

export class RegistryFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: RegistryFunctionProps) {
    super(scope, id);
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
      runtime: Runtime.NODEJS_22_X,
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
      tracing: Tracing.ACTIVE,
    });
    Validations.of(this).acknowledge(
      {
        id: "AwsSolutions-L1",
        reason:
          "Node.js 22 is the runtime the functions are written and tested for; moving to 24 is a deliberate upgrade, not a synth-time default.",
      },
      {
        id: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.",
      },
    );
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
): RegistryFunction {
  const { stage, data } = context;
  const tableKeys = Object.keys(definition.tables) as TableKey[];
  const created = new RegistryFunction(scope, id, {
    name: definition.name,
    stageName: stage.name,
    bundlesDir: context.bundlesDir,
    ...FUNCTION_SIZING[kind],
    ...(definition.timeoutSeconds ? { timeout: Duration.seconds(definition.timeoutSeconds) } : {}),
    description: `RepDesk ${stage.name}: ${kind} function ${definition.name}`,
    logRetention: logRetentionOf(stage),
    removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    environment: functionEnvironment(definition, kind, context.environment) as Record<string, string>,
  });
  for (const key of tableKeys) {
    const access = definition.tables[key];
    if (access) data.grant(created.fn, key, access);
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
