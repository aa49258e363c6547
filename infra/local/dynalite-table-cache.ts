/**
 * dynalite reads a table's description from LevelDB on every request (`store.getTable`, before any
 * item is read or written): one LevelDB read per request and per action of a transaction, a third
 * of dynalite's reads under the pipeline's load. Descriptions change only through the table
 * operations (CreateTable, UpdateTable, DeleteTable, which write them back), so this keeps the ones
 * read in memory and forgets them all at any write to the description store. Each caller gets its
 * own copy, as a read from LevelDB would give (the table operations change the object they get).
 */

/** The part of dynalite's store of table descriptions (its "table" sub-database) used here. */
export interface TableDescriptionStore {
  get(key: string, callback: (error: Error | null | undefined, value?: unknown) => void): void;
  put(key: string, value: unknown, callback: (error?: Error | null) => void): void;
  del(key: string, callback: (error?: Error | null) => void): void;
  batch?(operations: unknown[], callback: (error?: Error | null) => void): void;
}

const CACHED = Symbol.for("repdesk.dynalite.table-cache");

/** Wraps the store's methods in place (dynalite looks them up on each call). Harmless twice. */
export function cacheTableDescriptions(store: TableDescriptionStore): void {
  const marked = store as TableDescriptionStore & { [CACHED]?: true };
  if (marked[CACHED]) return;
  marked[CACHED] = true;
  const cache = new Map<string, unknown>();
  // A read that started before a write must not store what it read: the write may be newer.
  let generation = 0;
  const forget = () => {
    generation += 1;
    cache.clear();
  };
  const { get, put, del, batch } = store;
  store.get = (key, callback) => {
    if (cache.has(key)) {
      const copy = structuredClone(cache.get(key));
      setImmediate(() => callback(null, copy));
      return;
    }
    const started = generation;
    get.call(store, key, (error, value) => {
      if (!error && value !== undefined && started === generation) cache.set(key, structuredClone(value));
      callback(error, value);
    });
  };
  store.put = (key, value, callback) => {
    forget();
    put.call(store, key, value, (error) => {
      forget();
      callback(error);
    });
  };
  store.del = (key, callback) => {
    forget();
    del.call(store, key, (error) => {
      forget();
      callback(error);
    });
  };
  if (batch)
    store.batch = (operations, callback) => {
      forget();
      batch.call(store, operations, (error) => {
        forget();
        callback(error);
      });
    };
}
