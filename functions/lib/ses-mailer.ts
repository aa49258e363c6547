import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { createLogger, describeError } from "./log";
import type { EmailMessage, Mailer } from "./mailer";
import { failFastRequestHandler, withoutSdkLogging } from "./request-handler";

const log = createLogger({ component: "ses" });

/** The log line of a send refused for the day; the stack alarms on it (infra/constructs/messaging.ts). */
export const SES_DAILY_QUOTA_MESSAGE = "SES daily sending quota exhausted";

/**
 * The log line of a send that got no answer (a timeout, a dropped connection): SES may have taken
 * the message. The message is failed and sent again on redelivery, so the prospect may get it twice:
 * the one duplicate docs/decisions/0002-email-exactly-once.md accepts, each one logged.
 */
export const SES_OUTCOME_UNKNOWN_MESSAGE = "SES send outcome unknown";

/** Whether a send failed without an answer from SES, so that SES may have accepted it. */
export function sesOutcomeUnknown(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  const status = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  return typeof status !== "number";
}

interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

const retryToken = (count: number, delayMs: number): RetryToken => ({
  getRetryCount: () => count,
  getRetryDelay: () => delayMs,
});

/**
 * The SDK's retries for a send, limited to answers that prove SES did not take the message
 * (throttling, a server error): a send that timed out may have been delivered, and the SDK's own
 * retry would send it again with nothing to show for it. Such a send fails instead, is logged, and
 * the queue's redelivery decides (docs/decisions/0002-email-exactly-once.md).
 */
export function sendRetryStrategy(maxAttempts = 3, baseDelayMs = 100) {
  return {
    acquireInitialRetryToken: async (): Promise<RetryToken> => retryToken(0, 0),
    refreshRetryTokenForRetry: async (
      previous: RetryToken,
      errorInfo: { errorType: string; error?: unknown },
    ): Promise<RetryToken> => {
      const retries = previous.getRetryCount() + 1;
      const refused = errorInfo.errorType !== "CLIENT_ERROR" && !sesOutcomeUnknown(errorInfo.error);
      if (retries >= maxAttempts || !refused) throw errorInfo.error ?? new Error("not retried");
      return retryToken(retries, baseDelayMs * 2 ** (retries - 1) * (1 + Math.random()));
    },
    recordSuccess: (): void => {},
  };
}

const THROTTLE_NAMES = new Set([
  "TooManyRequestsException",
  "Throttling",
  "ThrottlingException",
  "LimitExceededException",
]);

/**
 * Whether SES refused a send for the account's sending quota: "rate" (Maximum sending rate
 * exceeded) passes in a second, "daily" (Daily message quota exceeded) within a day. Either way the
 * message is sound: the caller fails it so the queue delivers it again later.
 */
export function sesThrottleOf(error: unknown): "rate" | "daily" | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { name, message } = error as { name?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "";
  if (/daily message quota/i.test(text)) return "daily";
  if ((typeof name === "string" && THROTTLE_NAMES.has(name)) || /maximum sending rate/i.test(text))
    return "rate";
  return undefined;
}

export interface SendPacing {
  /** Least time between two sends of this Lambda instance (0: no pacing). */
  readonly minIntervalMs: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * Mailer over SES v2 (endpoint from AWS_ENDPOINT_URL_SESV2 locally), through the given
 * configuration set. With `pacing` (the notify worker's SES_MIN_SEND_INTERVAL_MS, from the stage's
 * sesMaxSendRate and its queue mapping's maximum concurrency) each instance spaces its sends, so
 * all instances together stay under the rate.
 */
export class SesMailer implements Mailer {
  private nextSendAt = 0;

  constructor(
    private readonly ses: SESv2Client = withoutSdkLogging(
      new SESv2Client({
        retryStrategy: sendRetryStrategy(),
        requestHandler: failFastRequestHandler(5_000),
      }),
    ),
    private readonly configurationSetName: string | undefined = undefined,
    private readonly pacing: SendPacing = { minIntervalMs: 0 },
  ) {}

  /** Waits for this instance's next free send slot and takes it. */
  private async pace(): Promise<void> {
    if (this.pacing.minIntervalMs <= 0) return;
    const now = (this.pacing.now ?? Date.now)();
    const at = Math.max(now, this.nextSendAt);
    this.nextSendAt = at + this.pacing.minIntervalMs;
    if (at > now)
      await (this.pacing.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms))))(at - now);
  }

  async send(message: EmailMessage): Promise<{ messageId?: string }> {
    await this.pace();
    try {
      return await this.sendNow(message);
    } catch (error) {
      const throttle = sesThrottleOf(error);
      if (throttle === "daily") log.error(SES_DAILY_QUOTA_MESSAGE, { reason: describeError(error) });
      else if (throttle === "rate") log.warn("SES sending rate exceeded", { reason: describeError(error) });
      else if (sesOutcomeUnknown(error))
        log.warn(SES_OUTCOME_UNKNOWN_MESSAGE, { reason: describeError(error) });
      throw error;
    }
  }

  private async sendNow(message: EmailMessage): Promise<{ messageId?: string }> {
    const result = await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: [...message.to] },
        ...(message.replyTo?.length ? { ReplyToAddresses: [...message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: "UTF-8" },
            Body: {
              Html: { Data: message.html, Charset: "UTF-8" },
              Text: { Data: message.text, Charset: "UTF-8" },
            },
          },
        },
        ...(this.configurationSetName ? { ConfigurationSetName: this.configurationSetName } : {}),
      }),
    );
    return result.MessageId ? { messageId: result.MessageId } : {};
  }
}
