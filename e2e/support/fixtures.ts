export const E2E_PRODUCTS = [
  {
    id: '6f1c3c1e-0000-4000-8000-000000000001',
    slug: 'painel-eixo-monumental',
    name: 'Painel Eixo Monumental',
  },
  { id: '6f1c3c1e-0000-4000-8000-000000000002', slug: 'painel-asa-sul', name: 'Painel Asa Sul' },
  { id: '6f1c3c1e-0000-4000-8000-000000000003', slug: 'painel-lago-sul', name: 'Painel Lago Sul' },
] as const;

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
