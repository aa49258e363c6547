import type { DomainEvent } from "../../events/envelopes";

/**
 * Delivers a domain event to every queue that consumes its type (functions/registry.ts).
 * Production implements it with SQS; the local runtime with its in-process queue.
 */
export interface EventPublisher {
  publish(event: DomainEvent, options?: PublishOptions): Promise<void>;
}

export interface PublishOptions {
  /**
   * Queues of the event's type that it need not go to, because nothing there waits for it (no
   * endpoint takes a lead event: docs/decisions/0108-no-endpoint-no-work.md). None left: nothing is sent.
   */
  readonly skipQueues?: ReadonlySet<string>;
}

/**
 * The message attribute naming the queue a message was sent to: the notify worker tells by its
 * presence a message of its lane from one queued before the lanes existed
 * (docs/decisions/0098-mail-lanes.md).
 */
export const QUEUE_ATTRIBUTE = "queue";
