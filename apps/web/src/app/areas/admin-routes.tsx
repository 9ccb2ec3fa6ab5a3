import type { RouteObject } from 'react-router';
import { paths } from '@urbana/shared';
import { page, route } from '../route-kit.ts';

const adminLogin = page(() => import('../routes/admin/login.tsx'));
const adminDashboard = page(() => import('../routes/admin/dashboard.tsx'));
// The players, house creatives and make-goods of the screens (issue #43).
const adminScreens = page(() => import('../routes/admin/screens.tsx'));
const adminMakeGoods = page(() => import('../routes/admin/make-goods.tsx'));
const pendingInsertionOrdersPage = page(() => import('../routes/admin/insertion-orders.tsx'));
const agenciesPage = page(() => import('../routes/admin/agencies.tsx'));

/**
 * The staff's area (`/admin…`): its routes load only when a page of the area is opened (router.tsx,
 * `areas`), so the public pages do not carry them (docs/decisions/121).
 */
export const adminRoutes: RouteObject[] = [
  route(paths.admin.login, 'Entrar no painel', adminLogin),
  {
    lazy: page(() => import('../layouts/admin-layout.tsx')),
    children: [
      route(paths.admin.dashboard, 'Painel', adminDashboard),
      route(
        paths.admin.pedidos,
        'Pedidos',
        page(() => import('../routes/admin/orders.tsx')),
      ),
      route(
        paths.admin.pedido,
        'Pedido',
        page(() => import('../routes/admin/order.tsx')),
      ),
      route(
        paths.admin.fiscal,
        'Fila fiscal',
        page(() => import('../routes/admin/fiscal.tsx')),
      ),
      route(
        paths.admin.usuarios,
        'Usuários',
        page(() => import('../routes/admin/users.tsx')),
      ),
      route(
        paths.admin.equipe,
        'Equipe',
        page(() => import('../routes/admin/team.tsx')),
      ),
      route(
        paths.admin.produtos,
        'Produtos',
        page(() => import('../routes/admin/products.tsx')),
      ),
      route(
        paths.admin.produtoNovo,
        'Novo produto',
        page(() => import('../routes/admin/product-form.tsx')),
      ),
      route(
        paths.admin.produto,
        'Produto',
        page(() => import('../routes/admin/product-form.tsx')),
      ),
      route(
        paths.admin.campanhas,
        'Campanhas',
        page(() => import('../routes/admin/campaigns.tsx')),
      ),
      route(
        paths.admin.campanha,
        'Campanha',
        page(() => import('../routes/admin/campaign.tsx')),
      ),
      route(
        paths.admin.cupons,
        'Cupons',
        page(() => import('../routes/admin/coupons.tsx')),
      ),
      route(
        paths.admin.notificacoes,
        'Notificações',
        page(() => import('../routes/admin/notifications.tsx')),
      ),
      route(
        paths.admin.emailLogs,
        'Logs de email',
        page(() => import('../routes/admin/email-logs.tsx')),
      ),
      route(
        paths.admin.emailAgendados,
        'Emails agendados',
        page(() => import('../routes/admin/scheduled-emails.tsx')),
      ),
      route(
        paths.admin.suporte,
        'Suporte',
        page(() => import('../routes/admin/support.tsx')),
      ),
      route(
        paths.admin.relatorios,
        'Relatórios',
        page(() => import('../routes/admin/reports.tsx')),
      ),
      route(
        paths.admin.logs,
        'Logs',
        page(() => import('../routes/admin/logs.tsx')),
      ),
      route(
        paths.admin.inventario,
        'Inventário',
        page(() => import('../routes/admin/inventory.tsx')),
      ),
      route(
        paths.admin.propostas,
        'Propostas',
        page(() => import('../routes/admin/proposals.tsx')),
      ),
      route(
        paths.admin.propostaNova,
        'Nova proposta',
        page(() => import('../routes/admin/proposal-new.tsx')),
      ),
      route(
        paths.admin.proposta,
        'Proposta',
        page(() => import('../routes/admin/proposal.tsx')),
      ),
      route(paths.admin.telas, 'Telas', adminScreens),
      route(paths.admin.reposicoes, 'Reposições', adminMakeGoods),
      route(paths.admin.pis, 'PIs pendentes', pendingInsertionOrdersPage),
      route(paths.admin.agencias, 'Agências', agenciesPage),
    ],
  },
];
