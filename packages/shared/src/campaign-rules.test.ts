import { describe, expect, it } from 'vitest';
import {
  campaignFinishRefusal,
  campaignStartRefusal,
  isEarlyFinish,
  proofDateRefusal,
} from './campaign-rules.ts';

const period = { start: '2026-12-09', weeks: 2 }; // last day 22/12/2026

describe('campaign rules (issue #17 item 1)', () => {
  it('start: refused before the first day, allowed from it', () => {
    expect(campaignStartRefusal(period, '2026-11-23')).toBe(
      'A veiculação só pode começar em 09/12/2026, o primeiro dia do período reservado.',
    );
    expect(campaignStartRefusal(period, '2026-12-08')).not.toBeNull();
    expect(campaignStartRefusal(period, '2026-12-09')).toBeNull();
    expect(campaignStartRefusal(period, '2026-12-15')).toBeNull();
  });

  it('finish: before the last day needs a reason of 10 to 500 characters', () => {
    expect(isEarlyFinish(period, '2026-12-21')).toBe(true);
    expect(isEarlyFinish(period, '2026-12-22')).toBe(false);
    expect(campaignFinishRefusal(period, '2026-12-15', '')).toBe(
      'O período reservado vai até 22/12/2026. Para finalizar antes, informe o motivo (o cliente verá).',
    );
    expect(campaignFinishRefusal(period, '2026-12-15', '   ')).toContain('informe o motivo');
    expect(campaignFinishRefusal(period, '2026-12-15', 'curto')).toBe(
      'O motivo do encerramento antecipado deve ter entre 10 e 500 caracteres.',
    );
    expect(campaignFinishRefusal(period, '2026-12-15', 'x'.repeat(501))).toContain('entre 10 e 500');
    expect(campaignFinishRefusal(period, '2026-12-15', 'Painel danificado pela chuva.')).toBeNull();
    expect(campaignFinishRefusal(period, '2026-12-22', null)).toBeNull();
    expect(campaignFinishRefusal(period, '2027-01-10', undefined)).toBeNull();
  });

  it('proof photo: a real date within the period and not after today', () => {
    expect(proofDateRefusal(period, '2026-12-30', '2026-13-01')).toBe('Informe a data da foto (dd/mm/aaaa).');
    expect(proofDateRefusal(period, '2026-12-30', '2026-12-08')).toBe(
      'A data da foto deve estar dentro do período reservado (de 09/12/2026 até 22/12/2026).',
    );
    expect(proofDateRefusal(period, '2026-12-30', '2026-12-23')).toContain('dentro do período');
    expect(proofDateRefusal(period, '2026-12-30', '2026-12-22')).toBeNull();
    expect(proofDateRefusal(period, '2026-12-12', '2026-12-13')).toBe(
      'A data da foto não pode ser depois de hoje.',
    );
    expect(proofDateRefusal(period, '2026-12-12', '2026-12-12')).toBeNull();
  });
});
