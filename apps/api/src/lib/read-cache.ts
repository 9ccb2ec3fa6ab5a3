/**
 * A small in-process cache of serialised catalogue answers (a product page, a search). Entries
 * live `ttlMs` at most; any change of availability made by this process (an order placed, paid,
 * cancelled or expired) clears it at once, and the TTL bounds how long another instance's change
 * can go unseen. Bookings never trust it: placing an order re-checks every slot in the database.
 */
export class ReadCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: string): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
    // Oldest first in a Map: drop from the front when over the limit.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
