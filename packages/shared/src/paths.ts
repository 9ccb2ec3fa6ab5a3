import { publicPages } from './public-pages.ts';

type PublicPaths = { readonly [Id in keyof typeof publicPages]: (typeof publicPages)[Id]['path'] };
const publicPaths = Object.fromEntries(
  Object.entries(publicPages).map(([id, page]) => [id, page.path]),
) as PublicPaths;

/**
 * Every URL of the app, defined once (docs/spec/specification.md §2): the public pages' from their
 * table (public-pages.ts), by route id, then the user and admin areas. The router and the server's SPA
 * fallback both read this table.
 */
export const paths = {
  ...publicPaths,
  proposta: '/proposta/:id',
  /** A screen's web player (issue #43, decision 101), full screen, outside the site's layout. */
  tela: '/tela/:id',
  usuario: {
    meusPedidos: '/usuario/meus-pedidos',
    meusFavoritos: '/usuario/meus-favoritos',
    meusAnuncios: '/usuario/meus-anuncios',
    criarAnuncio: '/usuario/criar-anuncio',
    editarAnuncio: '/usuario/editar-anuncio/:id',
    completarPerfil: '/usuario/completar-perfil',
    bibliotecaMidias: '/usuario/biblioteca-midias',
    notificacoes: '/usuario/notificacoes',
    faturamento: '/usuario/faturamento',
    conta: '/usuario/conta',
    planos: '/usuario/planos',
    propostas: '/usuario/propostas',
    agencia: '/usuario/agencia',
    plano: '/usuario/planos/:id',
    relatorioCampanha: '/usuario/pedidos/:orderId/relatorio',
  },
  admin: {
    login: '/admin/login',
    dashboard: '/admin',
    usuarios: '/admin/usuarios',
    produtos: '/admin/produtos',
    campanhas: '/admin/campanhas',
    campanha: '/admin/campanhas/:id',
    cupons: '/admin/cupons',
    notificacoes: '/admin/notificacoes',
    emailLogs: '/admin/email-logs',
    emailAgendados: '/admin/email-agendados',
    suporte: '/admin/suporte',
    relatorios: '/admin/relatorios',
    logs: '/admin/logs',
    pedidos: '/admin/pedidos',
    pedido: '/admin/pedidos/:id',
    inventario: '/admin/inventario',
    propostas: '/admin/propostas',
    pis: '/admin/pis',
    fiscal: '/admin/fiscal',
    propostaNova: '/admin/propostas/nova',
    proposta: '/admin/propostas/:id',
    equipe: '/admin/equipe',
    produtoNovo: '/admin/produtos/novo',
    produto: '/admin/produtos/:id',
    telas: '/admin/telas',
    reposicoes: '/admin/reposicoes',
  },
} as const;

/** Specification §2 (docs/spec/specification.md) legacy redirects (full page reload). `:id` is carried over. */
export const legacyRedirects: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/dashboard', paths.home],
  ['/central-conhecimento', paths.central],
  ['/meus-pedidos', paths.usuario.meusPedidos],
  ['/meus-favoritos', paths.usuario.meusFavoritos],
  ['/meus-anuncios', paths.usuario.meusAnuncios],
  ['/criar-anuncio', paths.usuario.criarAnuncio],
  ['/editar-anuncio/:id', paths.usuario.editarAnuncio],
  ['/completar-perfil', paths.usuario.completarPerfil],
  ['/biblioteca-midias', paths.usuario.bibliotecaMidias],
  ['/faturamento', paths.usuario.faturamento],
  ['/notificacoes', paths.usuario.notificacoes],
];

/** Fill `:param` placeholders of a path pattern. */
export function buildPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Parâmetro ausente: ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * A page's link with its query string, for e-mails and notifications: `pathWithQuery(paths.suporte,
 * {}, { atendimento: id })` → `/suporte?atendimento=…`. Undefined query values are left out.
 */
export function pathWithQuery(
  pattern: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = buildPath(pattern, params);
  const given = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(given).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A path parameter is a slug or an id (letters, digits, "-", "_"): `/locais/x.bak` or `/pedido/backup.sql`
 * is no page of the app, and the server answers it 404 rather than 200 (scanners read a 200 there as
 * an exposed backup file).
 */
function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[A-Za-z0-9_-]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

function collect(tree: object): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : collect(value as object),
  );
}

/** Every app route pattern (not the legacy ones). */
export const appRoutePatterns: readonly string[] = collect(paths);
const appRouteRegExps = appRoutePatterns.map(patternToRegExp);
const legacyRegExps = legacyRedirects.map(([from]) => patternToRegExp(from));

/** True when the SPA knows this path (the server answers 200); unknown paths get a 404 status. */
export function isKnownAppPath(pathname: string): boolean {
  return appRouteRegExps.some((re) => re.test(pathname)) || legacyRegExps.some((re) => re.test(pathname));
}
