import type { ApiError } from "../../../events/api";

/**
 * An error that is already an answer: throw it from a handler or a middleware and the API
 * middleware turns it into `{ error, fieldErrors? }` with this status and these headers.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    readonly headers: Record<string, string> = {},
    /** Short machine-readable cause for the log line (never user data). */
    readonly reason = `http_${status}`,
  ) {
    super(body.error);
    this.name = "HttpError";
  }
}

/** The messages people see; one place so that the web client and the tests can rely on them. */
export const MESSAGES = {
  invalidFields: "Please correct the highlighted fields.",
  invalidJson: "The request body must be valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  invalidUtf8: "The request body must be valid UTF-8.",
  tooDeep: "The request body is nested too deeply.",
  unsupportedMediaType: "The request body must be JSON (Content-Type: application/json).",
  tooLarge: "The request body is too large.",
  crossSite: "Cross-site requests are not allowed.",
  forbidden: "Forbidden",
  methodNotAllowed: "Method not allowed.",
  tooManySubmissions: "Too many submissions. Please wait a minute and try again.",
  unavailable: "The service is busy or temporarily unavailable. Please try again in a moment.",
  internal: "Something went wrong. Please try again.",
} as const;

export const badRequest = (error: string, reason: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, fieldErrors ? { error, fieldErrors } : { error }, {}, reason);

export const invalidFields = (fieldErrors: Record<string, string>) =>
  new HttpError(400, { error: MESSAGES.invalidFields, fieldErrors }, {}, "invalid_fields");

export const tooManyRequests = (retryAfterSeconds: number, error: string = MESSAGES.tooManySubmissions) =>
  new HttpError(429, { error }, { "Retry-After": String(retryAfterSeconds) }, "rate_limited");

export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new HttpError(
    503,
    { error: MESSAGES.unavailable },
    { "Retry-After": String(retryAfterSeconds) },
    "dependency_unavailable",
  );
