import type { SQSEvent, SQSRecord } from "aws-lambda";

/** An SQS batch as Lambda delivers it; each body is sent as given (objects as JSON). */
export function sqsEvent(
  bodies: unknown[],
  receiveCount = 1,
  /** Message attributes of every record, e.g. the queue it was sent to (functions/lib/publisher.ts). */
  messageAttributes: Record<string, string> = {},
): SQSEvent {
  return {
    Records: bodies.map(
      (body, index): SQSRecord => ({
        messageId: `message-${index}-${Math.random().toString(36).slice(2, 8)}`,
        receiptHandle: "handle",
        body: typeof body === "string" ? body : JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: "0",
          SenderId: "test",
          ApproximateFirstReceiveTimestamp: "0",
        },
        messageAttributes: Object.fromEntries(
          Object.entries(messageAttributes).map(([name, value]) => [
            name,
            { stringValue: value, stringListValues: [], binaryListValues: [], dataType: "String" },
          ]),
        ),
        md5OfBody: "",
        eventSource: "aws:sqs",
        eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:test",
        awsRegion: "us-east-1",
      }),
    ),
  };
}
