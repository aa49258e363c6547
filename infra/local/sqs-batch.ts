/**
 * What the local queues hand a worker and how they read its answer, as Lambda's SQS event source
 * mapping does: SQS-shaped records in, batch item failures (or an exception) out.
 */
import { createHash, randomUUID } from "node:crypto";
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from "aws-lambda";
import type { StoredMessage } from "./queue-journal";

/**
 * A batch response that may say why an item failed. Lambda reads only `itemIdentifier`; locally a
 * `reason` is recorded with the message if it ends in the dead-letter list, so that the reason does
 * not depend on which other messages shared its batch.
 */
export interface LocalBatchResponse {
  batchItemFailures: { itemIdentifier: string; reason?: string }[];
}

/** Calls the worker with one batch; the worker's result or exception decides each message's fate. */
export type BatchConsumer = (
  event: SQSEvent,
) => Promise<LocalBatchResponse | SQSBatchResponse | undefined | null>;

export const BATCH_ITEM_FAILURE_REASON = "reported as a batch item failure by the worker";

/** A stored message as the SQS record a worker receives from the queue `arn`. */
export function toSqsRecord(message: StoredMessage, arn: string, region: string): SQSRecord {
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.attributes)) {
    messageAttributes[name] = {
      stringValue: value,
      stringListValues: [],
      binaryListValues: [],
      dataType: "String",
    };
  }
  return {
    messageId: message.id,
    receiptHandle: `${message.id}:${message.receiveCount}:${randomUUID()}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: "LOCALRUNTIME",
      ApproximateFirstReceiveTimestamp: String(message.firstReceiveAt ?? message.sentAt),
    },
    messageAttributes,
    md5OfBody: createHash("md5").update(message.body).digest("hex"),
    eventSource: "aws:sqs",
    eventSourceARN: arn,
    awsRegion: region,
  };
}

/**
 * Runs the consumer on one batch and answers which messages failed, each with its reason: those it
 * reported, the whole batch when it threw or reported an id the batch does not hold.
 */
export async function batchFailures(
  consumer: BatchConsumer,
  batch: readonly StoredMessage[],
  event: SQSEvent,
): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  try {
    const result = await consumer(event);
    const reported: LocalBatchResponse["batchItemFailures"] = result?.batchItemFailures ?? [];
    const known = new Set(batch.map((message) => message.id));
    // Lambda treats a failure entry it cannot match to a message as a failure of the whole batch.
    const wholeBatch = reported.some((failure) => !known.has(failure.itemIdentifier));
    for (const message of batch) {
      const failure = reported.find((candidate) => candidate.itemIdentifier === message.id);
      if (wholeBatch || failure) failures.set(message.id, failure?.reason ?? BATCH_ITEM_FAILURE_REASON);
    }
  } catch (error) {
    const reason = `worker threw: ${error instanceof Error ? error.message : String(error)}`;
    for (const message of batch) failures.set(message.id, reason);
  }
  return failures;
}
