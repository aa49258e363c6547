import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { DomainEvent } from "../../events/envelopes";
import { describeError, type Logger } from "./log";

/** Why a body is not an envelope, without echoing the body (it carries personal data). */
export function readEnvelope(body: string): { ok: true; event: DomainEvent } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: "invalid_json" };
  }
  const result = DomainEvent.safeParse(json);
  if (result.success) return { ok: true, event: result.data };
  const paths = [...new Set(result.error.issues.map((issue) => issue.path.join(".") || "(root)"))].slice(
    0,
    10,
  );
  return { ok: false, reason: `invalid_envelope: ${paths.join(", ")}` };
}

/**
 * An SQS worker: each message body must be a DomainEvent envelope. Messages are processed one
 * by one; the ids of those that failed (unparseable or an error) are reported so that SQS
 * redelivers only them, and after maxReceiveCount moves them to the dead-letter queue.
 */
export function sqsEventWorker(
  log: Logger,
  processEvent: (event: DomainEvent, record: SQSRecord) => Promise<unknown>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (batch) => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of batch.Records ?? []) {
      const messageLog = log.child({
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
      });
      const parsed = readEnvelope(record.body);
      if (!parsed.ok) {
        messageLog.error("unreadable message", { reason: parsed.reason });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        continue;
      }
      const event = parsed.event;
      try {
        const outcome = await processEvent(event, record);
        messageLog.info("message processed", {
          eventId: event.id,
          eventType: event.type,
          outcome: typeof outcome === "string" ? outcome : "done",
        });
      } catch (error) {
        messageLog.warn("message failed", {
          eventId: event.id,
          eventType: event.type,
          reason: describeError(error),
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
