import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { legacyRedirects, paths } from '@urbana/shared';
import { ErrorPage } from './routes/error-page.tsx';
import { LegacyRedirect } from './routes/legacy-redirect.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

export interface RouteHandle {
  title: string;
  /** The page sets document.title itself (e.g. a product's name). */
  dynamicTitle?: boolean;
}

type Lazy = RouteObject['lazy'];
/** A route module exports `Component`; each one is its own chunk. */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Lazy => load as Lazy;
const placeholder: Lazy = page(() => import('./routes/placeholder.tsx'));

const route = (
  path: string,
  title: string,
  lazy: Lazy = placeholder,
  extra: Partial<RouteHandle> = {},
): RouteObject => ({ path, lazy, handle: { title, ...extra } });

/** Every route of the seed's §2, built from the one table of paths in @urbana/shared. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        lazy: page(() => import('./layouts/public-layout.tsx')),
        children: [
          {
            index: true,
            lazy: page(() => import('./routes/home.tsx')),
            handle: { title: 'Mídia exterior por semana' },
          },
          route(
            paths.auth,
            'Entrar ou criar conta',
            page(() => import('./routes/auth.tsx')),
          ),
          route(
            paths.confirmarEmail,
            'Confirmar email',
            page(() => import('./routes/confirm-email.tsx')),
          ),
          route(
            paths.redefinirSenha,
            'Redefinir senha',
            page(() => import('./routes/reset-password.tsx')),
          ),
          route(
            paths.googleRetorno,
            'Entrando com o Google',
            page(() => import('./routes/google-return.tsx')),
          ),
          route(
            paths.buscarLocais,
            'Buscar locais',
            page(() => import('./routes/search.tsx')),
          ),
          route(
            paths.local,
            'Local',
            page(() => import('./routes/product.tsx')),
            { dynamicTitle: true },
          ),
          route(
            paths.carrinho,
            'Carrinho',
            page(() => import('./routes/cart.tsx')),
          ),
          route(
            paths.checkout,
            'Finalizar pedido',
            page(() => import('./routes/checkout.tsx')),
          ),
          route(
            paths.confirmacaoPedido,
            'Confirmação do pedido',
            page(() => import('./routes/order-confirmation.tsx')),
          ),
          route(
            paths.pedido,
            'Pedido',
            page(() => import('./routes/order-detail.tsx')),
          ),
          route(
            paths.suporte,
            'Suporte',
            page(() => import('./routes/support.tsx')),
          ),
          route(
            paths.central,
            'Central de conhecimento',
            page(() => import('./routes/knowledge-centre.tsx')),
          ),
          route(
            paths.centralArtigo,
            'Central de conhecimento',
            page(() => import('./routes/knowledge-article.tsx')),
            { dynamicTitle: true },
          ),
          route(
            paths.midiaKit,
            'Mídia kit',
            page(() => import('./routes/media-kit.tsx')),
          ),
          route(
            paths.guiaCriacao,
            'Guia de criação',
            page(() => import('./routes/creative-guide.tsx')),
          ),
          route(
            paths.especificacoesCriacao,
            'Especificações de criação',
            page(() => import('./routes/creative-specs.tsx')),
          ),
          route(
            paths.notFound,
            'Página não encontrada',
            page(() => import('./routes/not-found.tsx')),
          ),
          {
            path: '*',
            lazy: page(() => import('./routes/not-found.tsx')),
            handle: { title: 'Página não encontrada' },
          },
        ],
      },
      {
        lazy: page(() => import('./layouts/user-layout.tsx')),
        children: [
          route(
            paths.usuario.meusPedidos,
            'Meus pedidos',
            page(() => import('./routes/my-orders.tsx')),
          ),
          route(
            paths.usuario.meusFavoritos,
            'Meus favoritos',
            page(() => import('./routes/favorites.tsx')),
          ),
          route(
            paths.usuario.meusAnuncios,
            'Meus anúncios',
            page(() => import('./routes/my-ads.tsx')),
          ),
          route(
            paths.usuario.criarAnuncio,
            'Criar anúncio',
            page(() => import('./routes/ad-editor.tsx')),
          ),
          route(
            paths.usuario.editarAnuncio,
            'Editar anúncio',
            page(() => import('./routes/ad-editor.tsx')),
          ),
          route(
            paths.usuario.completarPerfil,
            'Completar perfil',
            page(() => import('./routes/complete-profile.tsx')),
          ),
          route(
            paths.usuario.bibliotecaMidias,
            'Biblioteca de mídias',
            page(() => import('./routes/media-library.tsx')),
          ),
          route(
            paths.usuario.notificacoes,
            'Notificações',
            page(() => import('./routes/notifications.tsx')),
          ),
          route(
            paths.usuario.faturamento,
            'Faturamento',
            page(() => import('./routes/billing.tsx')),
          ),
        ],
      },
      route(
        paths.admin.login,
        'Entrar no painel',
        page(() => import('./routes/admin-login.tsx')),
      ),
      {
        lazy: page(() => import('./layouts/admin-layout.tsx')),
        children: [
          route(
            paths.admin.dashboard,
            'Painel',
            page(() => import('./routes/admin-dashboard.tsx')),
          ),
          route(
            paths.admin.usuarios,
            'Usuários',
            page(() => import('./routes/admin-users.tsx')),
          ),
          route(
            paths.admin.produtos,
            'Produtos',
            page(() => import('./routes/admin-products.tsx')),
          ),
          route(
            paths.admin.produtoNovo,
            'Novo produto',
            page(() => import('./routes/admin-product-form.tsx')),
          ),
          route(
            paths.admin.produto,
            'Produto',
            page(() => import('./routes/admin-product-form.tsx')),
          ),
          route(
            paths.admin.campanhas,
            'Campanhas',
            page(() => import('./routes/admin-campaigns.tsx')),
          ),
          route(
            paths.admin.campanha,
            'Campanha',
            page(() => import('./routes/admin-campaign.tsx')),
          ),
          route(
            paths.admin.cupons,
            'Cupons',
            page(() => import('./routes/admin-coupons.tsx')),
          ),
          route(
            paths.admin.notificacoes,
            'Notificações',
            page(() => import('./routes/admin-notifications.tsx')),
          ),
          route(
            paths.admin.emailLogs,
            'Logs de email',
            page(() => import('./routes/admin-email-logs.tsx')),
          ),
          route(
            paths.admin.emailAgendados,
            'Emails agendados',
            page(() => import('./routes/admin-scheduled-emails.tsx')),
          ),
          route(
            paths.admin.suporte,
            'Suporte',
            page(() => import('./routes/admin-support.tsx')),
          ),
          route(
            paths.admin.relatorios,
            'Relatórios',
            page(() => import('./routes/admin-reports.tsx')),
          ),
          route(
            paths.admin.logs,
            'Logs',
            page(() => import('./routes/admin-logs.tsx')),
          ),
        ],
      },
      ...legacyRedirects.map(([from, to]) => ({ path: from, element: <LegacyRedirect to={to} /> })),
    ],
  },
];

/**
 * Loads the route modules of the page being opened before the router starts, so that the first
 * render is the page itself (the server already asked the browser to fetch those chunks).
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export const createRouter = () => createBrowserRouter(routes);
