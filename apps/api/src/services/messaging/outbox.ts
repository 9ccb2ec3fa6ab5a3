import { createMailTransport, type Transporter } from '../../lib/heavy-modules.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { emailLog } from '../../db/schema/index.ts';
import type { RenderedEmail } from './email-templates.ts';
import { releaseDueScheduledEmails } from './scheduled-emails.ts';
import { withUnsubscribeLink } from './email-unsubscribe.ts';
import { observeEmail } from '../../lib/metrics.ts';
import { untraced } from '../../lib/tracing-hooks.ts';

export const MAX_ATTEMPTS = 5;

const BATCH = 10;
const LOCK_SECONDS = 120;

export interface OutboxOptions {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Base of the retry backoff: attempt n waits base × 2^(n-1). */
  retryBaseMs?: number;
  /** The address people use (links in scheduled e-mails). */
  publicUrl?: string;
}

/**
 * Every e-mail goes into email_log first, in the caller's transaction, and this worker delivers it.
 * Rows are claimed with FOR UPDATE SKIP LOCKED plus a lease, so several API instances never send the
 * same message twice.
 */
export class Outbox {
  /** Created on the first e-mail sent (nodemailer loads then: docs/decisions/040-…). */
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private readonly retryBaseMs: number;
  /** Steps that turn recorded changes into notifications and e-mails, after their commit. */
  private readonly producers: Array<{ name: string; step: () => Promise<number> }> = [];

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
  }

  async enqueue(
    executor: Db | Tx,
    message: RenderedEmail & { to: string; userId?: string | null; unsubscribeUrl?: string | null },
  ): Promise<string> {
    const withLink = message.unsubscribeUrl ? withUnsubscribeLink(message, message.unsubscribeUrl) : message;
    const [row] = await executor
      .insert(emailLog)
      .values({
        to_email: message.to,
        user_id: message.userId ?? null,
        template: message.template,
        subject: message.subject,
        body_text: withLink.text,
        body_html: withLink.html,
        unsubscribe_url: message.unsubscribeUrl ?? null,
      })
      .returning({ id: emailLog.id });
    return row!.id;
  }

  /**
   * A step run before each delivery round until it reports nothing left (watch alerts and campaign
   * reports, docs/decisions/036-watches-and-campaign-reports.md). A failing step is logged and retried
   * on the next round; it never holds back the e-mails already queued.
   */
  addProducer(name: string, step: () => Promise<number>): void {
    this.producers.push({ name, step });
  }

  /** Start the periodic worker (every few seconds). */
  start(intervalMs = 5000): void {
    this.timer ??= setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }

  /** Deliver what is due now, without waiting for the next tick. Never throws. */
  kick(): Promise<number> {
    if (this.running) {
      // A kick during a round (e.g. from inside a transaction that commits later) asks for one more
      // round: the running one may already be past the producers (decision 036).
      this.again = true;
      return this.running;
    }
    // A request only wakes the worker up: the round is not part of its trace (decision 115).
    this.running = untraced(() => this.rounds())
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'falha ao processar a fila de emails');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async rounds(): Promise<number> {
    let total = 0;
    do {
      this.again = false;
      total += await this.drain();
    } while (this.again);
    return total;
  }

  /** Claim and deliver batches until nothing is due; returns how many were processed. */
  async drain(): Promise<number> {
    let total = 0;
    // Scheduled e-mails that fell due become ordinary rows of this outbox first.
    while ((await releaseDueScheduledEmails(this.db, this.options.publicUrl ?? '')) > 0);
    for (const { name, step } of this.producers) {
      try {
        while ((await step()) > 0);
      } catch (error) {
        this.options.log.error({ err: error }, `falha ao preparar avisos (${name})`);
      }
    }
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return total;
      const delivered: string[] = [];
      for (const row of batch) if (await this.deliver(row)) delivered.push(row.id);
      await this.markDelivered(delivered);
      total += batch.length;
    }
  }

  /**
   * The batch's delivered messages marked in one statement, not one each (a burst of checkouts
   * queues an e-mail per order: issue #21). A crash between a delivery and this mark sends those
   * messages again when their lease runs out — at most one batch, as "at least once" allows.
   */
  private async markDelivered(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const sent = Boolean(this.options.smtpUrl);
    observeEmail(sent ? 'enviado' : 'registrado', ids.length);
    await this.db
      .update(emailLog)
      .set({
        status: sent ? 'enviado' : 'registrado',
        sent_at: sent ? new Date() : null,
        locked_until: null,
        last_error: null,
      })
      .where(and(inArray(emailLog.id, ids), eq(emailLog.status, 'pendente')));
  }

  private async claim() {
    const result = await this.db.execute<{
      id: string;
      to_email: string;
      subject: string;
      body_text: string;
      body_html: string;
      attempts: number;
      unsubscribe_url: string | null;
    }>(sql`
      update email_log set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}),
        attempts = attempts + 1
      where id in (
        select id from email_log
        where status = 'pendente' and send_after <= now()
          and (locked_until is null or locked_until < now())
        order by send_after
        limit ${BATCH}
        for update skip locked)
      returning id, to_email, subject, body_text, body_html, attempts, unsubscribe_url`);
    return result.rows;
  }

  /** Sends (or, without SMTP, logs) one message; true when it is delivered, to be marked with its batch. */
  private async deliver(row: {
    id: string;
    to_email: string;
    subject: string;
    body_text: string;
    body_html: string;
    attempts: number;
    unsubscribe_url: string | null;
  }): Promise<boolean> {
    const smtpUrl = this.options.smtpUrl;
    if (!smtpUrl) {
      // No SMTP configured: the message stays in the log and is shown on the console, links included.
      this.options.log.info(
        { emailId: row.id, to: row.to_email, subject: row.subject },
        `Email registrado (SMTP_URL não configurado)\nPara: ${row.to_email}\nAssunto: ${row.subject}\n\n${row.body_text}`,
      );
      return true;
    }
    try {
      this.transport ??= createMailTransport(smtpUrl);
      await (
        await this.transport
      ).sendMail({
        from: this.options.from,
        to: row.to_email,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        // RFC 2369 and RFC 8058: mail programs show their own "unsubscribe" and POST to it.
        ...(row.unsubscribe_url
          ? {
              headers: {
                'List-Unsubscribe': `<${row.unsubscribe_url}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = row.attempts >= MAX_ATTEMPTS;
      observeEmail('falha');
      const delay = this.retryBaseMs * 2 ** (row.attempts - 1);
      this.options.log.warn(
        { emailId: row.id, attempt: row.attempts, err: message },
        'falha no envio de email',
      );
      await this.db
        .update(emailLog)
        .set({
          status: finalAttempt ? 'falhou' : 'pendente',
          last_error: message.slice(0, 2000),
          locked_until: null,
          send_after: finalAttempt ? sql`send_after` : new Date(Date.now() + delay),
        })
        .where(eq(emailLog.id, row.id));
      return false;
    }
  }
}
