import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { emailLog } from '../src/db/schema/index.ts';
import { MAX_ATTEMPTS, Outbox } from '../src/services/messaging/outbox.ts';
import { createTestApp, inject, testConfig, type TestContext } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}
const received: Received[] = [];
let reject = false;
/** Recipients the server refuses, one by one. */
const refused = new Set<string>();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (reject || session.envelope.rcptTo.some((r) => refused.has(r.address)))
        return callback(new Error('Caixa de correio indisponível'));
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Urbana <nao-responda@urbana.com.br>',
    }),
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('envio por SMTP', () => {
  it('um email que pode ser desligado leva List-Unsubscribe e List-Unsubscribe-Post; um transacional não', async () => {
    const url =
      'http://localhost:3000/api/email/descadastrar?token=3f0c7d0e-1111-4222-8333-444455556666&tipo=novidades';
    await ctx.app.deps.outbox.enqueue(ctx.database.db, {
      to: 'novidades@exemplo.com.br',
      template: 'email_agendado',
      subject: 'Novidades da Urbana',
      text: 'Texto',
      html: '<html><body><p>Texto</p></body></html>',
      unsubscribeUrl: url,
    });
    await ctx.app.deps.outbox.enqueue(ctx.database.db, {
      to: 'transacional@exemplo.com.br',
      template: 'senha_alterada',
      subject: 'Sua senha foi alterada',
      text: 'Texto',
      html: '<html><body><p>Texto</p></body></html>',
    });
    await ctx.app.deps.outbox.drain();
    const news = received
      .find((m) => m.to.includes('novidades@exemplo.com.br'))!
      .data.replace(/\r?\n\s+/g, ' ');
    expect(news).toContain(`List-Unsubscribe: <${url}>`);
    expect(news).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const plain = received.find((m) => m.to.includes('transacional@exemplo.com.br'))!.data;
    expect(plain).not.toContain('List-Unsubscribe');
  });

  it('entrega o email de confirmação por uma troca SMTP real', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'smtp@exemplo.com.br', password: 'Empena-Centro-7', nome_completo: 'Pessoa SMTP' },
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.deps.outbox.kick();
    await ctx.app.deps.outbox.drain();
    const mail = received.find((m) => m.to.includes('smtp@exemplo.com.br'));
    expect(mail?.from).toBe('nao-responda@urbana.com.br');
    expect(mail?.data).toContain('Subject: Confirme seu email na Urbana');
    expect(mail?.data.replace(/=\r?\n/g, '')).toContain('/auth/confirmar-email?token=');
    const [row] = await ctx.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to_email, 'smtp@exemplo.com.br'));
    expect(row).toMatchObject({ status: 'enviado', attempts: 1 });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('tenta de novo quando o servidor recusa e registra a falha com o erro', async () => {
    reject = true;
    try {
      await inject(ctx, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'smtp@exemplo.com.br' },
      });
      await ctx.app.deps.outbox.kick();
      await ctx.app.deps.outbox.drain();
      const select = () =>
        ctx.database.db.select().from(emailLog).where(eq(emailLog.template, 'redefinicao_senha'));
      let [row] = await select();
      expect(row).toMatchObject({ status: 'pendente', attempts: 1 });
      expect(row?.last_error).toContain('Caixa de correio indisponível');
      expect(row!.send_after.getTime()).toBeGreaterThan(Date.now());
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        await ctx.database.db
          .update(emailLog)
          .set({ send_after: sql`now()` })
          .where(eq(emailLog.id, row!.id));
        await ctx.app.deps.outbox.drain();
      }
      [row] = await select();
      expect(row).toMatchObject({ status: 'falhou', attempts: MAX_ATTEMPTS });
      expect(row?.last_error).toContain('Caixa de correio indisponível');
    } finally {
      reject = false;
    }
  });

  it('dois processadores ao mesmo tempo nunca enviam o mesmo email duas vezes', async () => {
    const before = received.length;
    const { outbox } = ctx.app.deps;
    // 12 messages queued, drained by two workers (as two API instances would) at once.
    for (let i = 0; i < 12; i++) {
      await outbox.enqueue(ctx.database.db, {
        to: `lote${i}@exemplo.com.br`,
        template: 't',
        subject: `Lote ${i}`,
        text: 'x',
        html: '<p>x</p>',
      });
    }
    const second = new Outbox(ctx.database.db, {
      smtpUrl: ctx.config.smtpUrl,
      from: ctx.config.mailFrom,
      log: ctx.app.log,
    });
    await Promise.all([outbox.drain(), second.drain()]);
    await second.stop();
    const lote = received.slice(before).filter((m) => m.to[0]?.startsWith('lote'));
    expect(lote).toHaveLength(12);
    expect(new Set(lote.map((m) => m.to[0])).size).toBe(12);
  });

  it('num lote, os entregues ficam enviados de uma vez e o recusado volta para a fila com o erro', async () => {
    const { outbox } = ctx.app.deps;
    const ids: string[] = [];
    for (const to of ['lote-a@exemplo.com.br', 'recusa@exemplo.com.br', 'lote-b@exemplo.com.br'])
      ids.push(
        await outbox.enqueue(ctx.database.db, {
          to,
          template: 'lote',
          subject: to,
          text: 'x',
          html: '<p>x</p>',
        }),
      );
    refused.add('recusa@exemplo.com.br');
    try {
      await outbox.drain();
    } finally {
      refused.clear();
    }
    const rows = await ctx.database.db.select().from(emailLog).where(eq(emailLog.template, 'lote'));
    const byTo = new Map(rows.map((r) => [r.to_email, r]));
    for (const to of ['lote-a@exemplo.com.br', 'lote-b@exemplo.com.br']) {
      expect(byTo.get(to)).toMatchObject({ status: 'enviado', locked_until: null, last_error: null });
      expect(byTo.get(to)?.sent_at).toBeInstanceOf(Date);
    }
    expect(byTo.get('recusa@exemplo.com.br')).toMatchObject({
      status: 'pendente',
      attempts: 1,
      sent_at: null,
    });
    expect(byTo.get('recusa@exemplo.com.br')?.last_error).toContain('Caixa de correio indisponível');
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });
});
