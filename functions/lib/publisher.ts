import type { DomainEvent } from "../../events/envelopes";

/**
 * Delivers a domain event to every queue that consumes its type (functions/registry.ts).
 * Production implements it with SQS; the local runtime with its in-process queue.
 */
export interface EventPublisher {
  publish(event: DomainEvent): Promise<void>;
}
