/**
 * The API: one Lambda function per entry of HTTP_FUNCTIONS behind one API Gateway REST API
 * (regional). The functions, their log groups and the access log group stay in the stage's stack;
 * everything that is purely the REST API's (the API, its resources and methods, the deployment and
 * stage, the gateway responses, the permissions to invoke the functions) is in a nested stack of
 * its own, so the stage's stack keeps room under CloudFormation's 500 resources
 * (docs/decisions/0099-rest-api-in-a-nested-stack.md). It is built from the registry's routes: a resource per path, a Lambda proxy method per
 * route, and a mock `ANY` method per resource that answers every other method with 405 JSON and
 * `Allow` (docs/product/http-api.md). The stage carries the default throttle, tighter throttles on
 * the routes an attacker would hammer, and JSON access logs. Its only caller is this stage's
 * CloudFront distribution: a regional web ACL admits only requests that carry the origin secret
 * CloudFront adds (infra/constructs/api-waf.ts, docs/decisions/0087-api-gateway-rest-behind-cloudfront.md).
 */
import { Aws, CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, Validations } from "aws-cdk-lib";
import {
  AccessLogFormat,
  EndpointType,
  Integration,
  IntegrationType,
  type IResource,
  LogGroupLogDestination,
  type MethodDeploymentOptions,
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  RestApi,
} from "aws-cdk-lib/aws-apigateway";
import { ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { MESSAGES } from "../../functions/lib/http/errors";
import { HTTP_FUNCTIONS, type HttpFunctionDefinition } from "../../functions/registry";
import {
  createRegistryFunction,
  type FunctionContext,
  logRetentionOf,
  type RegistryFunction,
} from "./function";
import { pascal } from "./messaging";

/** Routes an attacker would hammer: WAF rate-limits them per client (infra/constructs/waf.ts). */
export const SENSITIVE_ROUTES = [
  "POST /api/signup",
  "POST /api/contact",
  "POST /api/auth/login",
  "POST /api/auth/passkey/options",
  "POST /api/auth/passkey/verify",
  "POST /api/auth/invitation/check",
  "POST /api/auth/invitation/accept",
  "POST /api/auth/password/forgot",
  "POST /api/auth/password/check",
  "POST /api/auth/password/reset",
  "POST /api/auth/not-me",
] as const;

/** The REST API's stage: CloudFront's origin path, and the `/api` of every route stays the resource path. */
export const API_STAGE_NAME = "live";

/** Staff sign-in: WAF gives these a per-client limit of their own (SIGN_IN_RATE_LIMIT_PER_5_MINUTES). */
export const SIGN_IN_ROUTES = [
  "POST /api/auth/login",
  "POST /api/auth/passkey/options",
  "POST /api/auth/passkey/verify",
] as const satisfies readonly (typeof SENSITIVE_ROUTES)[number][];

/**
 * Requests per second (steady, burst) for the whole stage, and for each sensitive route on its own.
 * API Gateway keeps a bucket per method, counting all callers of that method together; the
 * per-client limits are WAF's (infra/constructs/waf.ts) and the functions' own
 * (submissionsPerMinute, the sign-in throttles). So the anonymous forms have buckets of their own
 * and cannot use up sign-in's; and sign-in's bucket is sized against WAF's per-client sign-in
 * limit, so that holding it full takes hundreds of addresses (MIN_ADDRESSES_TO_FILL_SIGN_IN), not
 * the thirty that 10 a second took (docs/decisions/0118-prod-safety-and-limits.md).
 */
export const API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
export const SENSITIVE_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;
export const SIGN_IN_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
/** Client addresses, each under WAF's sign-in limit, that it takes to keep sign-in's bucket empty. */
export const MIN_ADDRESSES_TO_FILL_SIGN_IN = 500;

/** The throttle of one sensitive route. */
export function routeThrottle(route: (typeof SENSITIVE_ROUTES)[number]): {
  rateLimit: number;
  burstLimit: number;
} {
  return (SIGN_IN_ROUTES as readonly string[]).includes(route) ? SIGN_IN_THROTTLE : SENSITIVE_ROUTE_THROTTLE;
}

/** The headers of every answer API Gateway writes itself (gateway responses, the 405 mock). */
const JSON_RESPONSE_HEADERS = {
  "Content-Type": "'application/json; charset=utf-8'",
  "Cache-Control": "'no-store'",
};

/** Request bodies the 405 mock maps (no Content-Type counts as application/json). */
const MOCK_CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/octet-stream",
];

/** "DELETE /api/admin/signups/{id}" -> ["DELETE", "/api/admin/signups/{id}"]. */
export function splitRoute(route: string): [string, string] {
  const [method, path, ...rest] = route.trim().split(/\s+/);
  if (!method || !path?.startsWith("/") || rest.length > 0) throw new Error(`Malformed route "${route}"`);
  return [method.toUpperCase(), path];
}

/** Every resource path of the registry with the methods its routes give it, in registry order. */
export function resourceMethods(
  functions: readonly Pick<HttpFunctionDefinition, "name" | "routes">[],
): Map<string, Map<string, string>> {
  const resources = new Map<string, Map<string, string>>();
  for (const fn of functions) {
    for (const route of fn.routes) {
      const [method, path] = splitRoute(route);
      const methods = resources.get(path) ?? new Map<string, string>();
      const owner = methods.get(method);
      if (owner)
        throw new Error(`"${route}" is served by both "${owner}" and "${fn.name}" (functions/registry.ts)`);
      methods.set(method, fn.name);
      resources.set(path, methods);
    }
  }
  return resources;
}

/** The stage's method settings key of a route: "/api/auth/login/POST" (CDK escapes the slashes). */
export function methodSettingsKey(route: string): string {
  const [method, path] = splitRoute(route);
  return `${path}/${method}`;
}

export interface ApiProps {
  readonly context: FunctionContext;
}

export class Api extends Construct {
  readonly functions = new Map<string, RegistryFunction>();
  /** The nested stack of the REST API: what it creates references the functions, never the reverse. */
  readonly restStack: NestedStack;
  readonly restApi: RestApi;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, { context }: ApiProps) {
    super(scope, id);
    const { stage } = context;
    for (const definition of HTTP_FUNCTIONS) {
      const fnId = `${pascal(definition.name)}Function`;
      this.functions.set(definition.name, createRegistryFunction(this, fnId, definition, "http", context));
    }

    this.accessLogs = new LogGroup(this, "AccessLogs", {
      logGroupName: `/aws/apigateway/repdesk-${stage.name}`,
      retention: logRetentionOf(stage),
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const sensitive: Record<string, MethodDeploymentOptions> = Object.fromEntries(
      SENSITIVE_ROUTES.map((route) => [
        methodSettingsKey(route),
        {
          throttlingRateLimit: routeThrottle(route).rateLimit,
          throttlingBurstLimit: routeThrottle(route).burstLimit,
        },
      ]),
    );
    this.restStack = new NestedStack(this, "Rest", {
      description: `RepDesk ${stage.name}: the REST API of /api/* (docs/decisions/0099-rest-api-in-a-nested-stack.md)`,
    });
    this.restApi = new RestApi(this.restStack, "RestApi", {
      restApiName: `repdesk-${stage.name}`,
      description: `RepDesk ${stage.name}: /api/* behind CloudFront (docs/product/http-api.md)`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      cloudWatchRole: false,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: API_THROTTLE.rateLimit,
        throttlingBurstLimit: API_THROTTLE.burstLimit,
        methodOptions: sensitive,
        // No X-Ray: nothing behind the stage writes subsegments (docs/decisions/0118-prod-safety-and-limits.md).
        tracingEnabled: false,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: "$context.requestId",
            time: "$context.requestTimeEpoch",
            // The address that connected to API Gateway: CloudFront's edge server, never the
            // visitor (REST access logs take only $context variables, no request header). The
            // visitor's address is CloudFront's standard log's c-ip (docs/decisions/0118-prod-safety-and-limits.md).
            edgeIp: "$context.identity.sourceIp",
            method: "$context.httpMethod",
            resource: "$context.resourcePath",
            path: "$context.path",
            status: "$context.status",
            error: "$context.error.responseType",
            waf: "$context.wafResponseCode",
            integrationStatus: "$context.integration.status",
            integrationLatencyMs: "$context.integrationLatency",
            latencyMs: "$context.responseLatency",
            responseBytes: "$context.responseLength",
            userAgent: "$context.identity.userAgent",
            traceId: "$context.xrayTraceId",
          }),
        ),
      },
    });
    this.addRoutes();
    this.addGatewayResponses();
    // For the smoke check's "a direct call is refused" (docs/DEPLOY.md): the stage's own address,
    // an output of the stage's stack (the nested stack's outputs are not shown by a deploy).
    new CfnOutput(this, "DirectUrl", { key: "ApiDirectUrl", value: this.restApi.url });
    acknowledgeApiFindings(this.restApi);
  }

  /** A proxy method per registry route, one invoke permission per function, a 405 mock per resource. */
  private addRoutes(): void {
    const api = this.restApi;
    for (const [name, created] of this.functions) {
      // One permission per function for this API's stage; API Gateway calls it only for the methods
      // below. It lives in the nested stack, so the stack is complete (and CloudFront's origin,
      // which waits for it, moves to the API) only once API Gateway may call every function.
      created.fn.addPermission(`${pascal(name)}InvokedByRestApi`, {
        principal: new ServicePrincipal("apigateway.amazonaws.com"),
        sourceArn: api.arnForExecuteApi("*", "/*", API_STAGE_NAME),
        scope: this.restStack,
      });
    }
    for (const [path, methods] of resourceMethods(HTTP_FUNCTIONS)) {
      const resource: IResource = api.root.resourceForPath(path);
      for (const [method, functionName] of methods) {
        const fn = (this.functions.get(functionName) as RegistryFunction).fn;
        resource.addMethod(
          method,
          new Integration({
            type: IntegrationType.AWS_PROXY,
            integrationHttpMethod: "POST",
            uri: `arn:${Aws.PARTITION}:apigateway:${Stack.of(this).region}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
            options: { timeout: Duration.seconds(29) },
          }),
        );
      }
      const allow = [...methods.keys()].sort().join(", ");
      resource.addMethod(
        "ANY",
        new MockIntegration({
          // A mock takes its status from the mapped request; a body of another type is refused
          // with 415 (the UNSUPPORTED_MEDIA_TYPE gateway response) rather than passed on.
          passthroughBehavior: PassthroughBehavior.NEVER,
          requestTemplates: Object.fromEntries(
            MOCK_CONTENT_TYPES.map((type) => [type, '{"statusCode": 405}']),
          ),
          integrationResponses: [
            {
              statusCode: "405",
              responseTemplates: { "application/json": JSON.stringify({ error: MESSAGES.methodNotAllowed }) },
              responseParameters: {
                "method.response.header.Allow": `'${allow}'`,
                "method.response.header.Cache-Control": "'no-store'",
              },
            },
          ],
        }),
        {
          methodResponses: [
            {
              statusCode: "405",
              responseParameters: {
                "method.response.header.Allow": true,
                "method.response.header.Cache-Control": true,
              },
            },
          ],
        },
      );
    }
  }

  /**
   * What API Gateway answers by itself, in the API's error shape (events/api.ts): an unknown path
   * is a 404 (API Gateway's own answer would be 403 "Missing Authentication Token"), a throttled
   * request 429 with Retry-After, a request the web ACL refused 403, everything else the generic
   * 4xx/5xx texts.
   */
  private addGatewayResponses(): void {
    const body = (error: string) => ({
      "application/json": error.startsWith("$") ? `{"error":${error}}` : JSON.stringify({ error }),
    });
    const responses: [string, ResponseType, string, string, Record<string, string>?][] = [
      ["NotFound", ResponseType.MISSING_AUTHENTICATION_TOKEN, "404", "Not found"],
      ["Throttled", ResponseType.THROTTLED, "429", MESSAGES.unavailable, { "Retry-After": "'1'" }],
      ["WafFiltered", ResponseType.WAF_FILTERED, "403", MESSAGES.forbidden],
      ["TooLarge", ResponseType.REQUEST_TOO_LARGE, "413", MESSAGES.tooLarge],
      ["UnsupportedMediaType", ResponseType.UNSUPPORTED_MEDIA_TYPE, "415", MESSAGES.unsupportedMediaType],
      // API Gateway's own message, as a JSON string.
      ["Default4xx", ResponseType.DEFAULT_4XX, "", "$context.error.messageString"],
      ["Default5xx", ResponseType.DEFAULT_5XX, "", MESSAGES.internal],
    ];
    for (const [id, type, statusCode, error, extra] of responses) {
      this.restApi.addGatewayResponse(id, {
        type,
        ...(statusCode ? { statusCode } : {}),
        responseHeaders: { ...JSON_RESPONSE_HEADERS, ...extra },
        templates: body(error),
      });
    }
  }
}

function acknowledgeApiFindings(api: RestApi): void {
  Validations.of(api).acknowledge(
    {
      id: "AwsSolutions-APIG2",
      reason:
        "Every handler validates its own body with the events/ schema and answers 400 with field messages (docs/product/http-api.md); the body size is refused at the edge by the CloudFront web ACL and again by the handler.",
    },
    {
      id: "AwsSolutions-APIG4",
      reason:
        "Public forms are open by design; staff routes check the signed session cookie in the function (functions/model/staff/http-session.ts). The regional web ACL admits only this stage's distribution.",
    },
    {
      id: "AwsSolutions-COG4",
      reason: "Staff sign-in is the product's own (sessions in DynamoDB, docs/decisions), not Cognito.",
    },
    {
      id: "AwsSolutions-APIG6",
      reason:
        "JSON access logs of every request go to a log group with retention, and each function logs one line per request. Execution logs would go to log groups API Gateway creates itself, without retention; the account's CloudWatch role that access logs need is the account baseline's (infra/baseline).",
    },
  );
}
