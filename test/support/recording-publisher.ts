import type { DomainEvent } from "../../events";
import type { EventPublisher } from "../../functions/lib/publisher";

/** An EventPublisher that keeps what it was given; `failNext` makes the next publish throw. */
export class RecordingPublisher implements EventPublisher {
  readonly events: DomainEvent[] = [];
  failNext = 0;

  async publish(event: DomainEvent): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error("queue unavailable");
    }
    this.events.push(event);
  }
}
