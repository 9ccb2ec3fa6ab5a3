import type { RouteObject } from 'react-router';
import { paths } from '@urbana/shared';
import { page, route } from '../route-kit.ts';

const agencyPage = page(() => import('../routes/account/agency.tsx'));

/**
 * The customer's area (`/usuario/…`, a proposal): its routes load only when a page of the area is
 * opened (router.tsx, `areas`), so the public pages do not carry them (docs/decisions/121).
 */
export const accountRoutes: RouteObject[] = [
  {
    lazy: page(() => import('../layouts/user-layout.tsx')),
    children: [
      route(
        paths.usuario.meusPedidos,
        'Meus pedidos',
        page(() => import('../routes/account/my-orders.tsx')),
      ),
      route(
        paths.usuario.propostas,
        'Propostas',
        page(() => import('../routes/account/proposals.tsx')),
      ),
      route(
        paths.proposta,
        'Proposta',
        page(() => import('../routes/account/proposal.tsx')),
      ),
      route(paths.usuario.agencia, 'Minha agência', agencyPage),
      route(
        paths.usuario.meusFavoritos,
        'Meus favoritos',
        page(() => import('../routes/account/favorites.tsx')),
      ),
      route(
        paths.usuario.planos,
        'Meus planos',
        page(() => import('../routes/account/plans.tsx')),
      ),
      route(
        paths.usuario.plano,
        'Plano',
        page(() => import('../routes/account/plan.tsx')),
      ),
      route(
        paths.usuario.meusAnuncios,
        'Meus anúncios',
        page(() => import('../routes/account/my-ads.tsx')),
      ),
      route(
        paths.usuario.criarAnuncio,
        'Criar anúncio',
        page(() => import('../routes/account/ad-editor.tsx')),
      ),
      route(
        paths.usuario.editarAnuncio,
        'Editar anúncio',
        page(() => import('../routes/account/ad-editor.tsx')),
      ),
      route(
        paths.usuario.completarPerfil,
        'Completar perfil',
        page(() => import('../routes/account/complete-profile.tsx')),
      ),
      route(
        paths.usuario.bibliotecaMidias,
        'Biblioteca de mídias',
        page(() => import('../routes/account/media-library.tsx')),
      ),
      route(
        paths.usuario.notificacoes,
        'Notificações',
        page(() => import('../routes/account/notifications.tsx')),
      ),
      route(
        paths.usuario.faturamento,
        'Faturamento',
        page(() => import('../routes/account/billing.tsx')),
      ),
      route(
        paths.usuario.conta,
        'Minha conta',
        page(() => import('../routes/account/settings.tsx')),
      ),
      route(
        paths.usuario.relatorioCampanha,
        'Relatório da campanha',
        page(() => import('../routes/account/campaign-report.tsx')),
      ),
    ],
  },
];
