import { describe, expect, it } from 'vitest';
import { screenOpenSince } from './player-api.ts';

describe('horário de funcionamento da tela (Brasília)', () => {
  // 2026-11-21 14:05 in Brasília (UTC−3).
  const at = (hhmm: string) => new Date(`2026-11-21T${hhmm}:00-03:00`);

  it('dentro do horário: desde a abertura de hoje', () => {
    expect(screenOpenSince(at('14:05'), { opens_at: '06:00', closes_at: '23:00' })).toEqual(at('06:00'));
    expect(screenOpenSince(at('23:00'), { opens_at: '06:00', closes_at: '23:00' })).toBeNull();
    expect(screenOpenSince(at('05:59'), { opens_at: '06:00', closes_at: '23:00' })).toBeNull();
  });

  it('um fechamento antes da abertura passa da meia-noite', () => {
    const night = { opens_at: '18:00', closes_at: '02:00' };
    expect(screenOpenSince(at('01:30'), night)).toEqual(new Date('2026-11-20T18:00:00-03:00'));
    expect(screenOpenSince(at('03:00'), night)).toBeNull();
  });

  it('uma tela de dia inteiro nunca reabre: um silêncio que atravessa a meia-noite continua contando', () => {
    for (const hours of [
      { opens_at: '00:00', closes_at: '00:00' },
      { opens_at: '06:00', closes_at: '06:00' },
    ]) {
      expect(screenOpenSince(at('14:05'), hours)).toEqual(new Date(0));
      expect(screenOpenSince(new Date('2026-11-22T00:05:00-03:00'), hours)).toEqual(new Date(0));
    }
  });
});
