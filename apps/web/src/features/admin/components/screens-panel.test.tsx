import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPlayer } from '@urbana/shared';
import { renderRoute } from '../../../test-utils/render-route.tsx';
import { PlayerForm } from './player-form.tsx';
import { PlayerList } from './player-list.tsx';

const player = (over: Partial<AdminPlayer>): AdminPlayer => ({
  id: 'p1',
  tower_id: 't1',
  product_id: 'prod1',
  product_name: 'Painel LED Eixo',
  face_name: 'Face única',
  name: 'Tela da recepção',
  resolution: '1920x1080',
  orientation: 'paisagem',
  loop_seconds: 60,
  spot_seconds: 10,
  opens_at: '06:00',
  closes_at: '23:00',
  last_seen_at: null,
  silent: false,
  created_at: '2026-11-20T12:00:00.000Z',
  ...over,
});

describe('telas no painel (issue #43 item 1)', () => {
  it('a lista diz o último contato e a tela em silêncio', async () => {
    renderRoute('/', () => (
      <PlayerList
        showProduct
        players={[
          player({ id: 'a', name: 'Nova' }),
          player({ id: 'b', name: 'Calada', silent: true, last_seen_at: '2026-11-20T12:00:00.000Z' }),
        ]}
      />
    ));
    expect(await screen.findByText('Nunca se conectou')).toBeTruthy();
    expect(screen.getByText('Em silêncio')).toBeTruthy();
    expect(document.querySelector('[data-player-contact="silencio"]')?.textContent).toContain('20/11/2026');
    expect(screen.getAllByRole('link', { name: 'Painel LED Eixo' })[0]!.getAttribute('href')).toBe(
      '/admin/produtos/prod1',
    );
  });

  it('o cadastro confere o loop com a regra do servidor antes de enviar', async () => {
    const created = vi.fn();
    renderRoute('/', () => (
      <PlayerForm
        towers={[
          {
            id: '00000000-0000-4000-8000-000000000001',
            name: 'Face única',
            screens: 1,
            weekly_audience: 1,
            slots: 6,
          },
        ]}
        onCreated={created}
      />
    ));
    expect((await screen.findByLabelText<HTMLInputElement>('Loop (segundos)')).value).toBe('60');
    expect(screen.getByText('A face vende 6 slots: loop = spot × 6.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome da tela'), { target: { value: 'Tela da recepção' } });
    fireEvent.change(screen.getByLabelText('Loop (segundos)'), { target: { value: '65' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar tela' }));
    expect(
      await screen.findByText(
        'O loop precisa ter um número inteiro de spots: use um múltiplo da duração do spot.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Loop (segundos)'), { target: { value: 'um minuto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar tela' }));
    expect(await screen.findByText('Informe o loop em segundos.')).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
  });
});
