/**
 * The HTTP API middleware stack, shared by every route (submissions now, auth and admin later).
 *
 *   export const handler = httpApi({ route: "POST /api/things" }, async (request) => {
 *     const input = validateBody(request, ThingRequest);   // 400 with fieldErrors on bad fields
 *     ...
 *     return jsonResponse(201, { ok: true, id });
 *   });
 *
 * What every route gets, in this order:
 * 1. the envelope: a request id, a logger bound to it, one structured log line per request
 *    (level, msg, requestId, route, status, reason, durationMs + `request.logFields`), the standard
 *    headers (JSON, `Cache-Control: no-store`) on every answer, and errors mapped to answers:
 *    HttpError -> its status and body; DynamoDB/SES throttling, timeouts, unreachable -> 503 with
 *    Retry-After; anything else -> 500 "Something went wrong. Please try again." (no internals);
 * 2. a method guard: 405 with `Allow` for any method not in `methods`;
 * 3. the cross-site guard on state-changing methods: 403 (see same-origin.ts);
 * 4. for methods with a body (`body: "json"`, the default for POST/PUT/PATCH): 413 over
 *    LIMITS.bodyBytes, 415 unless `Content-Type: application/json`, 400 for a body that is not
 *    UTF-8 JSON or not an object; the parsed object is `request.body`;
 * 5. `extraMiddlewares` (e.g. a session check), then the handler.
 *
 * Guards throw HttpError instead of answering early, so every answer passes through the envelope.
 * A middleware that needs the request reads it with `apiRequestOf(event)`.
 */
import middy, { type MiddlewareObj } from "@middy/core";
import type { Context } from "aws-lambda";
import type * as z from "zod";
import { fieldErrorsOf } from "../../../events/api";
import { LIMITS } from "../../../events/limits";
import { isTransientAwsError } from "../aws-errors";
import { requireEnv } from "../env";
import { createLogger, describeError, type LogFields, type Logger, sampleDebug, xrayTraceId } from "../log";
import { clientIp } from "./client-ip";
import { HttpError, invalidFields, MESSAGES, serviceUnavailable } from "./errors";
import type { ApiEvent } from "./event";
import { parseJsonObject } from "./json-body";
import { type ApiResult, jsonResponse, withApiHeaders } from "./response";
import { assertSameOrigin } from "./same-origin";

export interface ApiRequest {
  readonly event: ApiEvent;
  readonly requestId: string;
  /** Route key for logs, e.g. "POST /api/signup". */
  readonly route: string;
  readonly method: string;
  /** The visitor's address (CloudFront viewer address, else the source address of the request context). */
  readonly clientIp: string | undefined;
  /** Logger whose lines carry requestId and route. */
  readonly log: Logger;
  /** The parsed JSON object body (methods with a body only). */
  body: Record<string, unknown> | undefined;
  /** Added to the request's closing log line: ids and reasons, never user-entered text. */
  readonly logFields: LogFields;
  /** Room for extra middlewares to pass results (e.g. the signed-in user) to the handler. */
  readonly locals: Record<string, unknown>;
}

export interface HttpApiOptions {
  /** "METHOD /path" as in functions/registry.ts; its method is the default of `methods`. */
  readonly route: string;
  /** Methods this function answers; others get 405. */
  readonly methods?: readonly string[];
  /** Cross-site guard; default on unless every method is GET, HEAD or OPTIONS. */
  readonly sameOrigin?: boolean;
  /** "json": the body must be a JSON object; default "json" for POST/PUT/PATCH, else "none". */
  readonly body?: "json" | "none";
  readonly maxBodyBytes?: number;
  /** The site's public origin for the cross-site guard; default: the function's SITE_URL. */
  readonly siteUrl?: () => string | undefined;
  /** Middlewares run after the standard ones, before the handler. */
  readonly extraMiddlewares?: readonly MiddlewareObj<ApiEvent, ApiResult>[];
}

export type ApiHandler = (request: ApiRequest, context: Context) => Promise<ApiResult>;

const requests = new WeakMap<object, ApiRequest>();

/** The ApiRequest of an event inside the stack (for extra middlewares). */
export function apiRequestOf(event: ApiEvent): ApiRequest {
  const request = requests.get(event);
  if (!request) throw new Error("apiRequestOf() called outside the httpApi() middleware stack");
  return request;
}

/** The route of httpRoutes()' catch-all, which answers every resource. */
export const UNKNOWN_ROUTE = "GET /unknown";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
const baseLogger = createLogger();

/** Validates `request.body` with a zod schema; 400 with the field messages of docs/product/site.md on failure. */
export function validateBody<S extends z.ZodType>(request: ApiRequest, schema: S): z.infer<S> {
  const result = schema.safeParse(request.body ?? {});
  if (!result.success) throw invalidFields(fieldErrorsOf(result.error));
  return result.data;
}

/** Maps anything thrown inside the stack to an answer; `reason` and log level for the log line. */
export function errorToResponse(error: unknown): {
  response: ApiResult;
  reason: string;
  level: "info" | "warn" | "error";
} {
  if (error instanceof HttpError) {
    return {
      response: jsonResponse(error.status, error.body, error.headers),
      reason: error.reason,
      level: error.status >= 500 ? "warn" : "info",
    };
  }
  if (isTransientAwsError(error)) {
    const unavailable = serviceUnavailable();
    return {
      response: jsonResponse(unavailable.status, unavailable.body, unavailable.headers),
      reason: unavailable.reason,
      level: "warn",
    };
  }
  return {
    response: jsonResponse(500, { error: MESSAGES.internal }),
    reason: "unexpected_error",
    level: "error",
  };
}

/** A request's logger: requestId, route and X-Ray trace id on every line; debug for sampled requests. */
function requestLogger(requestId: string, route: string): Logger {
  const traceId = xrayTraceId();
  const sampled = sampleDebug();
  return createLogger(
    { requestId, route, ...(traceId ? { traceId } : {}), ...(sampled ? { sampled } : {}) },
    { sampled },
  );
}

function envelope(options: HttpApiOptions): MiddlewareObj<ApiEvent, ApiResult> {
  const startedAt = new WeakMap<object, number>();
  const finish = (event: ApiEvent, result: ApiResult, level: "info" | "warn" | "error", extra: LogFields) => {
    const request = requests.get(event);
    const fields = {
      status: result.statusCode,
      durationMs: Date.now() - (startedAt.get(event) ?? Date.now()),
    };
    (request?.log ?? baseLogger)[level]("request", { ...request?.logFields, ...extra, ...fields });
  };
  return {
    before: ({ event, context }) => {
      startedAt.set(event, Date.now());
      const requestId = event.requestContext?.requestId || context?.awsRequestId || crypto.randomUUID();
      const route = options.route;
      requests.set(event, {
        event,
        requestId,
        route,
        method: (event.httpMethod ?? "").toUpperCase(),
        clientIp: clientIp(event),
        log: requestLogger(requestId, route),
        body: undefined,
        logFields: {},
        locals: {},
      });
    },
    after: (request) => {
      request.response = withApiHeaders(request.response ?? jsonResponse(204));
      finish(request.event, request.response, "info", {});
    },
    onError: (request) => {
      const { response, reason, level } = errorToResponse(request.error);
      request.response = response;
      const extra: LogFields = { reason };
      if (level === "error" || reason === "dependency_unavailable")
        extra.error = describeError(request.error);
      finish(request.event, response, level, extra);
    },
  };
}

function guards(options: HttpApiOptions): MiddlewareObj<ApiEvent, ApiResult> {
  const [routeMethod = "GET", routePath] = options.route.split(" ");
  const methods = (options.methods ?? [routeMethod]).map((method) => method.toUpperCase());
  const resources = new Set([routePath]);
  const sameOrigin = options.sameOrigin ?? !methods.every((method) => SAFE_METHODS.has(method));
  return {
    before: ({ event }) => {
      const request = apiRequestOf(event);
      // API Gateway invokes a function only for its own resources; another one is a wiring bug.
      if (options.route !== UNKNOWN_ROUTE && event.resource && !resources.has(event.resource)) {
        throw new HttpError(404, { error: "Not found." }, {}, "unknown_route");
      }
      if (!methods.includes(request.method)) {
        throw new HttpError(
          405,
          { error: MESSAGES.methodNotAllowed },
          { Allow: methods.join(", ") },
          "method_not_allowed",
        );
      }
      if (sameOrigin && !SAFE_METHODS.has(request.method)) {
        assertSameOrigin(event, options.siteUrl ?? (() => requireEnv("SITE_URL")));
      }
      const wantsBody = (options.body ?? (BODY_METHODS.has(request.method) ? "json" : "none")) === "json";
      if (wantsBody) request.body = parseJsonObject(event, options.maxBodyBytes ?? LIMITS.bodyBytes);
    },
  };
}

/**
 * A Lambda handler for one route of the REST API (a Lambda proxy event, AWS or the local runtime),
 * with the standard stack. API Gateway routes by method and path before the function runs
 * (infra/constructs/api.ts), so the handler a test calls is exactly the one Lambda runs
 * (docs/decisions/0047-ship-what-is-tested.md).
 */
export function httpApi(options: HttpApiOptions, handler: ApiHandler) {
  const stack = middy<ApiEvent, ApiResult>()
    .use(envelope(options))
    .use(guards(options))
    .use([...(options.extraMiddlewares ?? [])])
    .handler(async (event, context) => handler(apiRequestOf(event), context));
  return (event: ApiEvent, context: Context): Promise<ApiResult> => stack(event, context);
}
