import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  articleHref,
  articleSlugs,
  CANCELLATION_POLICY,
  DEFAULT_LEAD_BUSINESS_DAYS,
  defaultPricing,
  isKnownAppPath,
  knowledgeArticles,
  parseArticle,
  searchArticles,
} from '@urbana/shared';
import { articlesDir, loadArticles } from '../src/services/articles.ts';

// The Markdown files of packages/shared/content/central, read as the server reads them.
const files = readdirSync(articlesDir).filter((f) => f.endsWith('.md'));
const articles = loadArticles();
const bySlug = (slug: string) => articles.find((a) => a.slug === slug)!;

describe('central de conhecimento', () => {
  it('há um arquivo por slug da lista, e cada um tem título, descrição e categoria', () => {
    expect(files.map((f) => f.replace(/\.md$/, '')).sort()).toEqual([...articleSlugs].sort());
    for (const a of articles) {
      expect(a.title.length).toBeGreaterThan(5);
      expect(a.description.length).toBeGreaterThan(20);
      expect(a.body.length).toBeGreaterThan(400);
    }
  });

  it('recusa um arquivo sem cabeçalho, com slug desconhecido ou categoria inválida', () => {
    expect(() => parseArticle('precos-e-semanas', 'só texto')).toThrow(/cabeçalho/);
    expect(() => parseArticle('outro', '---\ntitle: a\n---\ntexto')).toThrow(/slug/);
    expect(() =>
      parseArticle('precos-e-semanas', '---\ntitle: a\ndescription: b\ncategory: nada\n---\ntexto'),
    ).toThrow(/categoria/);
  });

  it('busca sem acento, sem maiúsculas e com várias palavras', () => {
    expect(searchArticles(articles, 'analise')[0]!.slug).toBe(knowledgeArticles.prazosAnalise);
    expect(searchArticles(articles, 'COMPROVAÇÃO')[0]!.slug).toBe(knowledgeArticles.comprovacaoVeiculacao);
    expect(searchArticles(articles, 'pix copia cola').map((a) => a.slug)).toContain(
      knowledgeArticles.pagamentoPix,
    );
    expect(searchArticles(articles, 'xyzzy inexistente')).toEqual([]);
    expect(searchArticles(articles, '  ')).toHaveLength(articles.length);
  });

  it('os textos dizem as regras que o sistema aplica', () => {
    expect(bySlug(knowledgeArticles.precosESemanas).body).toContain(
      `${defaultPricing.longRunWeeks} semanas ou mais`,
    );
    expect(bySlug(knowledgeArticles.precosESemanas).body).toContain(`${defaultPricing.longRunPercent}%`);
    expect(bySlug(knowledgeArticles.comoFuncionaReserva).body).toContain(
      `**${DEFAULT_LEAD_BUSINESS_DAYS} dias úteis**`,
    );
    expect(CANCELLATION_POLICY).toContain('5 dias úteis antes do início');
    expect(bySlug(knowledgeArticles.cancelamentos).body).toContain('5 dias úteis antes do início');
  });

  it('os links internos dos artigos levam a páginas do app', () => {
    for (const a of articles) {
      for (const [, href] of a.body.matchAll(/\]\((\/[^)]*)\)/g)) {
        expect(isKnownAppPath(href!.split('?')[0]!), `${a.slug} → ${href}`).toBe(true);
        if (href!.startsWith('/central/')) expect(articleSlugs).toContain(href!.slice('/central/'.length));
      }
    }
    expect(articleHref(knowledgeArticles.pagamentoPix)).toBe('/central/pagamento-por-pix');
  });
});
