import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { NOTIFICATION_CHANNEL } from './notifications.ts';

/** What a subscriber hears: a new notification of its user, or "you may have missed some". */
export type HubEvent = { type: 'notification'; id: string } | { type: 'resync' };
type Listener = (event: HubEvent) => void;

/**
 * Live notifications for the users connected to this instance. One LISTEN per instance (PGlite's own
 * listen, or one dedicated node-postgres connection that reconnects), fanned out to the open streams
 * of each user. NOTIFY travels through the database, so a notification created on any instance
 * reaches a stream open on any other.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(NOTIFICATION_CHANNEL, (payload) => this.dispatch(payload), {
      // Notifications sent while the connection was down were lost: every stream refreshes.
      onReconnect: () => {
        this.log.info('escuta de notificações restabelecida');
        for (const set of this.listeners.values()) for (const listener of set) listener({ type: 'resync' });
      },
      onError: (err) => this.log.warn({ err }, 'escuta de notificações perdida; reconectando'),
    });
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  /** Calls listener for every new notification of userId; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(userId);
    };
  }

  /** Open subscriptions on this instance (all users, or one). */
  subscriberCount(userId?: string): number {
    if (userId) return this.listeners.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let parsed: { user_id?: unknown; id?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.user_id !== 'string' || typeof parsed.id !== 'string') return;
    const set = this.listeners.get(parsed.user_id);
    if (!set) return;
    for (const listener of [...set]) listener({ type: 'notification', id: parsed.id });
  }
}
