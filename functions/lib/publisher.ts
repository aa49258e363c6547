import type { DomainEvent } from "../../events/envelopes";

/**
 * Delivers a domain event to every queue that consumes its type (functions/registry.ts).
 * Production implements it with SQS; the local runtime with its in-process queue.
 */
export interface EventPublisher {
  publish(event: DomainEvent): Promise<void>;
}

/**
 * The message attribute naming the queue a message was sent to: the notify worker tells by its
 * presence a message of its lane from one queued before the lanes existed
 * (docs/decisions/0098-mail-lanes.md).
 */
export const QUEUE_ATTRIBUTE = "queue";
