import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NfseLinks } from './nfse-links.tsx';

const CHAVE = '53001082211222333000181000000000000042603123456789';

/** Issue #42: the customer sees the NFS-e's state and, once issued, downloads its PDF and XML. */
describe('NFS-e no pedido e no faturamento', () => {
  it('emitida: chave de acesso, PDF, XML e o link para conferir no portal', () => {
    render(
      <NfseLinks
        orderId="o-1"
        nfse={{
          status: 'emitida',
          status_label: 'Emitida',
          cancel_state: null,
          chave_acesso: CHAVE,
          verification_url: `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${CHAVE}`,
          issued_at: '2026-11-28T12:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByTestId('nfse').textContent).toContain(`Chave de acesso ${CHAVE}`);
    expect(screen.getByRole('link', { name: 'NFS-e em PDF' }).getAttribute('href')).toBe(
      '/api/orders/o-1/nfse.pdf',
    );
    expect(screen.getByRole('link', { name: 'XML da NFS-e' }).getAttribute('href')).toBe(
      '/api/orders/o-1/nfse.xml',
    );
    expect(screen.getByRole('link', { name: 'Conferir no portal da NFS-e' }).getAttribute('href')).toContain(
      CHAVE,
    );
  });

  it('sem certificado: diz que não foi emitida e não oferece download', () => {
    render(
      <NfseLinks
        orderId="o-2"
        nfse={{
          status: 'nao_emitida',
          status_label: 'Não emitida (sem certificado)',
          cancel_state: null,
          chave_acesso: null,
          verification_url: null,
          issued_at: null,
        }}
      />,
    );
    expect(screen.getByTestId('nfse').textContent).toBe('NFS-e: Não emitida (sem certificado)');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('cancelamento pedido: a situação do cancelamento aparece ao lado', () => {
    render(
      <NfseLinks
        orderId="o-3"
        nfse={{
          status: 'emitida',
          status_label: 'Emitida',
          cancel_state: 'substituir',
          chave_acesso: CHAVE,
          verification_url: null,
          issued_at: null,
        }}
      />,
    );
    expect(screen.getByTestId('nfse').textContent).toContain(
      'Emitida · Prazo de cancelamento encerrado: substitua a NFS-e',
    );
  });
});
