import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { DomainEvent } from "../../events/envelopes";
import { type QueueVariable, requireEnv } from "./env";
import { type EventPublisher, type PublishOptions, QUEUE_ATTRIBUTE } from "./publisher";
import { failFastRequestHandler, withoutSdkLogging } from "./request-handler";

/**
 * Production EventPublisher: the envelope as JSON to every queue that `queuesFor` names for its type
 * (functions/registry.ts in the product), each queue's URL from its environment variable.
 */
export class SqsPublisher implements EventPublisher {
  constructor(
    private readonly queuesFor: (
      type: DomainEvent["type"],
    ) => readonly { readonly name: string; readonly envVar: QueueVariable }[],
    private readonly sqs: SQSClient = withoutSdkLogging(
      new SQSClient({
        maxAttempts: 3,
        requestHandler: failFastRequestHandler(3_000),
      }),
    ),
    private readonly queueUrl: (variable: QueueVariable) => string = requireEnv,
  ) {}

  async publish(event: DomainEvent, options: PublishOptions = {}): Promise<void> {
    const body = JSON.stringify(event);
    const queues = this.queuesFor(event.type).filter((queue) => !options.skipQueues?.has(queue.name));
    await Promise.all(
      queues.map((queue) =>
        this.sqs.send(
          new SendMessageCommand({
            QueueUrl: this.queueUrl(queue.envVar),
            MessageBody: body,
            MessageAttributes: {
              eventType: { DataType: "String", StringValue: event.type },
              eventId: { DataType: "String", StringValue: event.id },
              [QUEUE_ATTRIBUTE]: { DataType: "String", StringValue: queue.name },
            },
          }),
        ),
      ),
    );
  }
}
