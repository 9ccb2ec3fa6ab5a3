import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from './date-input.ts';
import { formatDate, formatDateTime, todayInBrasilia } from './dates.ts';

/** Issue #18 item 4: one pt-BR date module on Intl, in Brasília's time zone, for the web and the API. */
describe('datas no fuso de Brasília', () => {
  it('um instante perto da meia-noite UTC é o dia de São Paulo', () => {
    // 02:30 UTC on 22 Nov is still 23:30 on 21 Nov in São Paulo (UTC−3).
    expect(formatDate('2026-11-22T02:30:00Z')).toBe('21/11/2026');
    expect(formatDate(new Date('2026-11-22T02:30:00Z'))).toBe('21/11/2026');
    expect(formatDate('2026-11-22T03:00:00Z')).toBe('22/11/2026');
    expect(todayInBrasilia(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(todayInBrasilia(new Date('2027-01-01T02:59:59Z'))).toBe('2026-12-31');
  });

  it('o dia lembrado por minuto muda no último milissegundo da noite de Brasília, nos dois sentidos', () => {
    const calls = [
      ['2026-11-22T02:59:00.000Z', '2026-11-21'],
      ['2026-11-22T02:59:59.999Z', '2026-11-21'],
      ['2026-11-22T03:00:00.000Z', '2026-11-22'],
      ['2026-11-22T03:00:59.999Z', '2026-11-22'],
      ['2026-11-22T02:59:30.000Z', '2026-11-21'],
      ['2026-12-22T02:59:30.000Z', '2026-12-21'],
    ] as const;
    for (const [instant, day] of calls) expect(todayInBrasilia(new Date(instant))).toBe(day);
  });

  it('uma data de calendário é mostrada como escrita, sem fuso', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2027-01-03')).toBe('03/01/2027');
  });

  it('data e hora de Brasília: "21/11/2026 às 23:30"; sem data, "—"', () => {
    expect(formatDateTime('2026-11-22T02:30:00Z')).toBe('21/11/2026 às 23:30');
    expect(formatDateTime(new Date('2026-11-21T12:05:00Z'))).toBe('21/11/2026 às 09:05');
    expect(formatDateTime(null)).toBe('—');
  });

  it('campos datetime-local leem e escrevem a hora de Brasília, seja qual for o fuso do aparelho', () => {
    expect(toDateTimeInput('2026-11-22T02:30:00Z')).toBe('2026-11-21T23:30');
    expect(toDateTimeInput(null)).toBe('');
    expect(fromDateTimeInput('2026-11-21T23:30')).toBe('2026-11-21T23:30:00-03:00');
    expect(new Date(fromDateTimeInput('2026-11-21T23:30')!).toISOString()).toBe('2026-11-22T02:30:00.000Z');
    expect(fromDateTimeInput('')).toBeNull();
  });
});
