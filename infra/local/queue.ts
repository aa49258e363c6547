/**
 * The local stand-in for SQS + Lambda's event source mapping: durable queues that deliver
 * SQS-shaped batches to a consumer function, delete what succeeded, redeliver what failed after a
 * growing delay, and move a message to a dead-letter list (with the reason) once it has been
 * received `maxReceiveCount` times. Delivery is at least once.
 *
 * Durability (infra/local/queue-journal.ts): every change is one line appended (synchronously,
 * before the caller continues) to a journal file. A killed process loses nothing it acknowledged:
 * on open, the journal is replayed, messages that were in flight become visible again (their
 * receive counts kept), and the file is compacted to the live messages and the dead-letter list.
 * What a worker receives and how its answer is read: infra/local/sqs-batch.ts.
 */
import { randomUUID } from "node:crypto";
import type { SQSEvent } from "aws-lambda";
import {
  type DeadLetter,
  type JournalEntry,
  QueueJournal,
  type StoredMessage,
  toDeadLetter,
} from "./queue-journal";
import { type BatchConsumer, batchFailures, toSqsRecord } from "./sqs-batch";

export interface QueueSpec {
  readonly name: string;
  readonly maxReceiveCount: number;
  readonly consumer: BatchConsumer;
  /**
   * Work nobody on the staff waits for (the prospects' acknowledgements, enrichment): while another
   * queue has messages waiting for a free batch, this one runs one batch at a time, not
   * `concurrency` (docs/decisions/0104-local-pipeline-scheduling.md).
   */
  readonly background?: boolean;
}

export interface LocalQueuesOptions {
  /** Append-only journal; created if missing. */
  readonly journalFile: string;
  readonly queues: readonly QueueSpec[];
  /** Delay before a failed message is visible again, after its n-th receive. */
  readonly retryDelayMs?: (receiveCount: number) => number;
  /** Messages per batch (SQS and Lambda allow up to 10). */
  readonly batchSize?: number;
  /** Batches of one queue in flight at once (Lambda's concurrent pollers). */
  readonly concurrency?: number;
  readonly region?: string;
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

export interface OutgoingMessage {
  readonly queue: string;
  readonly body: string;
  /** String message attributes. */
  readonly attributes?: Record<string, string>;
}

export interface QueueCounts {
  /** Waiting for delivery, including messages waiting out a retry delay. */
  readonly pending: number;
  readonly inFlight: number;
  readonly dead: number;
  /** Deliveries since start that the worker failed (each retry that fails counts again). */
  readonly failedDeliveries: number;
}

/**
 * 2 s, 8 s, 32 s, then 90 s: a first retry quick enough for development, and a whole retry window
 * (about 2 min 12 s over five receives) longer than the longest lease a worker holds — the
 * notification worker's 2-minute e-mail claim, which a delivery killed mid-send leaves behind. In
 * AWS the queues' visibility timeout gives the same room; a shorter window here would dead-letter
 * e-mails that the next retry would have sent.
 */
export function defaultRetryDelayMs(receiveCount: number): number {
  return Math.min(2_000 * 4 ** Math.max(0, receiveCount - 1), 90_000);
}

interface QueueState {
  readonly spec: QueueSpec;
  readonly arn: string;
  /** Ids visible now, oldest first (a slice from `head` on). */
  ready: string[];
  head: number;
  readonly inFlight: Set<string>;
  /** Ids waiting out a retry delay -> when they become visible. */
  readonly delayed: Map<string, number>;
  batchesRunning: number;
  failedDeliveries: number;
  timer?: NodeJS.Timeout;
  scheduled: boolean;
}

export class LocalQueues {
  private readonly messages = new Map<string, StoredMessage>();
  private readonly dead: DeadLetter[] = [];
  private readonly states = new Map<string, QueueState>();
  /** Messages sent to each queue since start (GET /__local/stats; the lead-time bench). */
  private readonly sentCounts = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private readonly journal: QueueJournal;
  private readonly retryDelayMs: (receiveCount: number) => number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly region: string;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private closed = false;

  constructor(options: LocalQueuesOptions) {
    this.retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
    this.batchSize = Math.min(Math.max(options.batchSize ?? 10, 1), 10);
    this.concurrency = Math.max(options.concurrency ?? 4, 1);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(message));
    this.region = options.region ?? "us-east-1";
    for (const spec of options.queues) {
      this.states.set(spec.name, {
        spec,
        arn: `arn:aws:sqs:${this.region}:000000000000:${spec.name}`,
        ready: [],
        head: 0,
        inFlight: new Set(),
        delayed: new Map(),
        batchesRunning: 0,
        failedDeliveries: 0,
        scheduled: false,
      });
    }
    this.journal = new QueueJournal(
      options.journalFile,
      { messages: this.messages, dead: this.dead },
      (queue) => this.states.has(queue),
      this.log,
    );
    for (const message of this.messages.values()) this.stateOf(message.queue)?.ready.push(message.id);
    for (const state of this.states.values()) this.schedule(state);
  }

  /** Enqueues messages for several queues as one journal write: all of them or none. */
  send(messages: readonly OutgoingMessage[]): string[] {
    if (this.closed) throw new Error("The local queues are closed");
    const stored = messages.map((message): StoredMessage => {
      if (!this.states.has(message.queue)) throw new Error(`Unknown queue "${message.queue}"`);
      return {
        id: randomUUID(),
        queue: message.queue,
        body: message.body,
        attributes: { ...(message.attributes ?? {}) },
        sentAt: this.now(),
        receiveCount: 0,
      };
    });
    this.journal.append(stored.map((message) => ({ op: "send", message })));
    for (const message of stored) {
      this.sentCounts.set(message.queue, (this.sentCounts.get(message.queue) ?? 0) + 1);
      this.messages.set(message.id, message);
      const state = this.stateOf(message.queue) as QueueState;
      state.ready.push(message.id);
      this.schedule(state);
    }
    return stored.map((message) => message.id);
  }

  counts(): Record<string, QueueCounts> {
    const counts: Record<string, QueueCounts> = {};
    for (const [name, state] of this.states) {
      counts[name] = {
        pending: state.ready.length - state.head + state.delayed.size,
        inFlight: state.inFlight.size,
        dead: this.dead.filter((letter) => letter.queue === name).length,
        failedDeliveries: state.failedDeliveries,
      };
    }
    return counts;
  }

  /** Messages sent to each queue since start. */
  sent(): Record<string, number> {
    return Object.fromEntries(this.sentCounts);
  }

  deadLetters(): readonly DeadLetter[] {
    return [...this.dead];
  }

  /**
   * Stops delivering and waits (up to `timeoutMs`, like a Lambda timeout) for the batches in flight;
   * what is still unfinished stays in the journal and is delivered again after the next open.
   */
  async close({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const state of this.states.values()) clearTimeout(state.timer);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    const drained = (async () => {
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
    })();
    await Promise.race([drained, timeout]);
    clearTimeout(timer);
    this.journal.close();
  }

  private stateOf(queue: string): QueueState | undefined {
    return this.states.get(queue);
  }

  private schedule(state: QueueState): void {
    if (state.scheduled || this.closed) return;
    state.scheduled = true;
    setImmediate(() => {
      state.scheduled = false;
      this.pump(state);
    });
  }

  /** Whether a queue that is not background has messages waiting for a free batch. */
  private foregroundWaiting(): boolean {
    for (const state of this.states.values())
      if (!state.spec.background && state.ready.length > state.head) return true;
    return false;
  }

  private pump(state: QueueState): void {
    if (this.closed) return;
    this.promoteDue(state);
    const limit = state.spec.background && this.foregroundWaiting() ? 1 : this.concurrency;
    while (state.batchesRunning < limit && state.ready.length > state.head) {
      const ids = state.ready.slice(state.head, state.head + this.batchSize);
      state.head += ids.length;
      if (state.head > 1024 && state.head * 2 > state.ready.length) {
        state.ready = state.ready.slice(state.head);
        state.head = 0;
      }
      const batch = ids.map((id) => this.messages.get(id)).filter((message) => message !== undefined);
      if (batch.length === 0) continue;
      this.deliver(state, batch);
    }
  }

  /** Moves messages whose retry delay has passed to the ready list; arms a timer for the next one. */
  private promoteDue(state: QueueState): void {
    clearTimeout(state.timer);
    state.timer = undefined;
    const now = this.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [id, visibleAt] of state.delayed) {
      if (visibleAt <= now) {
        state.delayed.delete(id);
        state.ready.push(id);
      } else {
        next = Math.min(next, visibleAt);
      }
    }
    if (next !== Number.POSITIVE_INFINITY) {
      state.timer = setTimeout(() => this.schedule(state), Math.max(next - now, 1));
      state.timer.unref();
    }
  }

  private deliver(state: QueueState, batch: StoredMessage[]): void {
    const at = this.now();
    for (const message of batch) {
      message.receiveCount += 1;
      message.firstReceiveAt ??= at;
      state.inFlight.add(message.id);
    }
    this.journal.append([{ op: "receive", ids: batch.map((message) => message.id), at }]);
    state.batchesRunning += 1;
    const event: SQSEvent = { Records: batch.map((message) => toSqsRecord(message, state.arn, this.region)) };
    const run = this.runBatch(state, batch, event).finally(() => {
      state.batchesRunning -= 1;
      this.running.delete(run);
      this.schedule(state);
      // A background queue held to one batch may take more once the others have caught up.
      if (!state.spec.background)
        for (const other of this.states.values()) if (other.spec.background) this.schedule(other);
    });
    this.running.add(run);
  }

  private async runBatch(state: QueueState, batch: StoredMessage[], event: SQSEvent): Promise<void> {
    this.settle(state, batch, await batchFailures(state.spec.consumer, batch, event));
  }

  private settle(state: QueueState, batch: StoredMessage[], failures: Map<string, string>): void {
    const entries: JournalEntry[] = [];
    const succeeded = batch.filter((message) => !failures.has(message.id)).map((message) => message.id);
    if (succeeded.length > 0) entries.push({ op: "delete", ids: succeeded });
    const at = this.now();
    const deadNow: StoredMessage[] = [];
    for (const message of batch) {
      const reason = failures.get(message.id);
      if (reason === undefined) continue;
      if (message.receiveCount >= state.spec.maxReceiveCount) {
        const fullReason = `${reason} (receive ${message.receiveCount} of ${state.spec.maxReceiveCount})`;
        entries.push({ op: "dead", id: message.id, reason: fullReason, at });
        deadNow.push(message);
      }
    }
    this.journal.append(entries);
    state.failedDeliveries += failures.size;
    for (const message of batch) {
      state.inFlight.delete(message.id);
      const reason = failures.get(message.id);
      if (reason === undefined) {
        this.messages.delete(message.id);
      } else if (deadNow.includes(message)) {
        this.messages.delete(message.id);
        const letter = toDeadLetter(
          message,
          `${reason} (receive ${message.receiveCount} of ${state.spec.maxReceiveCount})`,
          at,
        );
        this.dead.push(letter);
        this.log(
          `[local queue] ${state.spec.name}: message ${message.id} moved to the dead-letter list: ${letter.reason}`,
        );
      } else {
        state.delayed.set(message.id, at + this.retryDelayMs(message.receiveCount));
      }
    }
    this.journal.maybeCompact();
  }
}
