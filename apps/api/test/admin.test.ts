import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRangeMessages, OCCUPANCY_DEFAULT_WEEKS } from '@urbana/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, coupons, emailLog, orders, profiles } from '../src/db/schema/index.ts';
import {
  billingPf,
  createTestApp,
  createUser,
  inject,
  signIn,
  testConfig,
  type TestContext,
} from './helpers.ts';
import { placeOrder, START, type Person } from './security/world.ts';
import { COUPON_ENDED } from '../src/services/admin-coupons.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let ctx: TestContext;
let dataDir: string;
let admin: Person;
let operador: Person;
let cliente: Person;
let cliente2: Person;

async function person(email: string, tipo: 'cliente' | 'operador' | 'admin', nome: string): Promise<Person> {
  const { user, password } = await createUser(ctx, { email, tipo, nome });
  return { id: user.id, email, password, cookie: await signIn(ctx, email, password) };
}

/** The newest audit entry of this action. */
async function lastAudit(action: string, entityId?: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(
      entityId
        ? and(eq(auditLog.action, action), eq(auditLog.entity_id, entityId))
        : eq(auditLog.action, action),
    )
    .orderBy(desc(auditLog.created_at))
    .limit(1);
  return row;
}

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Torres Corporativas Águas Claras',
  description: 'Telas em elevadores de duas torres comerciais.',
  type: 'torre',
  address: 'Av. das Araucárias, 1000',
  neighborhood: 'Águas Claras',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.84,
  longitude: -48.02,
  daily_price: 12_345,
  is_tower_based: true,
  weekly_audience: 20_000,
  audience_profile: 'Profissionais, 25 a 50 anos',
  operating_hours: 'Seg. a sex., 7h às 20h',
  status: 'ativo',
  towers: [
    { name: 'Torre Norte', screens: 4, weekly_audience: 10_000, slots: 3 },
    { name: 'Torre Sul', screens: 4, weekly_audience: 10_000, slots: 5 },
  ],
  ...overrides,
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'urbana-admin-'));
  ctx = await createTestApp({
    config: testConfig({ ADMIN_EMAILS: 'chefe@urbana.com.br', DATA_DIR: dataDir }),
  });
  admin = await person('chefe@urbana.com.br', 'admin', 'Chefe Urbana');
  operador = await person('operador@urbana.com.br', 'operador', 'Olga Operadora');
  cliente = await person('ana@exemplo.com.br', 'cliente', 'Ana Souza');
  cliente2 = await person('bruno@exemplo.com.br', 'cliente', 'Bruno Lima');
  for (const who of [cliente, cliente2]) {
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: who.cookie,
      payload: billingPf,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

let productId: string;

describe('produtos', () => {
  const photo = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();

  it('cria com duas torres e grava auditoria; inativo até a primeira foto, então aparece na busca pública', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: operador.cookie,
      payload: productBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    productId = body.id;
    expect(body.slug).toBe('torres-corporativas-aguas-claras-brasilia');
    expect(body.towers.map((t: { name: string; slots: number }) => [t.name, t.slots])).toEqual([
      ['Torre Norte', 3],
      ['Torre Sul', 5],
    ]);
    const entry = await lastAudit('produto.criado', productId);
    expect(entry?.actor_id).toBe(operador.id);
    expect(entry?.after).toMatchObject({ name: 'Torres Corporativas Águas Claras', daily_price: 12_345 });

    // Asked "ativo" without a photo: created inactive, out of the catalogue (issue #40 item 8).
    expect(body.status).toBe('inativo');
    expect(body.photos).toEqual([]);
    expect((await inject(ctx, { method: 'GET', url: `/api/products/${body.slug}` })).statusCode).toBe(404);
    const status = (value: string) =>
      inject(ctx, {
        method: 'PUT',
        url: `/api/admin/produtos/${productId}/status`,
        cookie: operador.cookie,
        payload: { status: value },
      });
    const early = await status('ativo');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Envie ao menos uma foto do local antes de ativar o produto.' });
    const saved = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}`,
      cookie: operador.cookie,
      payload: productBody({ status: 'ativo', towers: body.towers }),
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({ message: 'Envie ao menos uma foto do local antes de ativar o produto.' });
    const sent = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/produtos/${productId}/fotos?alt=Fachada`,
      cookie: operador.cookie,
      headers: { 'content-type': 'image/jpeg' },
      payload: await photo(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await status('ativo')).json().status).toBe('ativo');

    const page = await inject(ctx, { method: 'GET', url: `/api/products/${body.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().towers).toHaveLength(2);
    const slots = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tower_slots s join towers t on t.id = s.tower_id where t.product_id = ${productId}`,
    );
    expect(Number(slots.rows[0]!.n)).toBe(8);
  });

  it('recusa dados ruins com mensagem em português e não grava nada', async () => {
    const before = await inject(ctx, { method: 'GET', url: '/api/admin/produtos', cookie: admin.cookie });
    const bad = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: admin.cookie,
      payload: productBody({ is_tower_based: false }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Um produto sem torres tem exatamente uma face.');
    const price = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: admin.cookie,
      payload: productBody({ daily_price: 50 }),
    });
    expect(price.json().message).toBe('O preço diário mínimo é R$\u00a01,00.');
    const after = await inject(ctx, { method: 'GET', url: '/api/admin/produtos', cookie: admin.cookie });
    expect(after.json().total).toBe(before.json().total);
  });

  it('edita (a leitura em cache do catálogo é limpa), desativa e tira da busca', async () => {
    const slug = 'torres-corporativas-aguas-claras-brasilia';
    await inject(ctx, { method: 'GET', url: `/api/products/${slug}` }); // fills the read cache
    const current = (
      await inject(ctx, { method: 'GET', url: `/api/admin/produtos/${productId}`, cookie: admin.cookie })
    ).json();
    const res = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}`,
      cookie: admin.cookie,
      payload: productBody({
        daily_price: 15_000,
        towers: [{ ...current.towers[0], slots: 4 }, current.towers[1]],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject(ctx, { method: 'GET', url: `/api/products/${slug}` })).json().daily_price).toBe(
      15_000,
    );
    const entry = await lastAudit('produto.editado', productId);
    expect(entry?.before).toMatchObject({ daily_price: 12_345 });
    expect(entry?.after).toMatchObject({ daily_price: 15_000 });

    const off = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}/status`,
      cookie: admin.cookie,
      payload: { status: 'inativo' },
    });
    expect(off.json().status).toBe('inativo');
    expect((await lastAudit('produto.desativado', productId))?.after).toEqual({ status: 'inativo' });
    const on = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}/status`,
      cookie: admin.cookie,
      payload: { status: 'ativo' },
    });
    expect(on.json().status).toBe('ativo');
    expect((await lastAudit('produto.ativado', productId))?.before).toEqual({ status: 'inativo' });
  });

  it('fotos: envio pelo armazenamento (metadados removidos), reordenação e remoção', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0ea5e9' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS secreto' } } })
      .jpeg()
      .toBuffer();
    const send = (body: Buffer, type = 'image/jpeg') =>
      inject(ctx, {
        method: 'POST',
        url: `/api/admin/produtos/${productId}/fotos?alt=Fachada`,
        cookie: admin.cookie,
        headers: { 'content-type': type },
        payload: body,
      });
    const first = await send(png);
    expect(first.statusCode, first.body).toBe(201);
    const second = await send(png);
    // The first test's photo, then these two.
    const all = second.json().photos as Array<{ id: string; url: string }>;
    const photos = all.slice(1);
    expect(photos).toHaveLength(2);
    const file = await inject(ctx, { method: 'GET', url: photos[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();

    const fake = await send(Buffer.from('não é uma imagem'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Envie uma imagem JPG, PNG ou WebP.');

    const reordered = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}/fotos/ordem`,
      cookie: admin.cookie,
      payload: { order: [photos[1]!.id, photos[0]!.id, all[0]!.id] },
    });
    expect(
      reordered
        .json()
        .photos.map((p: { id: string }) => p.id)
        .slice(0, 2),
    ).toEqual([photos[1]!.id, photos[0]!.id]);
    expect(await lastAudit('produto.fotos_reordenadas', productId)).toBeTruthy();
    const removed = await inject(ctx, {
      method: 'DELETE',
      url: `/api/admin/produtos/${productId}/fotos/${photos[0]!.id}`,
      cookie: admin.cookie,
    });
    expect(removed.json().photos).toHaveLength(2);
    // An active product keeps one photo: the last cannot go while it is on sale.
    const [next, last] = removed.json().photos as Array<{ id: string }>;
    const drop = (id: string) =>
      inject(ctx, {
        method: 'DELETE',
        url: `/api/admin/produtos/${productId}/fotos/${id}`,
        cookie: admin.cookie,
      });
    expect((await drop(next!.id)).statusCode).toBe(200);
    const refused = await drop(last!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este é a única foto de um produto ativo: envie outra antes de removê-la, ou desative o produto.',
    );
    expect(await lastAudit('produto.foto_adicionada', productId)).toBeTruthy();
    expect(await lastAudit('produto.foto_removida', productId)).toBeTruthy();
  });

  it('lista com busca, filtro, ordenação e paginação', async () => {
    const outdoor = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/produtos',
      cookie: admin.cookie,
      payload: productBody({
        name: 'Outdoor Eixo Monumental',
        type: 'outdoor',
        is_tower_based: false,
        daily_price: 9_000,
        towers: [{ name: 'Face principal', screens: 1, weekly_audience: 5000, slots: 2 }],
      }),
    });
    // On sale from its first photo (the occupancy below counts its faces).
    const id = outdoor.json().id as string;
    await inject(ctx, {
      method: 'POST',
      url: `/api/admin/produtos/${id}/fotos`,
      cookie: admin.cookie,
      headers: { 'content-type': 'image/jpeg' },
      payload: await photo(),
    });
    const on = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${id}/status`,
      cookie: admin.cookie,
      payload: { status: 'ativo' },
    });
    expect(on.json().status).toBe('ativo');
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/produtos?sort=daily_price&dir=asc&page_size=1',
      cookie: operador.cookie,
    });
    expect(res.json()).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(res.json().items[0].name).toBe('Outdoor Eixo Monumental');
    const filtered = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/produtos?type=torre&q=águas',
      cookie: operador.cookie,
    });
    expect(filtered.json().items.map((p: { id: string }) => p.id)).toEqual([productId]);
  });

  it('uma torre com reservas não some', async () => {
    const order = await placeOrder(ctx, cliente2, productId, {
      items: [{ product_id: productId, start_date: START, weeks: 1, tower_ids: [] }],
    });
    const current = (
      await inject(ctx, { method: 'GET', url: `/api/admin/produtos/${productId}`, cookie: admin.cookie })
    ).json();
    const res = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/produtos/${productId}`,
      cookie: admin.cookie,
      payload: productBody({ daily_price: 15_000, towers: [current.towers[0]] }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Há reservas nesta torre/);
    await inject(ctx, { method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: cliente2.cookie });
  });
});

describe('cupons', () => {
  let couponId: string;
  it('cria, valida, edita e conta usos e receita', async () => {
    const bad = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/cupons',
      cookie: admin.cookie,
      payload: { code: 'BEMVINDO', kind: 'percentual', value: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('O percentual vai de 1 a 100.');
    // Born expired, or a customer allowed more uses than everyone together: refused, nothing saved.
    for (const [payload, message] of [
      [{ ends_at: new Date(Date.now() - 60_000).toISOString() }, COUPON_ENDED],
      [{ max_uses: 2, max_uses_per_user: 5 }, 'O limite por cliente não pode passar do limite total.'],
    ] as const) {
      const refused = await inject(ctx, {
        method: 'POST',
        url: '/api/admin/cupons',
        cookie: admin.cookie,
        payload: { code: 'NASCEUVENCIDO', kind: 'valor', value: 5_000, ...payload },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    }
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/cupons',
      cookie: admin.cookie,
      payload: { code: 'bemvindo10', kind: 'percentual', value: 10, max_uses: 5, max_uses_per_user: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    couponId = res.json().id;
    expect(res.json().code).toBe('BEMVINDO10');
    expect((await lastAudit('cupom.criado', couponId))?.actor_id).toBe(admin.id);
    const dup = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/cupons',
      cookie: admin.cookie,
      payload: { code: 'BEMVINDO10', kind: 'valor', value: 1000 },
    });
    expect(dup.statusCode).toBe(409);

    const order = await placeOrder(ctx, cliente, productId, { coupon_code: 'BEMVINDO10' });
    await inject(ctx, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-payment`,
      cookie: admin.cookie,
    });
    const list = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/cupons?q=bemvindo',
      cookie: admin.cookie,
    });
    const row = list.json().items[0];
    expect(row).toMatchObject({ code: 'BEMVINDO10', uses: 1, paid_uses: 1, revenue: order.total });
    expect(row.discount_given).toBeGreaterThan(0);

    const edit = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/cupons/${couponId}`,
      cookie: admin.cookie,
      payload: { code: 'BEMVINDO10', kind: 'percentual', value: 10, max_uses: 5, active: false },
    });
    expect(edit.json().active).toBe(false);
    const entry = await lastAudit('cupom.editado', couponId);
    expect(entry?.before).toMatchObject({ active: true });
    expect(entry?.after).toMatchObject({ active: false });
    const below = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/cupons/${couponId}`,
      cookie: admin.cookie,
      payload: { code: 'BEMVINDO10', kind: 'percentual', value: 10, max_uses: 0 },
    });
    expect(below.statusCode).toBe(400);
  });

  it('filtra pelo estado que o selo mostra: ativo, agendado, esgotado, expirado, inativo', async () => {
    const create = async (code: string, extra: object = {}) => {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/admin/cupons',
        cookie: admin.cookie,
        payload: { code, kind: 'valor', value: 1_000, ...extra },
      });
      expect(res.statusCode, `${code} ${res.body}`).toBe(201);
      return res.json().id as string;
    };
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await create('FILTROVALE');
    await create('FILTROAMANHA', { starts_at: inAnHour });
    const usedUp = await create('FILTROESGOTOU', { max_uses: 1 });
    await ctx.database.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, usedUp));
    // Past its end it is "Expirado" even when it was also switched off (couponStateOf's order).
    for (const code of ['FILTROVENCEU', 'FILTROVENCEUDESLIGADO']) {
      const id = await create(code, { ends_at: inAnHour, active: code.endsWith('DESLIGADO') ? false : true });
      await ctx.database.db
        .update(coupons)
        .set({ ends_at: new Date(Date.now() - 60_000) })
        .where(eq(coupons.id, id));
    }
    await create('FILTRODESLIGADO', { active: false });
    const codes = async (status: string) =>
      (
        await inject(ctx, {
          method: 'GET',
          url: `/api/admin/cupons?q=filtro&status=${status}&sort=code&dir=asc`,
          cookie: admin.cookie,
        })
      )
        .json()
        .items.map((c: { code: string }) => c.code);
    expect(await codes('ativo')).toEqual(['FILTROVALE']);
    expect(await codes('agendado')).toEqual(['FILTROAMANHA']);
    expect(await codes('esgotado')).toEqual(['FILTROESGOTOU']);
    expect(await codes('expirado')).toEqual(['FILTROVENCEU', 'FILTROVENCEUDESLIGADO']);
    expect(await codes('inativo')).toEqual(['FILTRODESLIGADO']);
  });

  it('o operador não usa cupons', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/admin/cupons', cookie: operador.cookie });
    expect(res.statusCode).toBe(403);
  });
});

describe('usuários', () => {
  it('detalhes com pedidos e último acesso', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/usuarios/${cliente.id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.length).toBeGreaterThan(0);
    expect(res.json().last_access).toMatch(/^\d{4}-/);
  });

  it('último acesso é a última entrada, não a última mudança no cadastro feita pela equipe', async () => {
    const { user, email, password } = await createUser(ctx, { tipo: 'cliente' });
    const detail = () =>
      inject(ctx, { method: 'GET', url: `/api/admin/usuarios/${user.id}`, cookie: admin.cookie });
    // Staff lifting the customer's order limits change the record, not the customer's last access.
    const lifted = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/usuarios/${user.id}/limites-pedido`,
      cookie: admin.cookie,
      payload: { liberado: true },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await detail()).json().last_access).toBeNull();
    const listed = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?sort=last_access&dir=desc&page_size=100',
      cookie: admin.cookie,
    });
    const rows = listed.json().items as Array<{ id: string; last_access: string | null }>;
    // Never signed in comes last, after every account that did.
    expect(rows.at(-1)).toMatchObject({ id: user.id, last_access: null });
    expect(rows[0]!.last_access).toMatch(/^\d{4}-/);
    const before = Date.now();
    await signIn(ctx, email, password);
    expect(Date.parse((await detail()).json().last_access)).toBeGreaterThanOrEqual(before - 1000);
    // The other tests count this file's customers.
    await ctx.database.db.delete(profiles).where(eq(profiles.id, user.id));
  });

  it('filtra por papel e ordena por nome', async () => {
    const res = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?tipo=cliente&sort=nome_completo&dir=asc',
      cookie: admin.cookie,
    });
    expect(res.json().items.map((u: { nome_completo: string }) => u.nome_completo)).toEqual([
      'Ana Souza',
      'Bruno Lima',
    ]);
  });

  it('a lista mostra o nome como o perfil: nome_completo, senão nome (especificação §3)', async () => {
    const legacy = await createUser(ctx, { email: 'legado-lista@exemplo.com.br', nome: '' });
    await ctx.database.db.execute(
      sql`update profiles set nome_completo = '', nome = 'Nome Antigo' where id = ${legacy.user.id}`,
    );
    const list = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?q=legado-lista',
      cookie: admin.cookie,
    });
    expect(list.json().items.map((u: { nome_completo: string }) => u.nome_completo)).toEqual(['Nome Antigo']);
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/usuarios/${legacy.user.id}`,
      cookie: admin.cookie,
    });
    expect(detail.json().nome_completo).toBe('Nome Antigo');
    await ctx.database.db.execute(sql`delete from profiles where id = ${legacy.user.id}`);
  });

  it('bloquear encerra as sessões na hora; desbloquear devolve a entrada', async () => {
    const target = await person('carla@exemplo.com.br', 'cliente', 'Carla Dias');
    const block = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${target.id}/bloquear`,
      cookie: admin.cookie,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json()).toMatchObject({ blocked: true, active_sessions: 0 });
    const session = await inject(ctx, { method: 'GET', url: '/api/orders', cookie: target.cookie });
    expect(session.statusCode).toBe(401);
    const again = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: target.email, password: target.password },
    });
    expect(again.statusCode).toBe(403);
    expect((await lastAudit('usuario.bloqueado', target.id))?.after).toEqual({
      blocked: true,
      sessions_ended: 1,
    });
    expect((await lastAudit('login.bloqueado'))?.entity_id).toBe(target.email);
    await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${target.id}/desbloquear`,
      cookie: admin.cookie,
    });
    expect(await lastAudit('usuario.desbloqueado', target.id)).toBeTruthy();
    await signIn(ctx, target.email, target.password);
  });

  it('muda papel; admin só da lista; ninguém se rebaixa', async () => {
    const op = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/usuarios/${cliente2.id}/papel`,
      cookie: admin.cookie,
      payload: { tipo_usuario: 'operador' },
    });
    expect(op.json().tipo_usuario).toBe('operador');
    expect((await lastAudit('usuario.papel_alterado', cliente2.id))?.before).toEqual({
      tipo_usuario: 'cliente',
    });
    const asOperador = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/resumo',
      cookie: cliente2.cookie,
    });
    expect(asOperador.statusCode).toBe(200);
    await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/usuarios/${cliente2.id}/papel`,
      cookie: admin.cookie,
      payload: { tipo_usuario: 'cliente' },
    });
    const notListed = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/usuarios/${cliente2.id}/papel`,
      cookie: admin.cookie,
      payload: { tipo_usuario: 'admin' },
    });
    expect(notListed.statusCode).toBe(400);
    // Said in the panel's words, without the name of a server setting.
    expect(notListed.json().message).toBe(
      'Este email não está na lista de administradores autorizados da Urbana. Para dar acesso ao painel, use Operador.',
    );
    const self = await inject(ctx, {
      method: 'PUT',
      url: `/api/admin/usuarios/${admin.id}/papel`,
      cookie: admin.cookie,
      payload: { tipo_usuario: 'operador' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Você não pode remover o seu próprio acesso de administrador.');
    const selfBlock = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${admin.id}/bloquear`,
      cookie: admin.cookie,
    });
    expect(selfBlock.statusCode).toBe(409);
  });

  it('reenvia a confirmação de quem não confirmou', async () => {
    const signUp = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'novo@exemplo.com.br', password: 'Urb@na-teste-2026', nome_completo: 'Novo Cliente' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const list = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/usuarios?status=nao_confirmado',
      cookie: admin.cookie,
    });
    const id = list.json().items[0].id as string;
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${id}/reenviar-confirmacao`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    const mails = await ctx.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.to_email, 'novo@exemplo.com.br'));
    expect(mails).toHaveLength(2);
    expect(await lastAudit('usuario.confirmacao_reenviada', id)).toBeTruthy();
    const confirmed = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/usuarios/${cliente.id}/reenviar-confirmacao`,
      cookie: admin.cookie,
    });
    expect(confirmed.statusCode).toBe(409);
  });
});

describe('logs de email', () => {
  it('lista, mostra o corpo e reenvia (com auditoria)', async () => {
    const list = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/email-logs?q=novo@exemplo',
      cookie: admin.cookie,
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().items[0];
    expect(item).toMatchObject({ to_email: 'novo@exemplo.com.br', template: expect.any(String) });
    const detail = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/email-logs/${item.id}`,
      cookie: admin.cookie,
    });
    expect(detail.json().body_text).toContain('/auth/confirmar-email?token=');
    const resend = await inject(ctx, {
      method: 'POST',
      url: `/api/admin/email-logs/${item.id}/reenviar`,
      cookie: admin.cookie,
    });
    expect(resend.statusCode).toBe(201);
    expect(resend.json().id).not.toBe(item.id);
    expect(resend.json().subject).toBe(item.subject);
    expect((await lastAudit('email.reenviado', item.id))?.actor_id).toBe(admin.id);
    const operadorTry = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/email-logs',
      cookie: operador.cookie,
    });
    expect(operadorTry.statusCode).toBe(403);
  });
});

describe('relatórios', () => {
  it('batem com os totais calculados dos pedidos, e o CSV abre com colunas e acentos', async () => {
    // Two more paid orders and one unpaid: only paid ones count.
    for (const who of [cliente, cliente2]) {
      const o = await placeOrder(ctx, who, productId);
      const c = await inject(ctx, {
        method: 'POST',
        url: `/api/admin/orders/${o.id}/confirm-payment`,
        cookie: operador.cookie,
      });
      expect(c.statusCode, c.body).toBe(200);
    }
    await placeOrder(ctx, cliente, productId);

    const all = await ctx.database.db.select().from(orders);
    const paid = all.filter((o) => ['pago', 'em_veiculacao', 'concluido'].includes(o.status));
    const expectedRevenue = paid.reduce((s, o) => s + o.total, 0);
    const byCustomer = new Map<string, number>();
    for (const o of paid) byCustomer.set(o.user_id, (byCustomer.get(o.user_id) ?? 0) + o.total);

    const res = await inject(ctx, { method: 'GET', url: '/api/admin/relatorios', cookie: operador.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.totals.orders).toBe(paid.length);
    expect(report.totals.revenue).toBe(expectedRevenue);
    expect(report.clientes.find((c: { user_id: string }) => c.user_id === cliente.id).revenue).toBe(
      byCustomer.get(cliente.id),
    );
    const items = await ctx.database.db.execute<{ total: string }>(
      sql`select coalesce(sum(i.subtotal), 0)::bigint as total from order_items i join orders o on o.id = i.order_id where o.status in ('pago','em_veiculacao','concluido')`,
    );
    const itemsGross = Number(items.rows[0]!.total);
    // Every table gives the receita líquida of the headline, and the bruto of the items (decision 092).
    const sum = (rows: Array<{ revenue: number }>) => rows.reduce((s, r) => s + r.revenue, 0);
    const gross = (rows: Array<{ gross: number }>) => rows.reduce((s, r) => s + r.gross, 0);
    for (const table of [report.produtos, report.cidades, report.tipos]) {
      expect(sum(table)).toBe(expectedRevenue);
      expect(gross(table)).toBe(itemsGross);
    }
    const tower = report.ocupacao.find((o: { tower: string }) => o.tower === 'Torre Norte');
    // Occupancy looks forward: today and the next 12 weeks by default (issue #17 item 6).
    expect(tower.capacity).toBe(4 * 7 * OCCUPANCY_DEFAULT_WEEKS);

    const csv = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/relatorios/csv?tabela=clientes',
      cookie: operador.cookie,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="urbana-relatorio-clientes-/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Cliente;Email;Pedidos;Receita líquida (R$)');
    const ana = lines.find((l) => l.startsWith('Ana Souza;'))!;
    const reais = (byCustomer.get(cliente.id)! / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
    expect(ana).toBe(`Ana Souza;ana@exemplo.com.br;2;${reais}`);
    const products = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/relatorios/csv?tabela=produtos',
      cookie: operador.cookie,
    });
    expect(products.body).toContain('Torres Corporativas Águas Claras;Telas em torres;Brasília;DF;');

    const bad = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/relatorios?from=2026-12-01&to=2026-01-01',
      cookie: operador.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A data final precisa ser igual ou posterior à inicial.');
  });

  it('o painel mostra receita do mês, ticket médio, ocupação, 30 dias e pendências', async () => {
    const res = await inject(ctx, { method: 'GET', url: '/api/admin/resumo', cookie: operador.cookie });
    const body = res.json();
    expect(body.revenue_30_days).toHaveLength(30);
    const paid = (await ctx.database.db.select().from(orders)).filter((o) => o.status === 'pago');
    expect(body.orders_this_month).toBe(paid.length);
    expect(body.revenue_this_month).toBe(paid.reduce((s, o) => s + o.total, 0));
    expect(body.average_ticket).toBe(Math.round(body.revenue_this_month / paid.length));
    expect(body.revenue_30_days.at(-1).revenue).toBe(body.revenue_this_month);
    expect(body.awaiting_review).toEqual([
      { kind: 'anuncios_em_analise', label: 'Anúncios em análise', count: 0 },
      { kind: 'atendimentos_abertos', label: 'Atendimentos abertos', count: 0 },
      { kind: 'pedidos_aguardando_pagamento', label: 'Pedidos aguardando pagamento', count: 1 },
    ]);
    expect(body.occupancy.total).toBe(4 + 5 + 2);
    expect(body.recent_orders.length).toBeGreaterThan(0);
  });
});

describe('logs de auditoria', () => {
  it('filtra por pessoa, ação e data; mostra entradas com sucesso, falha e limite', async () => {
    const wrong = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ana@exemplo.com.br', password: 'senha-errada-123' },
    });
    expect(wrong.statusCode).toBe(401);
    const byPerson = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?actor=operador@urbana&kind=equipe',
      cookie: admin.cookie,
    });
    const actions = byPerson.json().items.map((i: { action: string }) => i.action);
    expect(actions).toContain('produto.criado');
    expect(actions.every((a: string) => !a.startsWith('login.'))).toBe(true);
    const logins = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?action=login',
      cookie: admin.cookie,
    });
    const loginActions = new Set(logins.json().items.map((i: { action: string }) => i.action));
    expect(loginActions).toEqual(new Set(['login.sucesso', 'login.falha', 'login.bloqueado']));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const dated = await inject(ctx, {
      method: 'GET',
      url: `/api/admin/logs?from=${today}&to=${today}&page_size=5`,
      cookie: admin.cookie,
    });
    expect(dated.json().items).toHaveLength(5);
    const past = await inject(ctx, {
      method: 'GET',
      url: '/api/admin/logs?from=2020-01-01&to=2020-01-02',
      cookie: admin.cookie,
    });
    expect(past.json().total).toBe(0);
  });

  it('uma lista com o período ao contrário é recusada com a mensagem das datas, não respondida vazia', async () => {
    for (const list of ['logs', 'email-logs', 'pedidos']) {
      const res = await inject(ctx, {
        method: 'GET',
        url: `/api/admin/${list}?from=2026-12-31&to=2026-12-01`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, list).toBe(400);
      expect(res.json().message).toBe(dateRangeMessages.order);
    }
  });
});
