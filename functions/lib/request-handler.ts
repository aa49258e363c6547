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

/** The SDK's own logging step, by its name in every v3 client's middleware stack. */
export const SDK_LOGGER_MIDDLEWARE = "loggerMiddleware";

/**
 * Takes the SDK's logging step out of a client. We never give the SDK a logger, yet the step runs
 * on every call: the default no-op logger has an `info` method, so the step first copies the
 * command's input and output with their sensitive fields masked — for nothing. Under the lead-time
 * bench that was about 2% of the local runtime's CPU (docs/PERFORMANCE.md, "lead-time"); in AWS
 * it is the same work in every function. Our own logs (./log.ts) are unaffected.
 */
export function withoutSdkLogging<Client extends { middlewareStack: { remove(name: string): boolean } }>(
  client: Client,
): Client {
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return client;
}
