/**
 * HTTP settings for every AWS client our functions create: fail fast so that a request gets a
 * clear 503 and a worker a retry, instead of waiting out the Lambda timeout.
 *
 * `throwOnRequestTimeout` matters: without it the SDK (smithy 4) only logs a warning when the
 * request timeout passes and keeps waiting — an endpoint that accepts the connection but never
 * answers held a request for 30 s and more (test/integration/faults-dynamo.test.ts).
 */
export function failFastRequestHandler(requestTimeoutMs: number) {
  return { connectionTimeout: 1_000, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true };
}
