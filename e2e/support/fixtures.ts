import type { APIRequestContext } from '@playwright/test';

/** Ids of real products of the demo catalogue (the e2e server seeds it at start). */
export async function productIds(request: APIRequestContext, n: number): Promise<string[]> {
  const res = await request.get(`/api/search?local=Brasília&por_pagina=${n}&ordem=menor_preco`);
  const body = (await res.json()) as { items: Array<{ id: string }> };
  return body.items.map((i) => i.id);
}

export const STAFF = {
  admin: process.env.E2E_ADMIN_EMAIL ?? 'admin-e2e@urbana.com.br',
  operador: process.env.E2E_OPERADOR_EMAIL ?? 'operador-e2e@urbana.com.br',
  password: process.env.E2E_STAFF_PASSWORD ?? 'Equipe-Urbana-E2E-2026',
};

export function cartItem(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    product_id: id.split('-')[0] ?? id,
    name: `Item ${id}`,
    daily_price: 10_000,
    weeks: 4,
    towerCount: 1,
    selectedTowers: [],
    isTowerBased: false,
    towers: [],
    ...extra,
  };
}

export const GOOGLE_E2E = {
  clientId: 'urbana-e2e',
  clientSecret: 'segredo-e2e',
  user: { sub: 'google-e2e-1', email: 'google.e2e@gmail.com', email_verified: true, name: 'Gabriela Google' },
};

/** The secret the PSP simulator's webhook URL carries (`?segredo=`, PIX_WEBHOOK_SECRET). */
export const PIX_WEBHOOK_SECRET_E2E = 'segredo-pix-e2e';
/** The issuer of the NFS-e in the browser tests (EMPRESA_*): a made-up company of Brasília. */
export const E2E_ISSUER = {
  EMPRESA_CNPJ: '11.222.333/0001-81',
  EMPRESA_RAZAO_SOCIAL: 'Urbana Mídia Exterior E2E Ltda.',
  EMPRESA_MUNICIPIO_IBGE: '5300108',
  EMPRESA_REGIME: 'real',
  NFSE_ALIQUOTA_ISS: '5',
};

/** A customer whose bookings e2e/support/seed-started-campaigns.ts prepares before the server starts. */
export const STARTED_CAMPAIGNS = {
  email: 'veiculacao-e2e@urbana.com.br',
  password: 'Cliente-Veiculacao-E2E-2026',
  name: 'Vera Veiculação',
  ad: 'Campanha Veiculação E2E',
};

/**
 * A customer with a booking on a screen face (painel LED) running since yesterday, its ad approved:
 * staff pair a player to it and the player plays it (issue #43, e2e/screen-player.spec.ts).
 */
export const SCREEN_CAMPAIGN = {
  email: 'tela-e2e@urbana.com.br',
  password: 'Cliente-Tela-E2E-2026',
  name: 'Telma Tela',
  ad: 'Campanha Tela E2E',
};

/** A customer with one booking on air since three days ago, for the campaign report (issue #23 item 5). */
export const REPORT_CAMPAIGN = {
  email: 'relatorio-e2e@urbana.com.br',
  password: 'Cliente-Relatorio-E2E-2026',
  name: 'Rita Relatório',
  ad: 'Campanha Relatório E2E',
};
