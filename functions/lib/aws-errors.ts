/**
 * Classifies errors from the AWS SDK: which mean "try again later" (the service is throttling,
 * unreachable or timing out) as opposed to a bug or a rejected condition.
 */
const TRANSIENT_NAMES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "Throttling",
  "RequestLimitExceeded",
  "TooManyRequestsException",
  "InternalServerError",
  "InternalFailure",
  "ServiceUnavailable",
  "ServiceUnavailableException",
  "TransactionConflictException",
  "TransactionInProgressException",
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
  "AbortError",
]);

const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

const TRANSIENT_CANCELLATION_CODES = new Set([
  "ThrottlingError",
  "TransactionConflict",
  "ProvisionedThroughputExceeded",
]);

interface AwsLikeError {
  name?: string;
  code?: string;
  cause?: unknown;
  $retryable?: unknown;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

function asAwsError(error: unknown): AwsLikeError | undefined {
  return typeof error === "object" && error !== null ? (error as AwsLikeError) : undefined;
}

export function isTransientAwsError(error: unknown, depth = 0): boolean {
  const err = asAwsError(error);
  if (!err || depth > 3) return false;
  if (err.name && TRANSIENT_NAMES.has(err.name)) return true;
  if (err.code && TRANSIENT_CODES.has(err.code)) return true;
  if (err.$retryable) return true;
  const status = err.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  if (err.name === "TransactionCanceledException") {
    return (err.CancellationReasons ?? []).some((reason) =>
      TRANSIENT_CANCELLATION_CODES.has(reason.Code ?? ""),
    );
  }
  return isTransientAwsError(err.cause, depth + 1);
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return asAwsError(error)?.name === "ConditionalCheckFailedException";
}

/** The cancellation code of each action of a cancelled transaction ("None" for those that were fine). */
export function cancellationCodes(error: unknown): string[] | undefined {
  const err = asAwsError(error);
  if (err?.name !== "TransactionCanceledException") return undefined;
  return (err.CancellationReasons ?? []).map((reason) => reason.Code ?? "None");
}
