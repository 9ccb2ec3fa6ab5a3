import { productTypeLabels, type ProductType } from './catalog.ts';
import { formatInteger, formatMoney } from './lib/money.ts';
import { searchApiParams, searchFilterProblem, weeksParam } from './search-options.ts';

/**
 * An API read a page makes as it opens, named as the web app's query for it (`pageReadQuery` in
 * apps/web/src/app/page-loaders.ts) and with the address it asks (`pageReadPath`, which the server
 * preloads): `['product', slug, start, weeks]` is `/api/products/<slug>?semanas=<weeks>&inicio=<start>`.
 */
export type PageRead =
  | readonly ['config']
  | readonly ['featured']
  | readonly ['network']
  | readonly ['search', params: string]
  | readonly ['product', slug: string, start: string, weeks: number]
  | readonly ['media-kit']
  | readonly ['shared-plan', token: string];

/** A product's page data: the one address the web app asks and the server preloads. */
export function productApiPath(slug: string, start: string | undefined, weeks: number): string {
  const from = start ? `&inicio=${encodeURIComponent(start)}` : '';
  return `/api/products/${encodeURIComponent(slug)}?semanas=${weeks}${from}`;
}

/** The address of a page's read, exactly as the web app asks it. */
export function pageReadPath(read: PageRead): string {
  switch (read[0]) {
    case 'config':
      return '/api/config';
    case 'featured':
      return '/api/products/featured';
    case 'network':
      return '/api/network';
    case 'search':
      return `/api/search?${read[1]}`;
    case 'product':
      return productApiPath(read[1], read[2] || undefined, read[3]);
    case 'media-kit':
      return '/api/midia-kit';
    case 'shared-plan':
      return `/api/planos-compartilhados/${encodeURIComponent(read[1])}`;
  }
}

/** A route's parameters, decoded (`:slug` of `/locais/:slug`). */
export type PageParams = Readonly<Record<string, string | undefined>>;

export interface PublicPage {
  /** The route's pattern (`:name` for a parameter). */
  path: string;
  /** As the browser's tab shows it: "<title> | Urbana". */
  title: string;
  /** The page's meta description (absent: the site's default). */
  description?: string;
  /**
   * Listed in sitemap.xml and open to search engines (canonical address); `'today'`: listed with
   * today's date, its figures follow the catalogue. Absent: `noindex`, unless its head is the page's
   * own (a product, an article: `page-head.ts`).
   */
  sitemap?: true | 'today';
  /**
   * Drawn on the server (issue #20): the same for every visitor, nothing of a session in it. The
   * server's document also asks for its route's chunks and, when not drawn, its reads (page-preloads.ts).
   */
  ssr?: true;
  /** The page names itself once its data has come (a product's name, an article's title). */
  dynamicTitle?: true;
  /** What the page reads at once: its route's loader asks them, the server preloads them. */
  reads?: (url: URL, params: PageParams) => PageRead[];
}

/**
 * Every public page, declared once (docs/decisions/118-one-table-of-public-pages.md), by route id:
 * the web app's router and loaders, the server's rendering, preloads and head tags, and the sitemap
 * read this table. The user and admin areas are in `paths` (paths.ts) and never drawn on the server.
 */
export const publicPages = {
  home: {
    path: '/',
    title: 'Mídia exterior por semana',
    description:
      'Encontre e reserve painéis de LED, outdoors, empenas e telas em torres em todo o Brasil, por semana, com preços públicos e pagamento por Pix.',
    sitemap: true,
    ssr: true,
    reads: () => [['featured'], ['network']],
  },
  auth: { path: '/auth', title: 'Entrar ou criar conta' },
  buscarLocais: {
    path: '/buscar-locais',
    title: 'Buscar locais',
    description:
      'Veja no mapa os locais de mídia exterior perto do seu público, com preço, audiência semanal e disponibilidade para as suas datas.',
    sitemap: true,
    ssr: true,
    // A filter the server would refuse is shown by the page, which then asks nothing (issue #16 item 8).
    reads: (url) =>
      searchFilterProblem(url.searchParams)
        ? [['config']]
        : [['config'], ['search', searchApiParams(url.searchParams)]],
  },
  planejar: {
    path: '/planejar',
    title: 'Planejar campanha',
    description:
      'Diga quanto quer investir, onde e quando: a Urbana sugere as faces livres que rendem mais impactos ou se espalham pelos bairros, com audiência, CPM e distância.',
    sitemap: true,
  },
  local: {
    path: '/locais/:slug',
    title: 'Local',
    dynamicTitle: true,
    ssr: true,
    reads: (url, params) => [
      [
        'product',
        params.slug ?? '',
        url.searchParams.get('inicio') ?? '',
        weeksParam(url.searchParams.get('semanas')),
      ],
      ['config'],
    ],
  },
  carrinho: { path: '/carrinho', title: 'Carrinho' },
  checkout: { path: '/checkout', title: 'Finalizar pedido' },
  confirmacaoPedido: { path: '/confirmacao-pedido', title: 'Confirmação do pedido' },
  pedido: { path: '/pedido/:orderId', title: 'Pedido' },
  planoCompartilhado: {
    path: '/plano/:token',
    title: 'Plano de mídia',
    description: 'Plano de mídia exterior na Urbana: locais, períodos, audiência, CPM e total.',
    reads: (_url, params) => [['shared-plan', params.token ?? '']],
  },
  suporte: {
    path: '/suporte',
    title: 'Suporte',
    description:
      'Perguntas frequentes e contato com a equipe da Urbana: abra um chamado e acompanhe a resposta.',
    sitemap: true,
    ssr: true,
  },
  central: {
    path: '/central',
    title: 'Central de conhecimento',
    description:
      'Como funcionam a reserva, os preços por semana, o pagamento por Pix, o envio de criativos, a análise, a comprovação de veiculação e os cancelamentos na Urbana.',
    sitemap: true,
    ssr: true,
  },
  centralArtigo: {
    path: '/central/:artigo',
    title: 'Central de conhecimento',
    dynamicTitle: true,
    ssr: true,
  },
  midiaKit: {
    path: '/midia-kit',
    title: 'Mídia kit',
    description:
      'A rede Urbana em números: locais, cidades, telas e audiência semanal por tipo de mídia e por estado, com mapa e mídia kit em PDF.',
    sitemap: 'today',
    ssr: true,
    reads: () => [['media-kit'], ['config']],
  },
  guiaCriacao: {
    path: '/guia-criacao',
    title: 'Guia de criação',
    description:
      'Como criar anúncios que funcionam na rua: leitura a distância, contraste, mensagem curta e o formato certo para cada tela e lona.',
    sitemap: true,
    ssr: true,
  },
  especificacoesCriacao: {
    path: '/especificacoes-criacao',
    title: 'Especificações de criação',
    description:
      'Resolução, orientação, formatos, tamanho máximo e duração do spot de cada tipo de mídia da Urbana.',
    sitemap: true,
    ssr: true,
  },
  notFound: { path: '/404', title: 'Página não encontrada' },
  confirmarEmail: { path: '/auth/confirmar-email', title: 'Confirmar email' },
  redefinirSenha: { path: '/auth/redefinir-senha', title: 'Redefinir senha' },
  googleRetorno: { path: '/auth/google-retorno', title: 'Entrando com o Google' },
  termos: { path: '/termos', title: 'Termos de uso' },
  privacidade: { path: '/privacidade', title: 'Política de privacidade' },
  confirmarNovoEmail: { path: '/auth/confirmar-novo-email', title: 'Confirmar troca de email' },
  aceitarConvite: { path: '/auth/convite', title: 'Convite para a equipe' },
  descadastrar: { path: '/email/descadastrar', title: 'Descadastrar emails' },
} as const satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof publicPages;

/** The table's rows with their ids, in its order. */
export const publicPageList: ReadonlyArray<PublicPage & { id: PublicPageId }> = Object.entries(
  publicPages,
).map(([id, page]) => ({ id: id as PublicPageId, ...(page as PublicPage) }));

/**
 * The table's patterns, made on first use (the web app's router never asks). A parameter matches one
 * path segment, whatever it holds: the page decides what it means. A fixed path wins over a pattern
 * that also matches it.
 */
let pagePatterns:
  Array<{ page: (typeof publicPageList)[number]; names: string[]; pattern: RegExp }> | undefined;
const patterns = () =>
  (pagePatterns ??= publicPageList
    .map((page) => ({
      page,
      names: [...page.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      pattern: new RegExp(
        `^${page.path
          .split('/')
          .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')}/?$`,
      ),
    }))
    .sort((a, b) => a.names.length - b.names.length));

/**
 * The public page at `pathname` with its parameters as they are in the address (still encoded:
 * `decodeURIComponent` them where needed, it throws on a malformed one); null for the user and admin
 * areas and unknown paths. `/` and a trailing slash match as the router does.
 */
export function matchPublicPage(
  pathname: string,
): { page: PublicPage & { id: PublicPageId }; rawParams: Record<string, string> } | null {
  const path = pathname === '' ? '/' : pathname;
  for (const { page, names, pattern } of patterns()) {
    const match = pattern.exec(path);
    if (!match) continue;
    return { page, rawParams: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/** What a product's description for search engines and link previews says of it. */
export interface ProductForDescription {
  type: ProductType;
  neighborhood: string | null;
  city: string;
  state: string;
  weekly_audience: number;
  daily_price: number;
}

/** "Painel de LED em Asa Sul, Brasília – DF": the product's type and place. */
export const productPlace = (product: Omit<ProductForDescription, 'weekly_audience' | 'daily_price'>) =>
  [product.neighborhood, `${product.city} – ${product.state}`].filter(Boolean).join(', ');

/**
 * A product page's meta description, one text for the server's head (page-head.ts) and the web app's
 * (routes/public/product.tsx).
 */
export function productMetaDescription(product: ProductForDescription): string {
  return `${productTypeLabels[product.type]} em ${productPlace(product)}: ${formatInteger(product.weekly_audience)} impactos por semana, ${formatMoney(product.daily_price)} por dia. Reserve por semana e pague por Pix na Urbana.`;
}

/** A page's parameters as the router gives them, decoded; throws on a malformed `%` sequence. */
export const decodePageParams = (raw: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]));
