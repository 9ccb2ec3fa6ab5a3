import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney, type CampaignReport, type CampaignReportFace } from '@urbana/shared';
import { CampaignReportView } from './report-view.tsx';

const base: Omit<CampaignReportFace, 'delivery' | 'make_good' | 'impressions_basis'> = {
  item_id: '00000000-0000-4000-8000-000000000001',
  product: 'Painel LED Eixo',
  type: 'painel_led',
  city: 'Brasília',
  state: 'DF',
  towers: [],
  booked_start: '2026-11-01',
  booked_last_day: '2026-11-07',
  weeks: 1,
  ran_from: '2026-11-01',
  ran_to: '2026-11-07',
  days_on_air: 7,
  early_end_reason: null,
  weekly_audience: 10_000,
  booked_audience: 10_000,
  estimated_impressions: 2_143,
  proofs: [],
};

const screenFace: CampaignReportFace = {
  ...base,
  impressions_basis: 'exibicoes',
  delivery: {
    booked: 120,
    delivered: 90,
    percent: 75,
    under_delivered: true,
    threshold_percent: 90,
    faces: [
      {
        tower_id: '00000000-0000-4000-8000-000000000002',
        name: 'Face única',
        booked: 120,
        delivered: 90,
        percent: 75,
        under_delivered: true,
        days: [
          { day: '2026-11-01', booked: 60, delivered: 60, percent: 100 },
          { day: '2026-11-02', booked: 60, delivered: 30, percent: 50 },
        ],
      },
    ],
  },
  make_good: {
    credit: 10_500,
    coupon_code: 'REPOSICAO-0A1B2C3D4E',
    note: 'Tela desligada por falta de energia.',
    granted_at: '2026-11-09T12:00:00.000Z',
  },
};

const staticFace: CampaignReportFace = {
  ...base,
  item_id: '00000000-0000-4000-8000-000000000003',
  product: 'Outdoor W3 Sul',
  type: 'outdoor',
  impressions_basis: 'estimativa',
  estimated_impressions: 12_000,
  delivery: null,
  make_good: null,
};

const report = (faces: CampaignReportFace[]): CampaignReport => ({
  order: {
    id: '00000000-0000-4000-8000-000000000009',
    code: 'URB-1',
    customer: 'Ana',
    company: null,
    advertiser: null,
  },
  finished_at: '2026-11-08T12:00:00.000Z',
  faces,
  totals: { booked_audience: 20_000, estimated_impressions: 14_143, days_on_air: 14, proofs: 0 },
});

describe('relatório da campanha: entrega das telas (issue #43 item 5)', () => {
  it('uma tela: contratadas × entregues por dia, a porcentagem, o alerta e a reposição concedida', () => {
    render(<CampaignReportView report={report([screenFace, staticFace])} />);
    const face = screen.getByRole('region', { name: 'Exibições de Painel LED Eixo' });
    expect(within(face).getByTestId('entrega-total').textContent).toBe('90 de 120 (75%)');
    expect(within(face).getByRole('status').textContent).toBe('Entrega abaixo de 90%');
    const rows = within(face).getAllByRole('row').slice(1);
    const cells = rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['01/11/2026', '60', '60', '100%'],
      ['02/11/2026', '60', '30', '50%'],
    ]);
    expect(within(face).getByTestId('reposicao').textContent).toBe(
      `Reposição concedida: crédito de ${formatMoney(10_500)} no próximo pedido (cupom REPOSICAO-0A1B2C3D4E). ` +
        'Tela desligada por falta de energia.',
    );
    const article = screen.getByRole('article', { name: 'Painel LED Eixo' });
    expect(within(article).getByText('Impressões das exibições entregues')).toBeTruthy();
  });

  it('uma face estática: nenhuma entrega de exibições, as impressões estimadas de sempre', () => {
    render(<CampaignReportView report={report([staticFace])} />);
    expect(screen.queryByRole('region', { name: /Exibições de/ })).toBeNull();
    expect(screen.getByText('Impressões estimadas nos dias no ar')).toBeTruthy();
    expect(screen.getByTestId('impressoes-estimadas').textContent).toBe('12.000');
  });

  it('uma campanha de agência nomeia o anunciante; a de um cliente direto, não', () => {
    const ofAgency = report([{ ...base, impressions_basis: 'estimativa', delivery: null, make_good: null }]);
    ofAgency.order.advertiser = { id: 'an-1', name: 'Padaria Pão Dourado S.A.', document: '12ABC34501DE35' };
    const { unmount } = render(<CampaignReportView report={ofAgency} />);
    expect(screen.getByTestId('relatorio-anunciante').textContent).toBe(
      'Anunciante: Padaria Pão Dourado S.A. · CNPJ 12.ABC.345/01DE-35',
    );
    unmount();
    render(
      <CampaignReportView
        report={report([{ ...base, impressions_basis: 'estimativa', delivery: null, make_good: null }])}
      />,
    );
    expect(screen.queryByTestId('relatorio-anunciante')).toBeNull();
  });
});
