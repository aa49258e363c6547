/**
 * The HTTP API: one Lambda integration (payload 2.0) per function of HTTP_FUNCTIONS with its
 * routes, the stage's default throttling plus tighter limits on the abuse-prone routes, and JSON
 * access logs. Only CloudFront is meant to call it: each function checks the origin-verify header
 * (functions/lib/origin-guard.ts, the first step of every handler's middleware stack).
 */

import { RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpRoute,
  HttpStage,
  LogGroupLogDestination,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { ORIGIN_VERIFY_SECRET_ARN_ENV } from "../../functions/lib/origin-guard";
import { HTTP_FUNCTIONS } from "../../functions/registry";
import type { Email } from "./email";
import {
  createRegistryFunction,
  type FunctionContext,
  logRetentionOf,
  type RegistryFunction,
} from "./function";
import { pascal } from "./messaging";
import type { Secrets } from "./secrets";

/** Routes an attacker would hammer: they get the stage's `sensitiveRouteThrottle`. */
export const SENSITIVE_ROUTES = [
  "POST /api/signup",
  "POST /api/contact",
  "POST /api/auth/login",
  "POST /api/auth/invitation/check",
  "POST /api/auth/invitation/accept",
] as const;

const ACCESS_LOG_FIELDS = {
  requestId: "$context.requestId",
  ip: "$context.identity.sourceIp",
  requestTime: "$context.requestTime",
  routeKey: "$context.routeKey",
  status: "$context.status",
  protocol: "$context.protocol",
  responseLength: "$context.responseLength",
  latency: "$context.responseLatency",
  integrationLatency: "$context.integrationLatency",
  integrationError: "$context.integrationErrorMessage",
  userAgent: "$context.identity.userAgent",
};

export function parseRoute(route: string): { method: HttpMethod; path: string } {
  const [method, path] = route.split(" ");
  if (!method || !path || !(method in HttpMethod)) throw new Error(`Malformed route "${route}"`);
  return { method: HttpMethod[method as keyof typeof HttpMethod], path };
}

export interface ApiProps {
  readonly context: FunctionContext;
  readonly secrets: Secrets;
  /** For the functions that send e-mail themselves (registry: `sendsEmail`). */
  readonly email: Email;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions = new Map<string, RegistryFunction>();
  /** Host name CloudFront uses as the origin. */
  readonly originDomainName: string;

  constructor(scope: Construct, id: string, { context, secrets, email }: ApiProps) {
    super(scope, id);
    const { stage } = context;
    this.httpApi = new HttpApi(this, "HttpApi", {
      apiName: `repdesk-${stage.name}`,
      description: `RepDesk ${stage.name} API (reached through CloudFront only)`,
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, "AccessLogs", {
      retention: logRetentionOf(stage),
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, "DefaultStage", {
      httpApi: this.httpApi,
      stageName: "$default",
      autoDeploy: true,
      throttle: stage.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const routes: HttpRoute[] = [];
    for (const definition of HTTP_FUNCTIONS) {
      const environment: Record<string, string> = {
        SUBMISSIONS_PER_MINUTE: String(stage.submissionsPerMinute),
        MFA_REQUIRED: String(stage.mfaRequired),
        [ORIGIN_VERIFY_SECRET_ARN_ENV]: secrets.originVerify.secretArn,
      };
      const fnId = `${pascal(definition.name)}Function`;
      const created = createRegistryFunction(this, fnId, definition, "http", context, environment);
      secrets.grantOriginVerify(created.fn);
      if (definition.sessionKey) {
        secrets.grantSessionKey(created.fn);
        created.fn.addEnvironment("SESSION_SECRET_ARN", secrets.sessionKey.secretArn);
      }
      if (definition.sendsEmail) {
        for (const [name, value] of Object.entries(email.grantSend(created.fn))) {
          created.fn.addEnvironment(name, value);
        }
      }
      const integration = new HttpLambdaIntegration(`${fnId}Integration`, created.fn);
      for (const route of definition.routes) {
        const { method, path } = parseRoute(route);
        routes.push(...this.httpApi.addRoutes({ path, methods: [method], integration }));
      }
      this.functions.set(definition.name, created);
    }

    const declared = new Set(HTTP_FUNCTIONS.flatMap((fn) => fn.routes));
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      SENSITIVE_ROUTES.filter((route) => declared.has(route)).map((route) => [
        route,
        {
          ThrottlingRateLimit: stage.sensitiveRouteThrottle.rateLimit,
          ThrottlingBurstLimit: stage.sensitiveRouteThrottle.burstLimit,
        },
      ]),
    );
    // Route settings name routes by key: the routes must exist first.
    for (const route of routes) this.stage.node.addDependency(route);

    context.monitoring.apiServerErrorRate(
      this.stage.metricServerError({ statistic: "Sum" }),
      this.stage.metricCount({ statistic: "Sum" }),
      5,
    );
    this.originDomainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
    Validations.of(this.httpApi).acknowledge({
      id: "AwsSolutions-APIG4",
      reason:
        "Public forms (signup, contact) and the login route must be anonymous; the Command Center routes check the session cookie in the function, and every route checks CloudFront's origin-verify header.",
    });
  }
}
