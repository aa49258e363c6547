import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { DomainEvent } from "../../events";
import { describeError, type Logger } from "./log";

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
      let event: DomainEvent;
      try {
        event = DomainEvent.parse(JSON.parse(record.body));
      } catch (error) {
        messageLog.error("unreadable message", {
          reason: "invalid_envelope",
          error: describeError(error).slice(0, 500),
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        continue;
      }
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
