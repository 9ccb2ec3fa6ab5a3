import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderItemCampaign } from '@urbana/shared';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { ItemCampaign } from './item-campaign.tsx';

const campaign = (started_at: string | null, finished_at: string | null): OrderItemCampaign => ({
  status: finished_at ? 'finalizada' : 'em_veiculacao',
  started_at,
  finished_at,
  early_end_reason: null,
  ad: null,
  proofs: [],
});

const show = (c: OrderItemCampaign) =>
  renderRoute('/pedido', () => (
    <ItemCampaign itemId="i1" booked={{ start: '2026-12-02', weeks: 1 }} campaign={c} />
  ));

describe('as datas da campanha no pedido (issue #40 item 7)', () => {
  it('uma campanha finalizada no dia seguinte ao último ficou no ar até o último dia, como no relatório', () => {
    // Booked 02/12 to 08/12; staff finished it on 09/12 (10:00 in Brasília).
    show(campaign('2026-12-02T12:00:00Z', '2026-12-09T13:00:00Z'));
    expect(screen.getByTestId('campanha-no-ar').textContent).toBe('no ar de 02/12/2026 até 08/12/2026');
  });

  it('a data é o dia em Brasília, não em UTC', () => {
    // 01:30 UTC on 05/12 is still 04/12 in Brasília.
    show(campaign('2026-12-02T12:00:00Z', '2026-12-05T01:30:00Z'));
    expect(screen.getByTestId('campanha-no-ar').textContent).toBe('no ar de 02/12/2026 até 04/12/2026');
  });

  it('no ar, diz desde quando', () => {
    show(campaign('2026-12-03T12:00:00Z', null));
    expect(screen.getByTestId('campanha-no-ar').textContent).toBe('no ar desde 03/12/2026');
  });
});
