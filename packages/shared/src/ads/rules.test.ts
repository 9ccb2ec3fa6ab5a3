import { describe, expect, it } from 'vitest';
import { addDays, earliestBookableStart } from '../booking-dates.ts';
import { creativeSpecs } from '../creative-specs.ts';
import {
  artworkDeadline,
  campaignStatusOf,
  canTransitionAd,
  creativeProblems,
  defaultMediaLimits,
  formatBytes,
  isAdEditable,
  mediaKindOf,
} from './rules.ts';

describe('prazo da arte: 2 dias úteis antes do início', () => {
  it('quem reserva no primeiro início possível ainda tem o dia de hoje para enviar a arte', () => {
    for (let d = 0; d < 14; d++) {
      const today = addDays('2026-11-16', d);
      const deadline = artworkDeadline(earliestBookableStart(today));
      expect(deadline >= today, `${today} → ${deadline}`).toBe(true);
    }
  });

  it.each([
    ['2026-12-09', '2026-12-07'], // quarta → segunda
    ['2026-12-07', '2026-12-03'], // segunda → quinta (pula o fim de semana)
    ['2026-12-08', '2026-12-06'], // terça → domingo (sábado e domingo não contam: segunda e terça sim)
    ['2026-12-13', '2026-12-09'], // domingo → quarta
  ])('início %s → prazo %s', (start, deadline) => {
    expect(artworkDeadline(start)).toBe(deadline);
  });
});

describe('arte contra a especificação', () => {
  const fits = { format: 'png', width: 1080, height: 1920, sizeBytes: 2_000_000, durationMs: null } as const;

  it('a arte certa não tem problemas', () => {
    expect(creativeProblems(fits, 'torre')).toEqual([]);
  });

  it('resolução e orientação erradas', () => {
    expect(creativeProblems({ ...fits, width: 1920, height: 1080 }, 'torre')).toEqual([
      'Resolução errada: 1920 × 1080 px; a especificação de Telas em torres é 1080 × 1920 px. A arte está na horizontal, e a peça é vertical.',
    ]);
  });

  it('formato errado para mídia impressa', () => {
    const [problem] = creativeProblems(
      { format: 'mp4', width: 4500, height: 1500, sizeBytes: 1000, durationMs: 10_000 },
      'outdoor',
    );
    expect(problem).toBe('Formato errado: MP4 não é aceito em Outdoor; use JPG ou PNG.');
  });

  it('vídeo mais longo que o spot, e arquivo grande demais', () => {
    expect(
      creativeProblems({ ...fits, format: 'mp4', durationMs: 20_000, sizeBytes: 60 * 1024 * 1024 }, 'torre'),
    ).toEqual([
      'Arquivo grande demais: 60 MB; o máximo em Telas em torres é 50 MB.',
      'Vídeo longo demais: 20 s; o spot em Telas em torres tem 15 s.',
    ]);
  });
});

describe('estados do anúncio', () => {
  it('o cliente envia rascunhos e reprovados; só a equipe revisa', () => {
    expect(canTransitionAd('rascunho', 'em_analise', 'cliente')).toBe(true);
    expect(canTransitionAd('reprovado', 'em_analise', 'cliente')).toBe(true);
    expect(canTransitionAd('em_analise', 'aprovado', 'cliente')).toBe(false);
    expect(canTransitionAd('em_analise', 'aprovado', 'equipe')).toBe(true);
    expect(canTransitionAd('rascunho', 'aprovado', 'equipe')).toBe(false);
    expect(canTransitionAd('aprovado', 'finalizado', 'equipe')).toBe(false);
    expect(canTransitionAd('finalizado', 'em_analise', 'cliente')).toBe(false);
  });

  it('editável só em rascunho ou reprovado', () => {
    expect(['rascunho', 'reprovado'].every((s) => isAdEditable(s as 'rascunho'))).toBe(true);
    expect(
      ['em_analise', 'aprovado', 'em_veiculacao', 'finalizado'].some((s) => isAdEditable(s as 'rascunho')),
    ).toBe(false);
  });

  it('o estado da campanha segue a veiculação e o anúncio', () => {
    expect(campaignStatusOf({ startedAt: null, finishedAt: null, adStatus: null })).toBe('aguardando_arte');
    expect(campaignStatusOf({ startedAt: null, finishedAt: null, adStatus: 'reprovado' })).toBe('reprovada');
    expect(campaignStatusOf({ startedAt: null, finishedAt: null, adStatus: 'aprovado' })).toBe('aprovada');
    expect(campaignStatusOf({ startedAt: new Date(), finishedAt: null, adStatus: 'em_veiculacao' })).toBe(
      'em_veiculacao',
    );
    expect(campaignStatusOf({ startedAt: new Date(), finishedAt: new Date(), adStatus: 'finalizado' })).toBe(
      'finalizada',
    );
  });

  it('tamanhos em pt-BR', () => {
    expect(formatBytes(1536 * 1024)).toBe('1,5 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(512)).toBe('512 bytes');
  });
});

describe('limites da biblioteca de mídias e a tabela de especificações (issue #40 item 9)', () => {
  it('a biblioteca aceita todo arquivo que alguma especificação aceita, e nada que nenhuma aceite', () => {
    for (const [type, spec] of Object.entries(creativeSpecs)) {
      for (const format of spec.formats) {
        const limit =
          mediaKindOf(format) === 'video'
            ? defaultMediaLimits.videoMaxBytes
            : defaultMediaLimits.imageMaxBytes;
        expect(limit, `${type} ${format}`).toBeGreaterThanOrEqual(spec.maxSizeMb * 1024 * 1024);
      }
    }
    expect(defaultMediaLimits.imageMaxBytes).toBe(100 * 1024 * 1024);
    expect(defaultMediaLimits.videoMaxBytes).toBe(100 * 1024 * 1024);
  });
});
