import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './mail.ts';

export const PASSWORD = 'Outdoor-Brasilia-2026';

export function uniqueEmail(prefix = 'cliente'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@exemplo.com.br`;
}

/** A confirmed customer, made through the real sign-up and the confirmation link received by SMTP. */
export async function createCustomer(request: APIRequestContext, nome = 'Cliente E2E') {
  const email = uniqueEmail();
  const signUp = await request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, nome_completo: nome },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(email, '/auth/confirmar-email');
  const token = new URL(linkFrom(mail, '/auth/confirmar-email')).searchParams.get('token');
  const confirm = await request.post('/api/auth/confirm-email', { data: { token } });
  expect(confirm.status()).toBe(200);
  return { email, password: PASSWORD, nome };
}

/** Signs in through the /auth form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  if (!page.url().includes('/auth')) await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** An API client signed in as this user (its own cookie jar), for arranging cloud state. */
export async function apiAs(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  email: string,
  password: string,
) {
  const ctx = await playwright.request.newContext({ baseURL });
  const res = await ctx.post('/api/auth/sign-in', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ctx;
}

/**
 * A confirmed customer with a billing profile, ready to order, and an API client signed in as them
 * (`billing` is the profile sent to PUT /api/billing-profile).
 */
export async function customerReadyToOrder(
  request: APIRequestContext,
  playwright: Parameters<typeof apiAs>[0],
  baseURL: string,
  nome: string,
  billing: Record<string, unknown>,
) {
  const user = await createCustomer(request, nome);
  const api = await apiAs(playwright, baseURL, user.email, user.password);
  expect((await api.put('/api/billing-profile', { data: billing })).status()).toBe(200);
  return { ...user, api };
}

export function toast(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'Notificações' })
    .locator('[data-toast]')
    .filter({ hasText: title });
}
