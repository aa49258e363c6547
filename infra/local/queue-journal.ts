/**
 * The local queues' durability: every change is one line appended (synchronously, before the
 * caller continues) to a journal file. On open the journal is replayed and compacted to the live
 * messages and the dead-letter list; it is compacted again once it has grown well past them.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";

export interface StoredMessage {
  id: string;
  queue: string;
  body: string;
  attributes: Record<string, string>;
  sentAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
}

export interface DeadLetter {
  readonly queue: string;
  readonly messageId: string;
  readonly body: string;
  readonly attributes: Record<string, string>;
  readonly receiveCount: number;
  readonly sentAt: string;
  readonly deadAt: string;
  readonly reason: string;
}

export type JournalEntry =
  | { op: "send"; message: StoredMessage }
  | { op: "receive"; ids: string[]; at: number }
  | { op: "delete"; ids: string[] }
  | { op: "dead"; id: string; reason: string; at: number };

/** What the journal holds: the live messages (in flight or not) and the dead-letter list. */
export interface QueueContents {
  readonly messages: Map<string, StoredMessage>;
  readonly dead: DeadLetter[];
}

export function toDeadLetter(message: StoredMessage, reason: string, at: number): DeadLetter {
  return {
    queue: message.queue,
    messageId: message.id,
    body: message.body,
    attributes: message.attributes,
    receiveCount: message.receiveCount,
    sentAt: new Date(message.sentAt).toISOString(),
    deadAt: new Date(at).toISOString(),
    reason,
  };
}

export class QueueJournal {
  private fd: number;
  private closed = false;
  private entriesSinceCompaction = 0;

  /**
   * Replays `file` into `contents` (messages for a queue `isKnownQueue` refuses are dropped) and
   * compacts it; messages that were in flight are then live again, their receive counts kept.
   */
  constructor(
    private readonly file: string,
    private readonly contents: QueueContents,
    private readonly isKnownQueue: (queue: string) => boolean,
    private readonly log: (message: string) => void,
  ) {
    this.replay();
    this.fd = this.compact();
  }

  append(entries: readonly JournalEntry[]): void {
    // A batch that finishes after close() gave up on it is simply delivered again next time.
    if (entries.length === 0 || this.closed) return;
    writeSync(this.fd, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
    this.entriesSinceCompaction += entries.length;
  }

  /** Compacts once the journal holds ten times as many entries as live lines (and at least 10,000). */
  maybeCompact(): void {
    if (this.closed) return;
    const live = this.contents.messages.size + this.contents.dead.length;
    if (this.entriesSinceCompaction < 10_000 || this.entriesSinceCompaction < live * 10) return;
    // Messages in flight are written as "send" with their receive count: after a crash they are
    // redelivered, which at-least-once allows.
    closeSync(this.fd);
    this.fd = this.compact();
  }

  close(): void {
    closeSync(this.fd);
    this.closed = true;
  }

  /** Rebuilds the contents from the journal; a torn last line (killed mid-write) is ignored. */
  private replay(): void {
    if (!existsSync(this.file)) return;
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        continue;
      }
      this.apply(entry);
    }
  }

  private apply(entry: JournalEntry): void {
    const { messages, dead } = this.contents;
    switch (entry.op) {
      case "send":
        if (this.isKnownQueue(entry.message.queue)) messages.set(entry.message.id, { ...entry.message });
        else this.log(`[local queue] dropping a message for unknown queue "${entry.message.queue}"`);
        break;
      case "receive":
        for (const id of entry.ids) {
          const message = messages.get(id);
          if (!message) continue;
          message.receiveCount += 1;
          message.firstReceiveAt ??= entry.at;
        }
        break;
      case "delete":
        for (const id of entry.ids) messages.delete(id);
        break;
      case "dead": {
        const message = messages.get(entry.id);
        if (!message) break;
        messages.delete(entry.id);
        dead.push(toDeadLetter(message, entry.reason, entry.at));
        break;
      }
    }
  }

  /** Rewrites the journal as the live messages and the dead-letter list; returns the append handle. */
  private compact(): number {
    const lines: string[] = [];
    for (const letter of this.contents.dead) {
      const message: StoredMessage = {
        id: letter.messageId,
        queue: letter.queue,
        body: letter.body,
        attributes: letter.attributes,
        sentAt: Date.parse(letter.sentAt),
        receiveCount: letter.receiveCount,
      };
      lines.push(JSON.stringify({ op: "send", message } satisfies JournalEntry));
      lines.push(
        JSON.stringify({
          op: "dead",
          id: letter.messageId,
          reason: letter.reason,
          at: Date.parse(letter.deadAt),
        } satisfies JournalEntry),
      );
    }
    for (const message of this.contents.messages.values())
      lines.push(JSON.stringify({ op: "send", message } satisfies JournalEntry));
    const temporary = `${this.file}.tmp`;
    const out = openSync(temporary, "w", 0o600);
    if (lines.length > 0) writeSync(out, `${lines.join("\n")}\n`);
    fsyncSync(out);
    closeSync(out);
    renameSync(temporary, this.file);
    this.entriesSinceCompaction = 0;
    return openSync(this.file, "a", 0o600);
  }
}
