import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq, sql } from 'drizzle-orm';
import { httpMessages } from '@urbana/shared';
import { auditLog, emailLog, notifications, profiles, scheduledEmails } from '../src/db/schema/index.ts';
import { emailTemplates } from '../src/services/messaging/email-templates.ts';
import { notify } from '../src/services/messaging/notifications.ts';
import { tellUser } from '../src/services/messaging/user-messages.ts';
import { Outbox } from '../src/services/messaging/outbox.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

const received: Array<{ to: string[]; data: string }> = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, ''),
      });
      callback();
    });
  },
});

let ctx: TestContext;
const ORIGIN = { origin: 'http://localhost:3000' };
let ana: { id: string; email: string; cookie: string };
let bia: { id: string; email: string; cookie: string };
let blocked: { id: string; email: string };
let operador: { id: string; email: string; cookie: string };
let admin: { id: string; email: string; cookie: string };

async function person(nome: string, tipo: 'cliente' | 'operador' | 'admin' = 'cliente', email?: string) {
  const u = await createUser(ctx, { nome, tipo, ...(email ? { email } : {}) });
  return { id: u.user.id, email: u.email, cookie: await signIn(ctx, u.email, u.password) };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }) });
  ana = await person('Ana');
  bia = await person('Bia');
  const b = await createUser(ctx, { nome: 'Bloqueado' });
  await ctx.database.db.update(profiles).set({ blocked_at: new Date() }).where(eq(profiles.id, b.user.id));
  blocked = { id: b.user.id, email: b.email };
  operador = await person('Olga', 'operador', 'olga@urbana.com.br');
  admin = await person('Adm', 'admin', 'admin@urbana.com.br');
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const list = (cookie: string) =>
  inject(ctx, { method: 'GET', url: '/api/notifications', cookie }).then((r) =>
    r.json<{ unread: number; items: Array<{ id: string; title: string; read: boolean }> }>(),
  );

describe('notificações de cada um', () => {
  it('nunca se cruzam: lista, marcar uma e marcar todas valem só para o dono', async () => {
    const db = ctx.database.db;
    await notify(db, { userId: ana.id, kind: 'teste', title: 'Para Ana 1' });
    await notify(db, { userId: ana.id, kind: 'teste', title: 'Para Ana 2' });
    await notify(db, { userId: bia.id, kind: 'teste', title: 'Para Bia' });

    const a = await list(ana.cookie);
    const b = await list(bia.cookie);
    expect(a.items.map((n) => n.title).sort()).toEqual(['Para Ana 1', 'Para Ana 2']);
    expect(a.unread).toBe(2);
    expect(b.items.map((n) => n.title)).toEqual(['Para Bia']);

    // Ana cannot read or mark Bia's notification: 404, and it stays unread.
    const cross = await inject(ctx, {
      method: 'POST',
      url: `/api/notifications/${b.items[0]!.id}/read`,
      cookie: ana.cookie,
      headers: ORIGIN,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ message: 'Notificação não encontrada.' });
    expect((await list(bia.cookie)).unread).toBe(1);

    const one = await inject(ctx, {
      method: 'POST',
      url: `/api/notifications/${a.items[0]!.id}/read`,
      cookie: ana.cookie,
      headers: ORIGIN,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ notification: { id: a.items[0]!.id, read: true }, unread: 1 });

    const all = await inject(ctx, {
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie: ana.cookie,
      headers: ORIGIN,
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(ana.cookie)).unread).toBe(0);
    expect((await list(bia.cookie)).unread).toBe(1);
    expect(
      (await inject(ctx, { method: 'POST', url: '/api/notifications/read-all', headers: ORIGIN })).statusCode,
    ).toBe(401);
  });
});

describe('tellUser (para os outros módulos)', () => {
  const adEmail = (name: string) =>
    emailTemplates.adReviewed({
      name,
      ad: 'Verão 2027',
      approved: false,
      reason: 'A imagem está fora da resolução.',
      url: 'http://localhost:3000/usuario/meus-anuncios',
    });

  it('notificação e email juntos, na transação de quem chama; rollback não avisa ninguém', async () => {
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await tellUser(tx, ctx.app.deps.outbox, {
          userId: bia.id,
          kind: 'anuncio_reprovado',
          title: 'Anúncio desfeito',
          email: adEmail,
        });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(
      await db.select().from(notifications).where(eq(notifications.title, 'Anúncio desfeito')),
    ).toHaveLength(0);

    await db.transaction((tx) =>
      tellUser(tx, ctx.app.deps.outbox, {
        userId: bia.id,
        kind: 'anuncio_reprovado',
        title: 'Anúncio Verão 2027 precisa de ajustes',
        link: '/usuario/meus-anuncios',
        email: adEmail,
      }),
    );
    expect((await list(bia.cookie)).items[0]!.title).toBe('Anúncio Verão 2027 precisa de ajustes');
    const [mail] = await db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.user_id, bia.id), eq(emailLog.template, 'anuncio_revisado')));
    expect(mail!.to_email).toBe(bia.email);
    expect(mail!.body_text).toContain('Olá, Bia!');
    expect(mail!.body_text).toContain('A imagem está fora da resolução.');
  });
});

describe('/admin/notificacoes', () => {
  it('a equipe envia a um papel: cada cliente ativo recebe uma cópia, bloqueados e equipe não', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/notificacoes',
      cookie: operador.cookie,
      headers: ORIGIN,
      payload: { segment: 'cliente', title: 'Novos painéis em Brasília', link: '/buscar-locais' },
    });
    expect(res.statusCode).toBe(201);
    const { id, recipients } = res.json<{ id: string; recipients: number }>();
    expect(recipients).toBe(2);
    const copies = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.broadcast_id, id));
    expect(copies.map((c) => c.user_id).sort()).toEqual([ana.id, bia.id].sort());
    expect(copies.some((c) => c.user_id === blocked.id || c.user_id === operador.id)).toBe(false);

    // Ana reads it: the history shows 1 of 2 read.
    const mine = (await list(ana.cookie)).items.find((n) => n.title === 'Novos painéis em Brasília')!;
    await inject(ctx, {
      method: 'POST',
      url: `/api/notifications/${mine.id}/read`,
      cookie: ana.cookie,
      headers: ORIGIN,
    });
    const history = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/notificacoes',
      cookie: operador.cookie,
    });
    expect(history.json().items[0]).toMatchObject({
      id,
      segment: 'cliente',
      recipients: 2,
      read: 1,
      sender: 'Olga',
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notificacao.enviada'), eq(auditLog.entity_id, id)));
    expect(entry?.actor_id).toBe(operador.id);
  });

  it('a um usuário achado pela busca, e só a ele', async () => {
    const found = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/notificacoes/destinatarios?q=${encodeURIComponent(bia.email.slice(0, 8))}`,
      cookie: operador.cookie,
    });
    expect(found.json().items.map((u: { id: string }) => u.id)).toContain(bia.id);
    const missingUser = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/notificacoes',
      cookie: operador.cookie,
      headers: ORIGIN,
      payload: { segment: 'usuario', title: 'Só para você' },
    });
    expect(missingUser.statusCode).toBe(400);
    expect(missingUser.json().message).toBe('Escolha o usuário.');
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/notificacoes',
      cookie: operador.cookie,
      headers: ORIGIN,
      payload: { segment: 'usuario', user_id: bia.id, title: 'Só para você' },
    });
    expect(res.json().recipients).toBe(1);
    expect((await list(bia.cookie)).items.map((n) => n.title)).toContain('Só para você');
    expect((await list(ana.cookie)).items.map((n) => n.title)).not.toContain('Só para você');
  });

  it('o cliente não envia', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/notificacoes',
      cookie: ana.cookie,
      headers: ORIGIN,
      payload: { segment: 'todos', title: 'Olá a todos' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: httpMessages.forbidden });
  });
});

describe('/admin/email-agendados', () => {
  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const makeDue = (id: string) =>
    ctx.database.db
      .update(scheduledEmails)
      .set({ send_at: sql`now() - interval '1 second'` })
      .where(eq(scheduledEmails.id, id));

  it('só o admin agenda; o operador recebe 403', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/emails-agendados',
      cookie: operador.cookie,
    });
    expect(res.statusCode).toBe(403);
  });

  it('recusa data no passado, com a mensagem em português', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/emails-agendados',
      cookie: admin.cookie,
      headers: ORIGIN,
      payload: {
        segment: 'cliente',
        subject: 'Atrasado',
        body: 'Este email chegaria tarde demais.',
        send_at: '2020-01-01T10:00:00-03:00',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Escolha uma data e hora no futuro.');
  });

  it('agenda, edita, e na hora o mesmo processador do outbox envia a cada cliente por SMTP, uma vez só', async () => {
    const created = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/emails-agendados',
      cookie: admin.cookie,
      headers: ORIGIN,
      payload: {
        segment: 'cliente',
        subject: 'Novidades da Urbana',
        body: 'Primeira versão do texto.',
        send_at: future(),
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const edited = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/emails-agendados/${id}`,
      cookie: admin.cookie,
      headers: ORIGIN,
      payload: {
        segment: 'cliente',
        subject: 'Novidades da Urbana em dezembro',
        body: 'Chegaram novos painéis de LED em Brasília.\n\nReserve já a sua semana.',
        send_at: future(),
      },
    });
    expect(edited.statusCode).toBe(200);

    // Not due yet: nothing goes out.
    await ctx.app.deps.outbox.drain();
    expect(received.filter((m) => m.data.includes('dezembro'))).toHaveLength(0);

    await makeDue(id);
    // Two workers at once (two instances): the scheduled e-mail is expanded once, each copy sent once.
    const second = new Outbox(ctx.database.db, {
      smtpUrl: ctx.config.smtpUrl,
      from: ctx.config.mailFrom,
      log: ctx.app.log,
      publicUrl: ctx.config.publicUrl,
    });
    await Promise.all([ctx.app.deps.outbox.drain(), second.drain()]);
    await second.stop();
    const got = received.filter((m) => m.data.includes('Chegaram novos pain'));
    expect(got.map((m) => m.to[0]).sort()).toEqual([ana.email, bia.email].sort());
    expect(got[0]!.data).toContain('Reserve j');

    const listed = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/emails-agendados',
      cookie: admin.cookie,
    });
    expect(listed.json().items.find((i: { id: string }) => i.id === id)).toMatchObject({
      status: 'enviado',
      recipients: 2,
      sent: 2,
      failed: 0,
      pending: 0,
    });
    const rows = await ctx.database.db.select().from(emailLog).where(eq(emailLog.scheduled_email_id, id));
    expect(rows.map((r) => r.status)).toEqual(['enviado', 'enviado']);

    const late = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/emails-agendados/${id}/cancelar`,
      cookie: admin.cookie,
      headers: ORIGIN,
    });
    expect(late.statusCode).toBe(409);
    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity_id, id));
    expect(actions.map((a) => a.action).sort()).toEqual(['email_agendado.criado', 'email_agendado.editado']);
  });

  it('cancelado não sai', async () => {
    const created = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/emails-agendados',
      cookie: admin.cookie,
      headers: ORIGIN,
      payload: {
        segment: 'usuario',
        user_id: ana.id,
        subject: 'Email que será cancelado',
        body: 'Este texto nunca deve chegar.',
        send_at: future(),
      },
    });
    const id = created.json<{ id: string }>().id;
    // Who it goes to is said, on the answer and in the list (editing it showed no one).
    expect(created.json().target_user).toMatchObject({ id: ana.id, email: ana.email });
    const listed = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/emails-agendados',
      cookie: admin.cookie,
    });
    const row = listed.json().items.find((i: { id: string }) => i.id === id);
    expect(row.target_user).toMatchObject({ id: ana.id, email: ana.email });
    const cancelled = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/emails-agendados/${id}/cancelar`,
      cookie: admin.cookie,
      headers: ORIGIN,
    });
    expect(cancelled.json().status).toBe('cancelado');
    // The audit line of the cancellation names the e-mail by its subject.
    const audit = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?action=email_agendado.cancelado',
      cookie: admin.cookie,
    });
    const line = audit.json().items.find((i: { entity_id: string }) => i.entity_id === id);
    expect(line.target.label).toBe('e-mail “Email que será cancelado”');
    await makeDue(id);
    await ctx.app.deps.outbox.drain();
    expect(received.filter((m) => m.data.includes('nunca deve chegar'))).toHaveLength(0);
    const rows = await ctx.database.db.select().from(emailLog).where(eq(emailLog.scheduled_email_id, id));
    expect(rows).toHaveLength(0);
  });
});
