import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { adminKeys } from '../api/admin-api.ts';
import { UnmatchedPixList } from './unmatched-pix.tsx';

const pix = (id: string, refund: unknown) => ({
  id,
  reference: `E99999999202611281200${id.padEnd(11, 'X')}`,
  txid: null,
  amount: 5_555,
  received_at: '2026-11-28T15:00:00.000Z',
  refund,
});

afterEach(() => vi.unstubAllGlobals());

/** Issue #41: staff see each Pix without order on the orders page and send it back with a button. */
describe('Pix sem pedido', () => {
  it('lista cada um; só o que não foi devolvido tem "Devolver", que pede confirmação e envia', async () => {
    const fetch = vi.fn(async (_url: string) => Response.json({ message: 'Devolução enviada ao PSP.' }));
    vi.stubGlobal('fetch', fetch);
    renderRoute('/admin/pedidos', UnmatchedPixList, {
      data: [
        [
          adminKeys.list('pix-sem-pedido', ''),
          {
            items: [
              pix('a1', null),
              pix('b2', { status: 'devolvido', provider_reason: null }),
              pix('c3', { status: 'nao_realizado', provider_reason: 'Conta encerrada' }),
            ],
          },
        ],
      ],
    });
    const rows = within(await screen.findByRole('list', { name: 'Pix sem pedido' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).queryByRole('button', { name: 'Devolver' })).toBeNull();
    expect(rows[1]!.textContent).toContain('Devolvido');
    expect(rows[2]!.textContent).toContain('Devolução não realizada (Conta encerrada)');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Devolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver R$\u00a055,55 por Pix?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => String(url).endsWith('/api/admin/pix-sem-pedido/a1/devolver')),
      ).toBe(true),
    );
  });
});
