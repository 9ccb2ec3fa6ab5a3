/** A small Server-Sent Events client over fetch's streaming body, for tests against a real server. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

interface Waiter {
  match: (e: SseEvent) => boolean;
  resolve: (e: SseEvent) => void;
}

export class SseStream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** Resolves when the server ends the stream (or it fails). */
  readonly ended: Promise<void>;
  private waiters: Waiter[] = [];
  private closed = false;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read().catch(() => {});
  }

  /** Opens the stream; rejects unless the server answers 200 with text/event-stream. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      const body = await response.text().catch(() => '');
      throw new Error(`stream não abriu: ${response.status} ${body}`);
    }
    return new SseStream(response, controller);
  }

  private async read() {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n/g, '\n');
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        this.block(buffer.slice(0, split));
        buffer = buffer.slice(split + 2);
      }
    }
  }

  private block(text: string) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let fields = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'event') event = value;
      else if (name === 'data') data.push(value);
      else if (name === 'id') id = value;
      else continue;
      fields += 1;
    }
    if (fields === 0 || data.length === 0) return;
    const parsed = { event, data: data.join('\n'), id };
    this.events.push(parsed);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(parsed)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(parsed);
      }
    }
  }

  /** The first event (already received or still to come) that matches, or an error after timeoutMs. */
  next(match: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(`nenhum evento esperado em ${timeoutMs} ms; recebidos: ${JSON.stringify(this.events)}`),
        );
      }, timeoutMs);
      const done = (e: SseEvent) => {
        clearTimeout(timer);
        resolve(e);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.abort();
  }
}

/** The JSON of a `notificacao` event. */
export interface NotificationEvent {
  notification: {
    id: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    read: boolean;
    created_at: string;
  };
  unread: number;
}

export const isNotification = (e: SseEvent) => e.event === 'notificacao';
