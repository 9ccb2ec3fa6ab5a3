/**
 * Writes that many requests make at the same moment, gathered into one statement: what is added for
 * the same key (a database) during one turn of the event loop is handed to `flush` together when the
 * turn ends, and every caller waits for that one statement. Under a burst many answers from the
 * database arrive in the same turn, so a round trip each becomes one for all of them
 * (docs/decisions/056, 057); alone, a write waits only for the end of its turn.
 */
export function turnBatcher<K extends object, T>(
  flush: (key: K, items: T[]) => Promise<void>,
): (key: K, items: T[]) => Promise<void> {
  const queued = new WeakMap<K, { items: T[]; done: Promise<void> }>();
  return (key, items) => {
    if (items.length === 0) return Promise.resolve();
    let batch = queued.get(key);
    if (!batch) {
      const gathered: T[] = [];
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        queued.delete(key);
        return flush(key, gathered);
      });
      batch = { items: gathered, done };
      queued.set(key, batch);
    }
    batch.items.push(...items);
    return batch.done;
  };
}
