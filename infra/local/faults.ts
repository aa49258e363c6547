/**
 * Fault injection for the local runtime's fault tests (issue #6). Off unless LOCAL_FAULTS=1, and only
 * in infra/local (never part of the AWS build). Settings come from the environment at start:
 *
 * - LOCAL_FAULT_POISON_EVERY=N (with LOCAL_FAULT_POISON_QUEUE=<queue name>, default every queue):
 *   every N-th distinct message a queue sees is poison — its worker fails it on every receive, so
 *   it ends in the dead-letter list with the fault as its reason.
 */
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { BatchConsumer } from "./queue";

export interface FaultSettings {
  readonly poisonEvery?: number;
  readonly poisonQueue?: string;
}

export function faultsFromEnvironment(env: NodeJS.ProcessEnv): FaultSettings {
  if (env.LOCAL_FAULTS !== "1") return {};
  const every = Number(env.LOCAL_FAULT_POISON_EVERY);
  return {
    ...(Number.isInteger(every) && every > 0 ? { poisonEvery: every } : {}),
    ...(env.LOCAL_FAULT_POISON_QUEUE ? { poisonQueue: env.LOCAL_FAULT_POISON_QUEUE } : {}),
  };
}

export const POISON_REASON = "fault injection: poison message";

/**
 * The queue's consumer, unless this queue gets poison: then every N-th distinct message (by first
 * receipt) fails on every receive. A batch of only poison throws (reason "worker threw: ..."); in a
 * mixed batch the rest go to the worker and the poison ones are reported as batch item failures.
 */
export function withFaults(queue: string, consumer: BatchConsumer, settings: FaultSettings): BatchConsumer {
  const every = settings.poisonEvery;
  if (every === undefined || (settings.poisonQueue !== undefined && settings.poisonQueue !== queue)) {
    return consumer;
  }
  const seen = new Map<string, boolean>();
  return async (event: SQSEvent): Promise<SQSBatchResponse | undefined | null> => {
    for (const record of event.Records) {
      if (!seen.has(record.messageId)) seen.set(record.messageId, (seen.size + 1) % every === 0);
    }
    const poison = event.Records.filter((record) => seen.get(record.messageId));
    if (poison.length === 0) return consumer(event);
    if (poison.length === event.Records.length) throw new Error(`${POISON_REASON} (every ${every})`);
    const rest = event.Records.filter((record) => !seen.get(record.messageId));
    const result = await consumer({ ...event, Records: rest });
    return {
      batchItemFailures: [
        ...(result?.batchItemFailures ?? []),
        ...poison.map((record) => ({ itemIdentifier: record.messageId })),
      ],
    };
  };
}
