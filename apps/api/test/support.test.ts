import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { httpMessages, validationMessages } from '@urbana/shared';
import { auditLog, notifications, supportTickets } from '../src/db/schema/index.ts';
import {
  createTestApp,
  createUser,
  inject,
  nextIp,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';

interface Received {
  to: string[];
  data: string;
}
const received: Received[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        // Quoted-printable soft breaks joined, so texts can be searched.
        data: Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, ''),
      });
      callback();
    });
  },
});
const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

let ctx: TestContext;
let staffCookie: string;
let staffId: string;
let adminCookie: string;
let customer: { id: string; email: string; cookie: string };
let stranger: { id: string; cookie: string };
const ORIGIN = { origin: 'http://localhost:3000' };

const ticketBody = {
  category: 'pedidos',
  subject: 'Dúvida sobre a reserva',
  message: 'Quero saber se posso trocar a semana do meu pedido.',
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }) });
  const c = await createUser(ctx, { nome: 'Carla Cliente', email: 'carla@exemplo.com.br' });
  customer = { id: c.user.id, email: c.email, cookie: await signIn(ctx, c.email, c.password) };
  const s = await createUser(ctx, { nome: 'Sérgio Estranho' });
  stranger = { id: s.user.id, cookie: await signIn(ctx, s.email, s.password) };
  const op = await createUser(ctx, { tipo: 'operador', nome: 'Olga Operadora', email: 'olga@urbana.com.br' });
  staffId = op.user.id;
  staffCookie = await signIn(ctx, op.email, op.password);
  const ad = await createUser(ctx, { tipo: 'admin', nome: 'Admin', email: 'admin@urbana.com.br' });
  adminCookie = await signIn(ctx, ad.email, ad.password);
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function deliver() {
  await ctx.app.deps.outbox.kick();
  await ctx.app.deps.outbox.drain();
}

describe('suporte: o visitante abre, a equipe responde, o cliente continua', () => {
  let ticketId: string;

  it('o visitante precisa de nome e email; com eles abre o atendimento e recebe a confirmação', async () => {
    const missing = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      headers: ORIGIN,
      payload: ticketBody,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Informe seu nome.' });
    const badEmail = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      headers: ORIGIN,
      payload: { ...ticketBody, name: 'Carla', email: 'carla@' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(validationMessages.emailInvalid);
    const short = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      headers: ORIGIN,
      payload: { ...ticketBody, name: 'Carla', email: 'carla@exemplo.com.br', message: 'oi' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Escreva sua mensagem (pelo menos 10 caracteres).');

    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      headers: ORIGIN,
      payload: { ...ticketBody, name: 'Carla', email: 'CARLA@exemplo.com.br' },
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json<{ id: string; code: string; status: string; email: string }>();
    expect(ticket).toMatchObject({ status: 'aberto', email: 'carla@exemplo.com.br' });
    expect(ticket.code).toMatch(/^SUP-[A-Z2-9]{6}$/);
    ticketId = ticket.id;
    await deliver();
    const [mail] = mailsTo('carla@exemplo.com.br');
    expect(mail?.data).toContain(`Subject: =?UTF-8?`);
    expect(mail?.data).toContain(ticket.code);
  });

  it('com a conta do mesmo email (confirmado) o cliente vê o atendimento; outra pessoa recebe 404', async () => {
    const list = await inject(ctx, { method: 'GET', url: '/api/support/tickets', cookie: customer.cookie });
    expect(list.json<{ items: Array<{ id: string }> }>().items.map((t) => t.id)).toEqual([ticketId]);
    const thread = await inject(ctx, {
      method: 'GET',
      url: `/api/support/tickets/${ticketId}`,
      cookie: customer.cookie,
    });
    expect(thread.json()).toMatchObject({
      subject: 'Dúvida sobre a reserva',
      messages: [{ author_role: 'cliente', body: ticketBody.message }],
    });
    const other = await inject(ctx, {
      method: 'GET',
      url: `/api/support/tickets/${ticketId}`,
      cookie: stranger.cookie,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Atendimento não encontrado.' });
    const otherReply = await inject(ctx, {
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/messages`,
      cookie: stranger.cookie,
      headers: ORIGIN,
      payload: { message: 'Tentando responder no atendimento alheio.' },
    });
    expect(otherReply.statusCode).toBe(404);
    const otherList = await inject(ctx, {
      method: 'GET',
      url: '/api/support/tickets',
      cookie: stranger.cookie,
    });
    expect(otherList.json()).toEqual({ items: [] });
  });

  it('o cliente não entra na caixa da equipe', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/support/tickets',
      cookie: customer.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: httpMessages.forbidden });
    expect((await inject(ctx, { method: 'GET', url: '/api/admin/support/tickets' })).statusCode).toBe(401);
  });

  it('a equipe filtra, responde; o cliente recebe notificação e email; a ação vai para o log', async () => {
    const inbox = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/support/tickets?status=aberto',
      cookie: staffCookie,
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()).toMatchObject({ total: 1, counts: { aberto: 1 } });
    const none = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/support/tickets?status=fechado',
      cookie: staffCookie,
    });
    expect(none.json()).toMatchObject({ total: 0, items: [] });
    const search = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/support/tickets?q=${encodeURIComponent('reserva')}`,
      cookie: staffCookie,
    });
    expect(search.json().total).toBe(1);

    const before = mailsTo(customer.email).length;
    const reply = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/support/tickets/${ticketId}/messages`,
      cookie: staffCookie,
      headers: ORIGIN,
      payload: { message: 'Pode sim: cancele o pedido e faça outro para a semana desejada.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: 'em_andamento',
      assignee_id: staffId,
      messages: [{ author_role: 'cliente' }, { author_role: 'equipe', author_name: 'Olga (Urbana)' }],
    });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, customer.id), eq(notifications.kind, 'suporte_resposta')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/suporte?atendimento=${ticketId}`);
    // A sentence, not a label (issue #16 item 15).
    expect(told[0]!.title).toMatch(/^A equipe respondeu ao atendimento SUP-/);
    // Nobody else was told.
    const others = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'suporte_resposta'));
    expect(others.map((n) => n.user_id)).toEqual([customer.id]);
    await deliver();
    const mails = mailsTo(customer.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.data).toContain('cancele o pedido e fa');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'suporte.resposta'), eq(auditLog.entity_id, ticketId)));
    expect(entry?.actor_id).toBe(staffId);
    // The ticket now belongs to the account.
    const [row] = await ctx.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.user_id).toBe(customer.id);
  });

  it('o cliente responde; resolvido reabre; fechado recusa', async () => {
    const answer = await inject(ctx, {
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/messages`,
      cookie: customer.cookie,
      headers: ORIGIN,
      payload: { message: 'Obrigada! Vou cancelar e refazer o pedido.' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().messages).toHaveLength(3);

    const resolved = await inject(ctx, {
      method: 'PATCH',
      url: `/api/admin/support/tickets/${ticketId}`,
      cookie: staffCookie,
      headers: ORIGIN,
      payload: { status: 'resolvido' },
    });
    expect(resolved.json().status).toBe('resolvido');
    const [solvedNote] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, customer.id), eq(notifications.kind, 'suporte_status')));
    expect(solvedNote!.title).toMatch(/^O atendimento SUP-[A-Z0-9]+ foi resolvido$/);
    const again = await inject(ctx, {
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/messages`,
      cookie: customer.cookie,
      headers: ORIGIN,
      payload: { message: 'Mais uma dúvida sobre o mesmo pedido.' },
    });
    expect(again.json().status).toBe('aberto');

    await inject(ctx, {
      method: 'PATCH',
      url: `/api/admin/support/tickets/${ticketId}`,
      cookie: staffCookie,
      headers: ORIGIN,
      payload: { status: 'fechado' },
    });
    const refused = await inject(ctx, {
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/messages`,
      cookie: customer.cookie,
      headers: ORIGIN,
      payload: { message: 'Ainda consigo escrever aqui?' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este atendimento foi encerrado. Abra um novo atendimento se precisar.',
    );
    const changes = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'suporte.atualizacao'), eq(auditLog.entity_id, ticketId)));
    // Only the fields that changed are recorded (decision 028): the assignee stayed the same.
    expect(changes.map((c) => c.after)).toEqual([{ status: 'resolvido' }, { status: 'fechado' }]);
  });

  it('atribuição: só a alguém da equipe', async () => {
    const bad = await inject(ctx, {
      method: 'PATCH',
      url: `/api/admin/support/tickets/${ticketId}`,
      cookie: adminCookie,
      headers: ORIGIN,
      payload: { assignee_id: customer.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Escolha alguém da equipe como responsável.');
    const staff = await inject(ctx, { method: 'GET', url: '/api/admin/support/staff', cookie: adminCookie });
    const ids = staff.json<{ items: Array<{ id: string }> }>().items.map((s) => s.id);
    expect(ids).toContain(staffId);
    expect(ids).not.toContain(customer.id);
    const none = await inject(ctx, {
      method: 'PATCH',
      url: `/api/admin/support/tickets/${ticketId}`,
      cookie: adminCookie,
      headers: ORIGIN,
      payload: { assignee_id: null },
    });
    expect(none.json().assignee_id).toBeNull();
  });

  it('com sessão, nome e email vêm da conta', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/support/tickets',
      cookie: stranger.cookie,
      headers: ORIGIN,
      payload: { ...ticketBody, name: 'Outro Nome', email: 'outro@exemplo.com.br' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Sérgio Estranho');
    expect(res.json().email).not.toBe('outro@exemplo.com.br');
  });

  it('limite por IP para abrir atendimentos', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        remoteAddress: ip,
        headers: ORIGIN,
        payload: { ...ticketBody, name: 'Robô', email: `robo${i}@exemplo.com.br` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
