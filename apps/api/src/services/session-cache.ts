import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { ProfileRow } from './auth/index.ts';

/**
 * NOTIFY channel: the id of a user whose sessions or profile changed. Sent by triggers on `sessions`
 * (delete) and `profiles` (update, delete) in migration 0016, so every way a session ends or a user
 * changes (sign-out, block, role, password, two-factor, account deletion) reaches every instance.
 */
export const SESSION_CHANNEL = 'urbana_sessoes';

export interface CachedSession {
  user: ProfileRow;
  sessionId: string;
  expiresAt: Date;
  /** Staff lifted this customer's limits on orders (services/orders/quote.ts). */
  orderLimitsLifted: boolean;
}

interface Entry extends CachedSession {
  userId: string;
  cachedAt: number;
}

const MAX_ENTRIES = 20_000;

/**
 * Checked sessions kept for a few seconds, so a signed-in request does not cost a query
 * (docs/decisions/039). An entry is only trusted while this instance is listening: with the LISTEN
 * connection down a change on another instance could go unheard, so nothing is served from memory.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private listening = false;
  /** Bumped by every invalidation: a lookup that started before one must not be stored. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | undefined;
  /** Database lookups on their way, by token, each with the generation it started in. */
  private readonly inFlight = new Map<
    string,
    { generation: number; lookup: Promise<CachedSession | null> }
  >();

  constructor(
    private readonly database: Database,
    private readonly ttlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.ttlMs <= 0 || this.unlisten) return;
    this.unlisten = await this.database.listen(SESSION_CHANNEL, (userId) => this.forgetUser(userId), {
      onReconnect: () => {
        this.clear();
        this.listening = true;
      },
      onError: (err) => {
        this.listening = false;
        this.clear();
        this.log.warn({ err }, 'escuta de sessões perdida; sessões voltam a ser lidas do banco');
      },
    });
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.clear();
    await unlisten?.();
  }

  get(tokenHash: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = Date.now();
    // An entry is younger than the TTL: a session that went idle meanwhile lasts that much longer.
    if (now - entry.cachedAt > this.ttlMs || entry.expiresAt.getTime() < now) {
      this.remove(tokenHash, entry.userId);
      return undefined;
    }
    return entry;
  }

  /**
   * The session behind a token not in the cache, read by `read` and then kept. Requests of one token
   * that arrive while its read is on its way share that read instead of each asking the database (a
   * customer's tabs, or a burst right after the cache forgot the user); a request that arrives
   * after an invalidation starts a read of its own.
   */
  lookup(tokenHash: string, read: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const current = this.inFlight.get(tokenHash);
    if (current && current.generation === this.generation) return current.lookup;
    const generation = this.generation;
    const lookup = read()
      .then((resolved) => {
        if (resolved) this.set(tokenHash, resolved, generation);
        return resolved;
      })
      .finally(() => {
        if (this.inFlight.get(tokenHash)?.lookup === lookup) this.inFlight.delete(tokenHash);
      });
    this.inFlight.set(tokenHash, { generation, lookup });
    return lookup;
  }

  private set(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const userId = session.user.id;
    this.entries.set(tokenHash, { ...session, userId, cachedAt: Date.now() });
    let hashes = this.byUser.get(userId);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(userId, hashes);
    }
    hashes.add(tokenHash);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    this.byUser.delete(userId);
    for (const hash of hashes) this.entries.delete(hash);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string, userId: string): void {
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
