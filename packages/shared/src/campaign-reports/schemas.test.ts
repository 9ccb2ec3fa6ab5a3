import { describe, expect, it } from 'vitest';
import { bookingAudience } from '../bookings.ts';
import { daysOnAir, reportAudience } from './schemas.ts';

describe('dias no ar de um relatório de campanha', () => {
  const booked = { start: '2026-12-07', weeks: 2 }; // last day 20/12

  it('do início ao fim do período: 14 dias', () => {
    expect(daysOnAir(booked, '2026-12-07', '2026-12-20')).toEqual({
      from: '2026-12-07',
      to: '2026-12-20',
      days: 14,
    });
  });

  it('encerrada antes e iniciada depois: só os dias no ar', () => {
    expect(daysOnAir(booked, '2026-12-09', '2026-12-12').days).toBe(4);
  });

  it('finalizada depois do último dia conta só até o último dia reservado', () => {
    expect(daysOnAir(booked, '2026-12-07', '2027-01-05')).toMatchObject({ to: '2026-12-20', days: 14 });
  });

  it('nunca iniciada: nenhum dia', () => {
    expect(daysOnAir(booked, null, null)).toEqual({ from: null, to: null, days: 0 });
  });
});

describe('audiência e impressões estimadas', () => {
  it('torres escolhidas (bookingAudience): semanal = reservada ÷ semanas; impressões = semanal ÷ 7 × dias', () => {
    const booked = bookingAudience({
      isTowerBased: true,
      isScreen: true,
      productWeeklyAudience: 99_999,
      // Loops of 2 and 4 spots: each booking has a half and a quarter of the faces' audiences.
      chosenTowers: [
        { weekly_audience: 14_000, slots: 2 },
        { weekly_audience: 56_000, slots: 4 },
      ],
      weeks: 2,
    });
    expect(reportAudience(booked, 2, 10)).toEqual({
      weekly_audience: 21_000,
      booked_audience: 42_000,
      estimated_impressions: 30_000,
    });
  });

  it('nenhum dia no ar: nenhuma impressão', () => {
    expect(reportAudience(7_000, 1, 0).estimated_impressions).toBe(0);
  });
});
