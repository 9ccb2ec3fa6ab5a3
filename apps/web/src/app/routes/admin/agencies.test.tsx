import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './agencies.tsx';

const agency = (over: Record<string, unknown>) => ({
  id: 'ag-1',
  name: 'Agência Alfa',
  document: '12ABC34501DE35',
  cenp_certificate: 'CENP-1234',
  cenp_valid_until: '2027-06-30',
  confirmed_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  owner_email: 'dona@alfa.com.br',
  advertisers: 2,
  members: 3,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('agências no painel', () => {
  it('lista cada agência com CNPJ, certificado e quem a abriu; só a que espera confirmação tem o botão', async () => {
    renderRoute('/admin/agencias', Component, {
      data: [
        [
          ['admin', 'agencies'],
          {
            items: [
              agency({}),
              agency({ id: 'ag-2', name: 'Agência Beta', confirmed_at: '2026-11-21T12:00:00.000Z' }),
              agency({ id: 'ag-3', name: 'Agência Gama', cenp_certificate: null, cenp_valid_until: null }),
            ],
          },
        ],
      ],
    });
    const items = within(await screen.findByRole('list', { name: 'Agências' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('CNPJ 12.ABC.345/01DE-35 · aberta por dona@alfa.com.br');
    expect(items[0]!.textContent).toContain('Certificado do CENP CENP-1234 até 30/06/2027');
    expect(within(items[0]!).getByRole('button', { name: 'Confirmar certificado' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Confirmada em');
    expect(items[2]!.textContent).toContain('Sem certificado do CENP');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
  });

  it('confirmar envia POST ao endpoint da agência e lê a lista de novo', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json(agency({ confirmed_at: '2026-11-29T12:00:00.000Z' }))
        : Response.json({ items: [agency({ confirmed_at: '2026-11-29T12:00:00.000Z' })] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderRoute('/admin/agencias', Component, {
      data: [[['admin', 'agencies'], { items: [agency({})] }]],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar certificado' }));
    await waitFor(() => expect(screen.getByText(/Confirmada em/)).toBeTruthy());
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/agencias/ag-1/confirmar');
    expect(fetch.mock.calls[0]![1]?.method).toBe('POST');
  });
});
