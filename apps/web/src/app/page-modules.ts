import type { ComponentType } from 'react';
import type { PublicPageId } from '@urbana/shared';

type PageModule = () => Promise<{ Component: ComponentType }>;

/*
 * The modules of the public pages, by their route id in @urbana/shared's table (public-pages.ts): each
 * one a chunk of its own. The build writes which chunk each route id loads (`pageChunks` in
 * vite.config.ts reads this file, one `id: () => import('…'),` a line), and the server preloads a
 * page's chunks by its route id (apps/api/src/plugins/app/page-preloads.ts).
 */

/** The layout every public page is drawn in: header, footer. */
export const publicLayout = () => import('./layouts/public-layout.tsx');

export const publicPageModules = {
  home: () => import('./routes/public/home.tsx'),
  auth: () => import('./routes/public/auth.tsx'),
  buscarLocais: () => import('./routes/public/search.tsx'),
  planejar: () => import('./routes/public/planner.tsx'),
  local: () => import('./routes/public/product.tsx'),
  carrinho: () => import('./routes/public/cart.tsx'),
  checkout: () => import('./routes/public/checkout.tsx'),
  confirmacaoPedido: () => import('./routes/public/order-confirmation.tsx'),
  pedido: () => import('./routes/public/order-detail.tsx'),
  planoCompartilhado: () => import('./routes/public/shared-plan.tsx'),
  suporte: () => import('./routes/public/support.tsx'),
  central: () => import('./routes/public/knowledge-centre.tsx'),
  centralArtigo: () => import('./routes/public/knowledge-article.tsx'),
  midiaKit: () => import('./routes/public/media-kit.tsx'),
  guiaCriacao: () => import('./routes/public/creative-guide.tsx'),
  especificacoesCriacao: () => import('./routes/public/creative-specs.tsx'),
  notFound: () => import('./routes/public/not-found.tsx'),
  confirmarEmail: () => import('./routes/public/confirm-email.tsx'),
  redefinirSenha: () => import('./routes/public/reset-password.tsx'),
  googleRetorno: () => import('./routes/public/google-return.tsx'),
  termos: () => import('./routes/public/terms.tsx'),
  privacidade: () => import('./routes/public/privacy.tsx'),
  confirmarNovoEmail: () => import('./routes/public/confirm-new-email.tsx'),
  aceitarConvite: () => import('./routes/public/accept-invitation.tsx'),
  descadastrar: () => import('./routes/public/unsubscribe.tsx'),
} satisfies Record<PublicPageId, PageModule>;
