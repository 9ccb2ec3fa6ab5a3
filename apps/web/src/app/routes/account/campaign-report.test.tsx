import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignReportMessages } from '@urbana/shared';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { Component } from './campaign-report.tsx';

afterEach(() => vi.restoreAllMocks());

describe('relatório da campanha ainda não pronto (issue #40 item 9)', () => {
  it('diz quando fica pronto, como informação e não como erro, com o caminho de volta ao pedido', async () => {
    const message = campaignReportMessages.notReadyUntil('2026-12-07');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderRoute('/usuario/pedidos/:orderId/relatorio', Component, { url: '/usuario/pedidos/o1/relatorio' });
    const notice = await screen.findByText(message);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('o último dia no ar é 07/12/2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Relatório da campanha' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Voltar ao pedido' }).getAttribute('href')).toBe('/pedido/o1');
  });
});
