import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderNfse } from '@urbana/shared';
import { toast } from '../../../lib/toast.ts';
import { OrderNfse } from './order-nfse.tsx';

const ORDER = '6f1c2a44-0000-4000-8000-000000000001';
const CHAVE = '53001082211222333000181000000000000042611123456789';

const issued: AdminOrderNfse = {
  id: 'a1b2c3d4-0000-4000-8000-000000000009',
  status: 'emitida',
  status_label: 'Emitida',
  series: '1',
  number: 42,
  id_dps: 'DPS530010821122233300018100001000000000000042',
  attempts: 1,
  chave_acesso: CHAVE,
  messages: [],
  last_error: null,
  cancel_state: null,
  cancel_state_label: null,
  can_retry: false,
  created_at: '2026-12-02T15:00:00.000Z',
  issued_at: '2026-12-02T15:01:00.000Z',
  nfse_number: '17',
  verification_url: `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${CHAVE}`,
  cancel_reason: null,
};

function show(nfse: AdminOrderNfse | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(<OrderNfse orderId={ORDER} nfse={nfse} />, { wrapper: wrap });
}

afterEach(() => vi.restoreAllMocks());

/** Issue #42: staff see an order's NFS-e on its page, and try a refused one again from there. */
describe('NFS-e na página do pedido (equipe)', () => {
  it('emitida: número, DPS, chave de acesso e os arquivos pelas rotas da equipe, sem "Tentar de novo"', () => {
    show(issued);
    const card = screen.getByTestId('pedido-nfse');
    expect(within(card).getByText('Emitida')).toBeTruthy();
    expect(within(card).getByText('nº 17')).toBeTruthy();
    expect(card.textContent).toContain('DPS série 1 nº 42');
    expect(within(card).getByText(CHAVE)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'DANFSe em PDF' }).getAttribute('href')).toBe(
      `/api/admin/pedidos/${ORDER}/nfse.pdf`,
    );
    expect(within(card).getByRole('link', { name: 'XML da NFS-e' }).getAttribute('href')).toBe(
      `/api/admin/pedidos/${ORDER}/nfse.xml`,
    );
    expect(within(card).getByRole('link', { name: 'Conferir no portal da NFS-e' }).getAttribute('href')).toBe(
      issued.verification_url,
    );
    expect(within(card).queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
    expect(within(card).queryByTestId('nfse-motivo')).toBeNull();
  });

  it('recusada: o motivo da Sefin e "Tentar de novo", que devolve à fila pelo id do documento fiscal', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'NFS-e devolvida à fila de emissão.' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    show({
      ...issued,
      status: 'recusada',
      status_label: 'Recusada pela Sefin',
      chave_acesso: null,
      nfse_number: null,
      verification_url: null,
      issued_at: null,
      can_retry: true,
      messages: [
        {
          codigo: 'E0312',
          descricao: 'Inscrição municipal do tomador não cadastrada no município.',
          complemento: 'IM 123',
        },
      ],
    });
    const card = screen.getByTestId('pedido-nfse');
    expect(within(card).getByText('Recusada pela Sefin')).toBeTruthy();
    expect(within(card).getByTestId('nfse-motivo').textContent).toBe(
      'Motivo da recusaE0312 Inscrição municipal do tomador não cadastrada no município. (IM 123)',
    );
    expect(within(card).queryByRole('link', { name: 'DANFSe em PDF' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Tentar de novo' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('NFS-e devolvida à fila de emissão.'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/admin/fiscal/${issued.id}/tentar-de-novo`);
    expect(init?.method).toBe('POST');
  });

  it('cancelamento em andamento e, depois, cancelada com o motivo enviado à Sefin', () => {
    const { rerender } = show({
      ...issued,
      cancel_state: 'pendente',
      cancel_state_label: 'Cancelamento em andamento',
    });
    expect(screen.getByText('Cancelamento em andamento')).toBeTruthy();
    rerender(
      <OrderNfse
        orderId={ORDER}
        nfse={{
          ...issued,
          status: 'cancelada',
          status_label: 'Cancelada',
          cancel_reason: 'Cliente desistiu',
        }}
      />,
    );
    expect(screen.getByText('Cancelada')).toBeTruthy();
    expect(screen.getByText('Motivo enviado à Sefin: Cliente desistiu')).toBeTruthy();
    // A cancelled NFS-e is still downloadable (its DANFSe says it was cancelled).
    expect(screen.getByRole('link', { name: 'DANFSe em PDF' })).toBeTruthy();
  });

  it('sem NFS-e: diz quando ela entra na fila', () => {
    show(null);
    expect(screen.getByTestId('pedido-nfse').textContent).toContain(
      'Sem NFS-e: ela entra na fila fiscal quando o pedido é pago.',
    );
  });
});
