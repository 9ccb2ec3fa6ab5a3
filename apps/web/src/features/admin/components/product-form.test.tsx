import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '@urbana/shared';
import { ProductForm } from './product-form.tsx';

const sent: Array<{ url: string; method: string; body: unknown }> = [];

function renderForm(product?: AdminProduct) {
  sent.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    // The app configuration (map tiles) never answers here: the form does not need it.
    if (url.startsWith('/api/config')) return new Promise<Response>(() => undefined);
    return Promise.resolve(
      Response.json({ message: 'Já existe um produto com este nome.' }, { status: 409 }),
    );
  });
  // A data router, as the app's (the form holds the page while it has unsaved edits).
  const router = createMemoryRouter(
    [
      {
        path: '/admin/produtos/novo',
        element: <ProductForm product={product} />,
      },
      { path: '/admin/produtos', element: <h1>Lista de produtos</h1> },
    ],
    { initialEntries: ['/admin/produtos/novo'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function fillRequired() {
  fill('Nome', 'Torres Ipê');
  fill('Preço diário (R$)', '1.234,50');
  fill('Endereço', 'SCN Quadra 2');
  fill('Cidade', 'Brasília');
  fill('UF', 'DF');
  fill('Latitude', '-15,7868');
  fill('Longitude', '-47.8836');
}

afterEach(() => vi.unstubAllGlobals());

describe('formulário de produto do painel', () => {
  it('mostra a mensagem da API ao lado de cada campo e não envia nada', async () => {
    renderForm();
    fill('Preço diário (R$)', 'caro');
    fill('Latitude', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Criar produto' }));
    expect(await screen.findByText('O nome precisa de ao menos 3 letras.')).toBeTruthy();
    expect(screen.getByLabelText('Preço diário (R$)').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Informe o preço em reais, por exemplo 150,00.')).toBeTruthy();
    expect(screen.getByText('Latitude fora do Brasil.')).toBeTruthy();
    expect(screen.getByText('Longitude inválida.')).toBeTruthy();
    // No UF comes chosen: one preset saved a São Paulo address as "São Paulo/DF".
    expect((screen.getByLabelText('UF') as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('Escolha a UF.')).toBeTruthy();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('envia os números lidos do texto e mostra a recusa do servidor acima do formulário', async () => {
    renderForm();
    fillRequired();
    fireEvent.click(screen.getByLabelText('Produto com várias torres'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar torre' }));
    fill('Nome da torre 2', 'Torre Sul');
    fireEvent.click(screen.getByRole('button', { name: 'Criar produto' }));
    expect(await screen.findByText('Já existe um produto com este nome.')).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/produtos');
    expect(post?.body).toMatchObject({
      name: 'Torres Ipê',
      daily_price: 123_450,
      latitude: -15.7868,
      longitude: -47.8836,
      is_tower_based: true,
      towers: [
        { name: 'Face principal', screens: 1, slots: 1, weekly_audience: 0 },
        { name: 'Torre Sul', screens: 1, slots: 1, weekly_audience: 0 },
      ],
    });
  });

  it('sem torres, o produto volta a ter só a primeira face', async () => {
    renderForm();
    // Without towers the one face is named as a face, not as "torre 1".
    expect(screen.getByLabelText('Nome da face')).toBeTruthy();
    expect(screen.queryByLabelText('Nome da torre 1')).toBeNull();
    const towerBased = screen.getByLabelText('Produto com várias torres');
    fireEvent.click(towerBased);
    expect(screen.getByLabelText('Nome da torre 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar torre' }));
    expect(screen.getByLabelText('Nome da torre 2')).toBeTruthy();
    fireEvent.click(towerBased);
    await waitFor(() => expect(screen.queryByLabelText('Nome da torre 2')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Face' })).toBeTruthy();
    expect(screen.getByLabelText('Nome da face')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar torre' })).toBeNull();
  });

  it('diz acima das torres quando duas têm o mesmo nome (depois que os campos passam)', async () => {
    renderForm();
    fillRequired();
    fireEvent.click(screen.getByLabelText('Produto com várias torres'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar torre' }));
    fill('Nome da torre 2', 'face principal');
    fireEvent.click(screen.getByRole('button', { name: 'Criar produto' }));
    expect(await screen.findByText('Cada torre precisa de um nome diferente.')).toBeTruthy();
  });

  it('com alterações não salvas, sair da página pergunta antes; sem alterações, sai direto', async () => {
    renderForm();
    fill('Nome', 'Torres Ipê');
    fireEvent.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    expect(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Nome', { exact: true }) as HTMLInputElement).value).toBe('Torres Ipê');
    fireEvent.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByRole('heading', { name: 'Lista de produtos' })).toBeTruthy();
  });

  it('um formulário intocado não segura ninguém', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    expect(await screen.findByRole('heading', { name: 'Lista de produtos' })).toBeTruthy();
  });

  it('um produto sem foto não se ativa: "Ativar" desabilitado e o motivo ao lado (issue #40 item 8)', () => {
    renderForm({
      id: 'p1',
      slug: 'painel-eixo-brasilia',
      name: 'Painel Eixo',
      description: '',
      type: 'outdoor',
      address: 'Eixo Monumental',
      neighborhood: 'Centro',
      city: 'Brasília',
      state: 'DF',
      latitude: -15.79,
      longitude: -47.8836,
      daily_price: 12_345,
      is_tower_based: false,
      weekly_audience: 120_000,
      audience_profile: '',
      audience_source: '',
      audience_method: '',
      audience_month: '',
      operating_hours: '',
      status: 'inativo',
      towers: [{ id: 't1', name: 'Face principal', screens: 1, weekly_audience: 0, slots: 1 }],
      photos: [],
    } as unknown as AdminProduct);
    const activate = screen.getByRole('button', { name: 'Ativar' });
    expect(activate.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(activate.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Envie ao menos uma foto do local antes de ativar o produto.',
    );
  });
});
