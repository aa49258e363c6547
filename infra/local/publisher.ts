import type { DomainEvent } from "../../events";

import { type EventPublisher, type PublishOptions, QUEUE_ATTRIBUTE } from "../../functions/lib/publisher";
import { queuesFor } from "../../functions/registry";
import type { LocalQueues } from "./queue";

/**
 * The publisher the functions get locally: each event to every queue that consumes its type (the
 * same routing as production's SQS publisher), in one journal write, with its type and its queue as
 * message attributes.
 */
export function localPublisher(queues: Pick<LocalQueues, "send">): EventPublisher {
  return {
    async publish(event: DomainEvent, options: PublishOptions = {}) {
      const body = JSON.stringify(event);
      const to = queuesFor(event.type).filter((queue) => !options.skipQueues?.has(queue.name));
      if (to.length === 0) return;
      queues.send(
        to.map((queue) => ({
          queue: queue.name,
          body,
          attributes: { type: event.type, [QUEUE_ATTRIBUTE]: queue.name },
        })),
      );
    },
  };
}
