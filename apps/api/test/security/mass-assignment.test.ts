/**
 * The security suite (docs/decisions/010-security-suite.md), V5.1.2: mass assignment, fields the server owns are never taken from the body.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingProfiles, emailLog, orders, profiles, userCart } from '../../src/db/schema/index.ts';
import { inject } from '../helpers.ts';
import { billing, START } from './world.ts';
import { ctx, database, w, useSecurityWorld } from './setup.ts';

useSecurityWorld();

const forged = () => ({
  id: randomUUID(),
  user_id: w.ana.id,
  tipo_usuario: 'admin',
  role: 'admin',
  is_admin: true,
  is_staff: true,
  permissoes: { can_access_dashboard: true, can_manage_campaigns: true, can_view_analytics: true },
  status: 'pago',
  preco: 1,
  price: 1,
  daily_price: 1,
  subtotal: 1,
  discount: 999_999,
  total: 1,
  total_centavos: 1,
  paid_at: new Date().toISOString(),
  email_confirmed_at: new Date().toISOString(),
  blocked_at: null,
  created_at: '2000-01-01T00:00:00.000Z',
});

describe('V5.1.2 atribuição em massa', () => {
  it('V5.1.2 cadastro: tipo_usuario/role/id enviados são ignorados; a conta nasce cliente e não confirmada', async () => {
    // An e-mail on ADMIN_EMAILS: only the role would be missing to make it admin.
    const extra = forged();
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...extra,
        email: 'diretoria@urbana.com.br',
        password: 'Outdoor-na-L2-2026',
        nome_completo: 'Diretoria Forjada',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ tipo_usuario: 'cliente', is_admin: false, is_staff: false });
    const [row] = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'diretoria@urbana.com.br'));
    expect(row).toMatchObject({ tipo_usuario: 'cliente', email_confirmed_at: null });
    expect(row!.id).not.toBe(extra.id);
    expect(row!.created_at.getFullYear()).toBeGreaterThan(2000);
  });

  it('V5.1.2 perfil: só nome, empresa e telefone mudam', async () => {
    const extra = forged();
    const res = await inject(ctx, {
      method: 'PATCH',
      url: '/api/profile',
      cookie: w.bruno.cookie,
      payload: { ...extra, email: 'outro@exemplo.com.br', nome_completo: 'Bruno Lima', empresa: 'Lima ME' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, w.bruno.id));
    expect(row).toMatchObject({
      email: w.bruno.email,
      tipo_usuario: 'cliente',
      empresa: 'Lima ME',
      blocked_at: null,
    });
    expect(res.json()).toMatchObject({ id: w.bruno.id, is_admin: false, is_staff: false });
    const [other] = await database.db.select().from(profiles).where(eq(profiles.id, extra.id));
    expect(other).toBeUndefined();
  });

  it('V5.1.2 cadastro de faturamento: grava para quem chama, nunca para o user_id enviado', async () => {
    const anaBefore = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.ana.id));
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/billing-profile',
      cookie: w.bruno.cookie,
      payload: { ...forged(), ...billing, name: 'Bruno Lima' },
    });
    expect(res.statusCode).toBe(200);
    const anaAfter = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.ana.id));
    expect(anaAfter).toEqual(anaBefore);
    const [own] = await database.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, w.bruno.id));
    expect(own!.name).toBe('Bruno Lima');
  });

  it('V5.1.2 carrinho: campos desconhecidos não são gravados; o carrinho é de quem chama', async () => {
    const anaBefore = await database.db.select().from(userCart).where(eq(userCart.user_id, w.ana.id));
    const res = await inject(ctx, {
      method: 'PUT',
      url: '/api/cart',
      cookie: w.bruno.cookie,
      payload: { user_id: w.ana.id, products: [{ ...forged(), id: 'item-do-bruno', name: 'Outdoor' }] },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(userCart).where(eq(userCart.user_id, w.bruno.id));
    const stored = (row!.products as Array<Record<string, unknown>>)[0]!;
    for (const field of [
      'preco',
      'price',
      'total_centavos',
      'status',
      'user_id',
      'tipo_usuario',
      'role',
      'paid_at',
    ])
      expect(stored, field).not.toHaveProperty(field);
    expect(stored.id).toBe('item-do-bruno');
    expect(await database.db.select().from(userCart).where(eq(userCart.user_id, w.ana.id))).toEqual(
      anaBefore,
    );
  });

  it('V5.1.2 orçamento e pedido: preço, total, status, dono e id são do servidor', async () => {
    const item = { product_id: w.other.id, start_date: START, weeks: 1, tower_ids: [], ...forged() };
    const body = { ...forged(), items: [item], payment_method: 'pix' };
    const serverTotal = 8_000 * 7;
    const quote = await inject(ctx, { method: 'POST', url: '/api/checkout/quote', payload: body });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ total: serverTotal, discount: 0 });
    const placed = await inject(ctx, {
      method: 'POST',
      url: '/api/orders',
      cookie: w.bruno.cookie,
      headers: { 'idempotency-key': `atribuicao-em-massa-${Date.now()}` },
      payload: body,
    });
    expect(placed.statusCode).toBe(201);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({
      user_id: w.bruno.id,
      status: 'aguardando_pagamento',
      subtotal: serverTotal,
      discount: 0,
      total: serverTotal,
      paid_at: null,
    });
    expect(row!.id).not.toBe(body.id);
  });

  it('URB-SEC-09 o nome do cadastro vai escapado no HTML do email', async () => {
    const email = 'nome-com-html@exemplo.com.br';
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: 'Outdoor-na-L2-2026', nome_completo: '<img src=x onerror="alert(1)"> Ana' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await database.db.select().from(emailLog).where(eq(emailLog.to_email, email));
    expect(mail!.body_html).not.toContain('<img src=x');
    expect(mail!.body_html).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
  });
});
