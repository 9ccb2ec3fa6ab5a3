/**
 * Two API processes on one database of the PostgreSQL server, no proxy in between: a support reply
 * and staff broadcasts raised on instance B reach the live streams open on instance A (LISTEN/NOTIFY),
 * each customer hears only what is theirs, and the notification list agrees with what was streamed.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { upsertConfirmedAccount } from '../src/services/accounts.ts';
import { isNotification, SseStream, type NotificationEvent } from '../test/sse.ts';
import {
  apiEnv,
  Cleanup,
  createCustomers,
  freePort,
  http,
  PASSWORD,
  serverDatabase,
  signInAt,
  sleep,
  startApi,
  tempDir,
  withDatabase,
} from './support.ts';

const titles = (s: SseStream) =>
  s.events.filter(isNotification).map((e) => (JSON.parse(e.data) as NotificationEvent).notification.title);

describe('notificações ao vivo entre dois processos da API', () => {
  const cleanup = new Cleanup();
  afterAll(() => cleanup.run(), 60_000);

  it('resposta do suporte e avisos da equipe criados em B chegam aos streams abertos em A, sem se cruzar', async () => {
    const database = await serverDatabase('ao_vivo');
    cleanup.add('banco no servidor', () => database.drop());
    const { ana, bia, staffEmail } = await withDatabase({ url: database.url }, async (db) => {
      const [a, b] = (await createCustomers(db, 2, 'ao-vivo')) as [
        { id: string; email: string },
        { id: string; email: string },
      ];
      const staff = await upsertConfirmedAccount(db.db, {
        email: 'operador-ao-vivo@urbana.com.br',
        password: PASSWORD,
        nome_completo: 'Olga Operadora',
        tipo_usuario: 'operador',
      });
      return { ana: a, bia: b, staffEmail: staff.email };
    });

    const dataDir = tempDir('ao-vivo');
    cleanup.add('pasta de dados', () => rmSync(dataDir, { recursive: true, force: true }));
    const [a, b] = await Promise.all(
      ['A', 'B'].map(async (label) => {
        const port = await freePort();
        const api = await startApi(`api ${label}`, apiEnv({ port, dataDir, databaseUrl: database.url }));
        cleanup.add(`api ${label}`, () => api.stop());
        return api;
      }),
    );

    // Sessions live in the database: made on one instance, used on the other.
    const anaCookie = await signInAt(a!.url, ana.email);
    const biaCookie = await signInAt(a!.url, bia.email);
    const staffCookie = await signInAt(b!.url, staffEmail);
    const anaStream = await SseStream.open(`${a!.url}/api/notifications/stream`, { cookie: anaCookie });
    cleanup.add('stream da Ana', () => anaStream.close());
    const biaStream = await SseStream.open(`${a!.url}/api/notifications/stream`, { cookie: biaCookie });
    cleanup.add('stream da Bia', () => biaStream.close());

    // Ana opens a ticket on B; staff answer it on B.
    const ticket = await http(`${b!.url}/api/support/tickets`, {
      method: 'POST',
      cookie: anaCookie,
      origin: b!.url,
      body: { category: 'pedidos', subject: 'Troca de semana', message: 'Posso trocar a semana do pedido?' },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const { id: ticketId, code } = ticket.body as { id: string; code: string };
    const reply = await http(`${b!.url}/api/admin/support/tickets/${ticketId}/messages`, {
      method: 'POST',
      cookie: staffCookie,
      origin: b!.url,
      body: { message: 'Pode sim, cancele e refaça o pedido.' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const heard = JSON.parse((await anaStream.next(isNotification, 15_000)).data) as NotificationEvent;
    expect(heard.notification).toMatchObject({
      kind: 'suporte_resposta',
      title: `A equipe respondeu ao atendimento ${code}`,
      link: `/suporte?atendimento=${ticketId}`,
      read: false,
    });
    expect(heard.unread).toBe(1);

    // A broadcast to Ana alone, then one to every customer, both sent on B.
    for (const body of [
      { segment: 'usuario', user_id: ana.id, title: 'Só para a Ana' },
      { segment: 'cliente', title: 'Para todos os clientes' },
    ]) {
      const sent = await http(`${b!.url}/api/admin/notificacoes`, {
        method: 'POST',
        cookie: staffCookie,
        origin: b!.url,
        body,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const deadline = Date.now() + 15_000;
    while (titles(anaStream).length < 3 || titles(biaStream).length < 1) {
      if (Date.now() > deadline)
        throw new Error(`faltaram eventos: ${titles(anaStream)} / ${titles(biaStream)}`);
      await sleep(50);
    }
    // A moment more: nothing else (and nothing of Ana's) arrives for Bia.
    await sleep(500);
    expect(titles(anaStream)).toEqual([
      `A equipe respondeu ao atendimento ${code}`,
      'Só para a Ana',
      'Para todos os clientes',
    ]);
    expect(titles(biaStream)).toEqual(['Para todos os clientes']);

    // What was streamed is what each one's list holds, read from either instance.
    const anaList = await http(`${b!.url}/api/notifications`, { cookie: anaCookie });
    expect((anaList.body as { unread: number }).unread).toBe(3);
    const biaList = await http(`${b!.url}/api/notifications`, { cookie: biaCookie });
    expect((biaList.body as { items: Array<{ title: string }> }).items.map((n) => n.title)).toEqual([
      'Para todos os clientes',
    ]);
  });
});
