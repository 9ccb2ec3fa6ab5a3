import { describe, expect, it } from 'vitest';
import { watchAlertText } from './schemas.ts';

describe('texto do alerta de um local observado', () => {
  it('semana livre: o último dia é a véspera do fim da reserva (decisão 021)', () => {
    const text = watchAlertText('Painel Eixo', {
      kind: 'semana_livre',
      starts_on: '2026-12-07',
      ends_on: '2026-12-21',
    });
    expect(text.title).toBe('Painel Eixo tem datas livres');
    expect(text.body).toContain('de 07/12/2026 até 20/12/2026');
    // The same words whether an order was cancelled or staff lifted a block: slots came free.
    expect(text.body).toMatch(/^Vagas voltaram a ficar livres:/);
    // Issue #40 item 10: not "Reserve antes que outra pessoa reserve."
    expect(text.body).toMatch(/Reserve agora, antes que outra pessoa o faça\.$/);
  });

  it('preço baixou: de quanto para quanto', () => {
    const text = watchAlertText('Painel Eixo', { kind: 'preco_baixou', from: 10_000, to: 8_000 });
    expect(text.title).toBe('O preço de Painel Eixo baixou');
    expect(text.body).toMatch(/R\$\s100,00 para R\$\s80,00/);
  });
});
