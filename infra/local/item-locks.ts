/**
 * Item locks: a transaction holds the locks of every item it touches until it has committed or
 * rolled back, so two transactions on the same item (a shared counter) never interleave their
 * writes and rollbacks, while transactions on distinct items run side by side.
 */
export class ItemLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async withLocks<T>(identities: string[], work: () => Promise<T>): Promise<T> {
    const ordered = [...new Set(identities)].sort(); // one global order: no deadlock
    const releases: (() => void)[] = [];
    for (const identity of ordered) {
      const previous = this.tails.get(identity) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.tails.set(identity, tail);
      releases.push(() => {
        release();
        if (this.tails.get(identity) === tail) this.tails.delete(identity);
      });
      await previous;
    }
    try {
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }
}
