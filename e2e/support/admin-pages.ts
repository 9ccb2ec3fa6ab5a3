import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STAFF } from './fixtures.ts';

/** Signs in at /admin/login as staff and lands on the dashboard. */
export async function staffSignIn(page: Page, email: string = STAFF.admin) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(STAFF.password);
  await form.getByRole('button', { name: 'Entrar no painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The admin navigation's sections, in order: one link each for an admin (the shell's check). */
export const adminNavSections = [
  'Painel',
  'Pedidos',
  'PIs pendentes',
  'Usuários',
  'Equipe',
  'Agências',
  'Produtos',
  'Telas',
  'Inventário',
  'Propostas',
  'Fila fiscal',
  'Campanhas',
  'Reposições',
  'Cupons',
  'Notificações',
  'Logs de email',
  'Emails agendados',
  'Suporte',
  'Relatórios',
  'Logs',
];

/**
 * Every admin page (issue #17 item 6), with one product and one campaign detail when they exist;
 * `request` must carry the admin's session (page.request after signing in).
 */
export async function adminPages(request: APIRequestContext): Promise<string[]> {
  const pages = [
    '/admin',
    '/admin/pedidos',
    '/admin/usuarios',
    '/admin/produtos',
    '/admin/produtos/novo',
    '/admin/cupons',
    '/admin/campanhas',
    '/admin/notificacoes',
    '/admin/email-agendados',
    '/admin/email-logs',
    '/admin/relatorios',
    '/admin/logs',
    '/admin/suporte',
    '/admin/inventario',
    '/admin/propostas',
    '/admin/propostas/nova',
    '/admin/equipe',
    '/admin/telas',
    '/admin/reposicoes',
    '/admin/pis',
    '/admin/agencias',
  ];
  const first = async (url: string) => {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const body = (await res.json()) as { items?: Array<{ id: string }> };
    return body.items?.[0]?.id;
  };
  const product = await first('/api/admin/produtos?page_size=1');
  if (product) pages.push(`/admin/produtos/${product}`);
  const campaign = await first('/api/admin/campanhas');
  if (campaign) pages.push(`/admin/campanhas/${campaign}`);
  const order = await first('/api/admin/pedidos?page_size=1');
  if (order) pages.push(`/admin/pedidos/${order}`);
  const proposal = await first('/api/admin/propostas');
  if (proposal) pages.push(`/admin/propostas/${proposal}`);
  return pages;
}

/** Opens an admin page and waits until its content (not a loading state) is shown. */
export async function openAdminPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first(), path).toBeVisible();
  await expect(page.getByText(/^(Carregando|Calculando)/)).toHaveCount(0, { timeout: 20_000 });
}
