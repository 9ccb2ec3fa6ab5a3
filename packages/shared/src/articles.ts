/**
 * The knowledge centre (/central): its articles are Markdown files in `packages/shared/content/central`
 * (one per slug below). The slugs live here so that any screen can link to an article, and the server
 * can list them in the sitemap, without loading the articles themselves.
 */
import { foldText } from './catalog.ts';
import { buildPath, paths } from './paths.ts';

export const knowledgeArticles = {
  comoFuncionaReserva: 'como-funciona-a-reserva',
  precosESemanas: 'precos-e-semanas',
  audienciaECpm: 'audiencia-e-cpm',
  disponibilidade: 'disponibilidade-e-vagas',
  pagamentoPix: 'pagamento-por-pix',
  pagamentoFaturado: 'boleto-e-transferencia-faturada',
  faturas: 'faturas-e-notas',
  cupons: 'cupons-de-desconto',
  envioCriativos: 'envio-de-criativos',
  prazosAnalise: 'prazos-de-analise',
  comprovacaoVeiculacao: 'comprovacao-de-veiculacao',
  cancelamentos: 'cancelamentos-e-reembolsos',
} as const;
export type ArticleSlug = (typeof knowledgeArticles)[keyof typeof knowledgeArticles];
export const articleSlugs: readonly ArticleSlug[] = Object.values(knowledgeArticles);

export function isArticleSlug(value: string): value is ArticleSlug {
  return (articleSlugs as readonly string[]).includes(value);
}

/** The page of one article: `articleHref(knowledgeArticles.pagamentoPix)`. */
export function articleHref(slug: ArticleSlug): string {
  return buildPath(paths.centralArtigo, { artigo: slug });
}

export const articleCategories = ['reservas', 'pagamento', 'criativos', 'campanhas', 'pedidos'] as const;
export type ArticleCategory = (typeof articleCategories)[number];
export const articleCategoryLabels: Record<ArticleCategory, string> = {
  reservas: 'Reservas e preços',
  pagamento: 'Pagamento e faturas',
  criativos: 'Criativos e análise',
  campanhas: 'Campanhas no ar',
  pedidos: 'Pedidos e cancelamentos',
};

export interface Article {
  slug: ArticleSlug;
  title: string;
  description: string;
  category: ArticleCategory;
  /** Position inside its category. */
  order: number;
  /** The Markdown after the front matter. */
  body: string;
}

/**
 * Reads an article file: a front matter block (`key: value` lines between `---` lines) with title,
 * description, category and order, then the Markdown body. Throws on a malformed file, so a broken
 * article fails the build's tests instead of reaching a reader.
 */
export function parseArticle(slug: string, raw: string): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`Artigo ${slug}: cabeçalho ausente`);
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (kv) meta[kv[1]!] = kv[2]!.trim();
  }
  if (!isArticleSlug(slug)) throw new Error(`Artigo ${slug}: slug fora da lista knowledgeArticles`);
  const category = meta.category as ArticleCategory;
  if (!articleCategories.includes(category)) throw new Error(`Artigo ${slug}: categoria inválida`);
  if (!meta.title || !meta.description) throw new Error(`Artigo ${slug}: título ou descrição ausente`);
  return {
    slug,
    title: meta.title,
    description: meta.description,
    category,
    order: Number(meta.order ?? 99),
    body: match[2]!.trim(),
  };
}

/** Text of an article as a reader sees it (Markdown marks removed), for search. */
function plain(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[#*_`>|-]+/g, ' ');
}

/**
 * Articles matching every word of the query, accent- and case-insensitive ("analise" finds
 * "análise"); title matches first, then description, then body.
 */
export function searchArticles<T extends Article>(articles: readonly T[], query: string): T[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return [...articles];
  const scored: Array<{ article: T; score: number }> = [];
  for (const article of articles) {
    const title = foldText(article.title);
    const description = foldText(article.description);
    const body = foldText(plain(article.body));
    let score = 0;
    let all = true;
    for (const word of words) {
      if (title.includes(word)) score += 10;
      else if (description.includes(word)) score += 4;
      else if (body.includes(word)) score += 1;
      else {
        all = false;
        break;
      }
    }
    if (all) scored.push({ article, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.article);
}
