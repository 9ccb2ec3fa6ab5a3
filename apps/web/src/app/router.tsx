import { keyTheFirstEntry } from '../lib/history-key.ts';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { legacyRedirects, paths, publicPageList, publicPages } from '@urbana/shared';
import { ErrorPage } from './routes/public/error-page.tsx';
import { LegacyRedirect } from './routes/public/legacy-redirect.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { publicLayout, publicPageModules } from './page-modules.ts';
import { page, publicRoute, route } from './route-kit.ts';

const screenPlayer = page(() => import('./routes/public/screen-player.tsx'));
const adminLogin = page(() => import('./routes/admin/login.tsx'));
const adminDashboard = page(() => import('./routes/admin/dashboard.tsx'));
// The players, house creatives and make-goods of the screens (issue #43).
const adminScreens = page(() => import('./routes/admin/screens.tsx'));
const adminMakeGoods = page(() => import('./routes/admin/make-goods.tsx'));
const agencyPage = page(() => import('./routes/account/agency.tsx'));
const pendingInsertionOrdersPage = page(() => import('./routes/admin/insertion-orders.tsx'));

/** Every route of docs/spec/specification.md §2, built from the one table of paths in @urbana/shared. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Every public page from its row of @urbana/shared's table (public-pages.ts).
        lazy: page(publicLayout),
        children: [
          ...publicPageList.map(publicRoute),
          {
            path: '*',
            lazy: page(publicPageModules.notFound),
            handle: { title: publicPages.notFound.title },
          },
        ],
      },
      {
        lazy: page(() => import('./layouts/user-layout.tsx')),
        children: [
          route(
            paths.usuario.meusPedidos,
            'Meus pedidos',
            page(() => import('./routes/account/my-orders.tsx')),
          ),
          route(
            paths.usuario.propostas,
            'Propostas',
            page(() => import('./routes/account/proposals.tsx')),
          ),
          route(
            paths.proposta,
            'Proposta',
            page(() => import('./routes/account/proposal.tsx')),
          ),
          route(paths.usuario.agencia, 'Minha agência', agencyPage),
          route(
            paths.usuario.meusFavoritos,
            'Meus favoritos',
            page(() => import('./routes/account/favorites.tsx')),
          ),
          route(
            paths.usuario.planos,
            'Meus planos',
            page(() => import('./routes/account/plans.tsx')),
          ),
          route(
            paths.usuario.plano,
            'Plano',
            page(() => import('./routes/account/plan.tsx')),
          ),
          route(
            paths.usuario.meusAnuncios,
            'Meus anúncios',
            page(() => import('./routes/account/my-ads.tsx')),
          ),
          route(
            paths.usuario.criarAnuncio,
            'Criar anúncio',
            page(() => import('./routes/account/ad-editor.tsx')),
          ),
          route(
            paths.usuario.editarAnuncio,
            'Editar anúncio',
            page(() => import('./routes/account/ad-editor.tsx')),
          ),
          route(
            paths.usuario.completarPerfil,
            'Completar perfil',
            page(() => import('./routes/account/complete-profile.tsx')),
          ),
          route(
            paths.usuario.bibliotecaMidias,
            'Biblioteca de mídias',
            page(() => import('./routes/account/media-library.tsx')),
          ),
          route(
            paths.usuario.notificacoes,
            'Notificações',
            page(() => import('./routes/account/notifications.tsx')),
          ),
          route(
            paths.usuario.faturamento,
            'Faturamento',
            page(() => import('./routes/account/billing.tsx')),
          ),
          route(
            paths.usuario.conta,
            'Minha conta',
            page(() => import('./routes/account/settings.tsx')),
          ),
          route(
            paths.usuario.relatorioCampanha,
            'Relatório da campanha',
            page(() => import('./routes/account/campaign-report.tsx')),
          ),
        ],
      },
      route(paths.tela, 'Tela', screenPlayer), // full screen, outside the site's layouts (issue #43)
      route(paths.admin.login, 'Entrar no painel', adminLogin),
      {
        lazy: page(() => import('./layouts/admin-layout.tsx')),
        children: [
          route(paths.admin.dashboard, 'Painel', adminDashboard),
          route(
            paths.admin.pedidos,
            'Pedidos',
            page(() => import('./routes/admin/orders.tsx')),
          ),
          route(
            paths.admin.pedido,
            'Pedido',
            page(() => import('./routes/admin/order.tsx')),
          ),
          route(
            paths.admin.fiscal,
            'Fila fiscal',
            page(() => import('./routes/admin/fiscal.tsx')),
          ),
          route(
            paths.admin.usuarios,
            'Usuários',
            page(() => import('./routes/admin/users.tsx')),
          ),
          route(
            paths.admin.equipe,
            'Equipe',
            page(() => import('./routes/admin/team.tsx')),
          ),
          route(
            paths.admin.produtos,
            'Produtos',
            page(() => import('./routes/admin/products.tsx')),
          ),
          route(
            paths.admin.produtoNovo,
            'Novo produto',
            page(() => import('./routes/admin/product-form.tsx')),
          ),
          route(
            paths.admin.produto,
            'Produto',
            page(() => import('./routes/admin/product-form.tsx')),
          ),
          route(
            paths.admin.campanhas,
            'Campanhas',
            page(() => import('./routes/admin/campaigns.tsx')),
          ),
          route(
            paths.admin.campanha,
            'Campanha',
            page(() => import('./routes/admin/campaign.tsx')),
          ),
          route(
            paths.admin.cupons,
            'Cupons',
            page(() => import('./routes/admin/coupons.tsx')),
          ),
          route(
            paths.admin.notificacoes,
            'Notificações',
            page(() => import('./routes/admin/notifications.tsx')),
          ),
          route(
            paths.admin.emailLogs,
            'Logs de email',
            page(() => import('./routes/admin/email-logs.tsx')),
          ),
          route(
            paths.admin.emailAgendados,
            'Emails agendados',
            page(() => import('./routes/admin/scheduled-emails.tsx')),
          ),
          route(
            paths.admin.suporte,
            'Suporte',
            page(() => import('./routes/admin/support.tsx')),
          ),
          route(
            paths.admin.relatorios,
            'Relatórios',
            page(() => import('./routes/admin/reports.tsx')),
          ),
          route(
            paths.admin.logs,
            'Logs',
            page(() => import('./routes/admin/logs.tsx')),
          ),
          route(
            paths.admin.inventario,
            'Inventário',
            page(() => import('./routes/admin/inventory.tsx')),
          ),
          route(
            paths.admin.propostas,
            'Propostas',
            page(() => import('./routes/admin/proposals.tsx')),
          ),
          route(
            paths.admin.propostaNova,
            'Nova proposta',
            page(() => import('./routes/admin/proposal-new.tsx')),
          ),
          route(
            paths.admin.proposta,
            'Proposta',
            page(() => import('./routes/admin/proposal.tsx')),
          ),
          route(paths.admin.telas, 'Telas', adminScreens),
          route(paths.admin.reposicoes, 'Reposições', adminMakeGoods),
          route(paths.admin.pis, 'PIs pendentes', pendingInsertionOrdersPage),
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

export const createRouter = (options: { hydrationData?: HydrationState } = {}) => {
  keyTheFirstEntry();
  return createBrowserRouter(routes, options);
};
