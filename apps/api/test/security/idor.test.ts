/**
 * The security suite (docs/decisions/010-security-suite.md), V4.2.1: IDOR, every route with a parameter tried by Bruno with Ana's ids.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  agencyMessages,
  adMessages,
  campaignMessages,
  mediaMessages,
  planMessages,
  playerApiMessages,
  proposalMessages,
  httpMessages,
  insertionOrderMessages,
  todayInBrasilia,
} from '@urbana/shared';
import { inject } from '../helpers.ts';
import { hasParams, listRoutes, routeKey } from './routes.ts';
import { billing, expectMessageOnly, snapshot, START, type Person } from './world.ts';
import {
  ctx,
  database,
  settle,
  w,
  useSecurityWorld,
  type World,
  type Req,
  productPayload,
  methodOf,
  scheduledBody,
} from './setup.ts';

useSecurityWorld();

type ParamCheck =
  /** Belongs to one user: another user gets 404 `{message}`, exactly as for an id that does not exist. */
  | { kind: 'owned'; request: (w: World) => Req; notFound: string; id?: (w: World) => string }
  /** Staff only: a cliente is refused with 403 (the role matrix covers every role). */
  | { kind: 'staff'; request: (w: World) => Req }
  /**
   * Acts on the caller's own rows whatever the id (favourites, their "Avise-me"): another user's rows
   * never change. `status`: the answer when it is not 204 ("Avise-me" on a place Bruno did not favourite).
   */
  | { kind: 'own-scope'; request: (w: World) => Req; status?: number }
  /** Public by design (catalogue and documentation): the reason is the documentation. */
  | { kind: 'public'; request: (w: World) => Req; why: string }
  /**
   * Reads a public registry outside Urbana (the CNPJ lookup): a session is asked only to limit its use;
   * every user gets the same answer, and nothing changes.
   */
  | { kind: 'registry'; request: (w: World) => Req }
  /**
   * A screen's own routes (issue #43, decision 101): signed with the player's key, never a session —
   * a signed-in user without the signature gets 401 and nothing changes (screen-playlist.test.ts signs).
   */
  | { kind: 'player-signed'; request: (w: World) => Req };

const orderNotFound = 'Pedido não encontrado.';

/** The media library, ads and proof photos: each Ana's, and the staff campaign routes. */
function mediaParamRoutes(): Record<string, ParamCheck> {
  const media = (url: (w: World) => string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: mediaMessages.notFound,
    id: (w) => w.anaMedia,
    request: (w) => ({ url: url(w), ...(payload ? { payload } : {}) }),
  });
  const ad = (url: (w: World) => string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: adMessages.notFound,
    id: (w) => w.anaAd,
    request: (w) => ({ url: url(w), ...(payload ? { payload } : {}) }),
  });
  const adBody = { name: 'Trocado', item_ids: [], media_ids: [] };
  return {
    'GET /api/media/:id': media((w) => `/api/media/${w.anaMedia}`),
    'PATCH /api/media/:id': media((w) => `/api/media/${w.anaMedia}`, { name: 'Renomeado por outro' }),
    'DELETE /api/media/:id': media((w) => `/api/media/${w.anaMedia}`),
    'GET /api/media/:id/:variant': media((w) => `/api/media/${w.anaMedia}/arquivo`),
    'GET /api/comprovacoes/:id/:variant': {
      kind: 'owned',
      notFound: campaignMessages.proofNotFound,
      id: (w) => w.anaProof,
      request: (w) => ({ url: `/api/comprovacoes/${w.anaProof}/arquivo` }),
    },
    'GET /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`),
    'PUT /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`, adBody),
    'DELETE /api/ads/:id': ad((w) => `/api/ads/${w.anaAd}`),
    'POST /api/ads/:id/enviar': ad((w) => `/api/ads/${w.anaAd}/enviar`),
    'GET /api/admin/campanhas/:id': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}` }),
    },
    'POST /api/admin/campanhas/:id/iniciar': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/iniciar` }),
    },
    'POST /api/admin/campanhas/:id/finalizar': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/finalizar` }),
    },
    'POST /api/admin/campanhas/:id/comprovacoes': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}` }),
    },
    'DELETE /api/admin/campanhas/:id/comprovacoes/:proofId': {
      kind: 'staff',
      // Ana's own proof photo: Bruno may not take it down.
      request: (w) => ({
        url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes/${w.anaProof}`,
        payload: { motivo: 'Foto da face errada' },
      }),
    },
    'POST /api/admin/anuncios/:id/revisao': {
      kind: 'staff',
      request: (w) => ({ url: `/api/admin/anuncios/${w.roleAd}/revisao`, payload: { decisao: 'aprovar' } }),
    },
  };
}
/** Inventory holds and proposals (issue #19): staff routes, and the customer's own proposal. */
function proposalParamRoutes(): Record<string, ParamCheck> {
  const owned = (suffix: string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: proposalMessages.notFound,
    id: (w) => w.sentProposal,
    request: (w) => ({ url: `/api/propostas/${w.sentProposal}${suffix}`, ...(payload ? { payload } : {}) }),
  });
  const staff = (url: (w: World) => string): ParamCheck => ({
    kind: 'staff',
    request: (w) => ({ url: url(w) }),
  });
  return {
    'GET /api/propostas/:id': owned(''),
    'GET /api/propostas/:id/pdf': owned('/pdf'),
    'POST /api/propostas/:id/aceitar': owned('/aceitar', { payment_method: 'pix' }),
    'POST /api/propostas/:id/contraproposta': owned('/contraproposta', { total: 1_000 }),
    'POST /api/propostas/:id/recusar': owned('/recusar', { reason: 'Não é minha' }),
    'POST /api/admin/propostas/:id/responder': {
      kind: 'staff',
      request: (w) => ({
        url: `/api/admin/propostas/${w.proposal}/responder`,
        payload: { prices: [null], valid_until: addDays(todayInBrasilia(), 10) },
      }),
    },
    'GET /api/admin/propostas/:id': staff((w) => `/api/admin/propostas/${w.proposal}`),
    'GET /api/admin/propostas/:id/pdf': staff((w) => `/api/admin/propostas/${w.proposal}/pdf`),
    'POST /api/admin/propostas/:id/enviar': staff((w) => `/api/admin/propostas/${w.proposal}/enviar`),
    'POST /api/admin/propostas/:id/cancelar': staff((w) => `/api/admin/propostas/${w.proposal}/cancelar`),
    'POST /api/admin/inventario/reservas/:id/liberar': staff(
      (w) => `/api/admin/inventario/reservas/${w.holdsToRelease[0]}/liberar`,
    ),
  };
}
/** Named media plans (issue #23 item 3): Ana's own, and the shared link, public by its token. */
function planParamRoutes(): Record<string, ParamCheck> {
  const owned = (suffix: string, payload?: object): ParamCheck => ({
    kind: 'owned',
    notFound: planMessages.notFound,
    id: (w) => w.anaPlan,
    request: (w) => ({ url: `/api/planos/${w.anaPlan}${suffix}`, ...(payload ? { payload } : {}) }),
  });
  const shared = (suffix: string): ParamCheck => ({
    kind: 'public',
    why: 'plano compartilhado: o token aleatório de 192 bits é a chave (decisão 035)',
    request: (w) => ({ url: `/api/planos-compartilhados/${w.anaPlanToken}${suffix}` }),
  });
  return {
    'GET /api/planos/:id': owned(''),
    'PATCH /api/planos/:id': owned('', { name: 'Do Bruno' }),
    'DELETE /api/planos/:id': owned(''),
    'GET /api/planos/:id/mapa.png': owned('/mapa.png'),
    'POST /api/planos/:id/duplicar': owned('/duplicar'),
    'POST /api/planos/:id/compartilhar': owned('/compartilhar'),
    'DELETE /api/planos/:id/compartilhar': owned('/compartilhar'),
    'GET /api/planos-compartilhados/:token': shared(''),
    'GET /api/planos-compartilhados/:token/pdf': shared('/pdf'),
    'GET /api/planos-compartilhados/:token/mapa.png': shared('/mapa.png'),
  };
}
/** Every route with a `:param` (or `*`). A new one fails the coverage test until it is listed here. */
const paramRoutes: Record<string, ParamCheck> = {
  ...proposalParamRoutes(),
  ...planParamRoutes(),
  'GET /api/account/exports/:id/download': {
    kind: 'owned',
    notFound: 'Arquivo não encontrado.',
    id: (w) => w.anaExport.id,
    request: (w) => ({ url: `/api/account/exports/${w.anaExport.id}/download` }),
  },
  'POST /api/admin/convites/:id/revogar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/convites/${w.convite.id}/revogar` }),
  },
  'POST /api/admin/usuarios/:id/exportar-dados': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/exportar-dados` }),
  },
  'POST /api/admin/usuarios/:id/excluir': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.excluivel.id}/excluir` }),
  },
  'GET /api/orders/:id': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}` }),
  },
  'GET /api/orders/:id/pix': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/pix` }),
  },
  'POST /api/orders/:id/cancel': {
    kind: 'owned',
    notFound: orderNotFound,
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/cancel` }),
  },
  'POST /api/admin/orders/:id/confirm-payment': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/orders/${w.anaOrder.id}/confirm-payment` }),
  },
  'GET /api/admin/pedidos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}` }),
  },
  'GET /api/admin/pedidos/:id/fatura.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/fatura.pdf` }),
  },
  'GET /api/admin/pedidos/:id/nota-de-credito.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.refundedOrder.id}/nota-de-credito.pdf` }),
  },
  'GET /api/admin/pedidos/:id/nfse.xml': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/nfse.xml` }),
  },
  'GET /api/admin/pedidos/:id/nfse.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/nfse.pdf` }),
  },
  'POST /api/admin/pedidos/:id/prorrogar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/prorrogar`, payload: { horas: 72 } }),
  },
  'POST /api/admin/pedidos/:id/reemitir-pix': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/reemitir-pix` }),
  },
  'POST /api/admin/pedidos/:id/cancelar': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/pedidos/${w.anaOrder.id}/cancelar`,
      payload: { motivo: 'Bruno cancelando' },
    }),
  },
  'POST /api/admin/pedidos/:id/reenviar-email': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.anaOrder.id}/reenviar-email` }),
  },
  ...mediaParamRoutes(),
  'GET /api/admin/usuarios/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}` }),
  },
  'PUT /api/admin/usuarios/:id/papel': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/papel`,
      payload: { tipo_usuario: 'operador' },
    }),
  },
  'GET /api/admin/usuarios/:id/limites-pedido': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido` }),
  },
  'PUT /api/admin/usuarios/:id/limites-pedido': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
      payload: { liberado: true },
    }),
  },
  'POST /api/admin/usuarios/:id/bloquear': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/bloquear` }),
  },
  'POST /api/admin/usuarios/:id/desbloquear': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.alvo.id}/desbloquear` }),
  },
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao` }),
  },
  'GET /api/admin/produtos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}` }),
  },
  'PUT /api/admin/produtos/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}`, payload: productPayload('Nome Trocado') }),
  },
  'PUT /api/admin/produtos/:id/status': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/status`, payload: { status: 'inativo' } }),
  },
  'PUT /api/admin/produtos/:id/fotos/ordem': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/fotos/ordem`, payload: { order: [] } }),
  },
  'DELETE /api/admin/produtos/:id/fotos/:photoId': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/produtos/${w.other.id}/fotos/${randomUUID()}` }),
  },
  'POST /api/admin/produtos/:id/fotos': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/produtos/${w.other.id}/fotos`,
      headers: { 'content-type': 'image/png' },
      payload: w.image,
    }),
  },
  'GET /api/admin/telas/:id': {
    kind: 'staff',
    request: () => ({ url: `/api/admin/telas/${randomUUID()}` }),
  },
  'POST /api/admin/telas/:id/exibicoes-csv': {
    kind: 'staff',
    request: () => ({
      url: `/api/admin/telas/${randomUUID()}/exibicoes-csv`,
      headers: { 'content-type': 'text/csv' },
      payload: 'tela,criativo,inicio,fim,duracao,contagem\n',
    }),
  },
  'DELETE /api/admin/telas/:id': {
    kind: 'staff',
    request: () => ({ url: `/api/admin/telas/${randomUUID()}` }),
  },
  'DELETE /api/admin/criativos-da-casa/:id': {
    kind: 'staff',
    request: () => ({ url: `/api/admin/criativos-da-casa/${randomUUID()}` }),
  },
  'POST /api/admin/reposicoes/:id/conceder': {
    kind: 'staff',
    request: () => ({ url: `/api/admin/reposicoes/${randomUUID()}/conceder`, payload: {} }),
  },
  'GET /api/telas/:id/programacao': {
    kind: 'player-signed',
    request: () => ({ url: `/api/telas/${randomUUID()}/programacao` }),
  },
  'GET /api/telas/:id/midias/:mediaId': {
    kind: 'player-signed',
    request: (w) => ({ url: `/api/telas/${randomUUID()}/midias/${w.anaMedia}` }),
  },
  'POST /api/telas/:id/exibicoes': {
    kind: 'player-signed',
    request: () => ({ url: `/api/telas/${randomUUID()}/exibicoes`, payload: { plays: [] } }),
  },
  'GET /api/admin/cupons/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/cupons/${w.coupon.id}` }),
  },
  'PUT /api/admin/cupons/:id': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/cupons/${w.coupon.id}`,
      payload: { code: 'MATRIZ', kind: 'valor', value: 99_999 },
    }),
  },
  'GET /api/admin/email-logs/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}` }),
  },
  'POST /api/admin/email-logs/:id/reenviar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/email-logs/${w.email.id}/reenviar` }),
  },
  'PUT /api/favorites/:productId': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}` }),
  },
  // Issue #23 item 4: a watch is the caller's own, on the caller's own favourite (w.other: none of Bruno's).
  'PUT /api/favorites/:productId/watch': {
    kind: 'own-scope',
    status: 409,
    request: (w) => ({ url: `/api/favorites/${w.other.id}/watch` }),
  },
  'DELETE /api/favorites/:productId/watch': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}/watch` }),
  },
  // Issue #23 item 5: Ana's order's report, exactly as an order that does not exist.
  'GET /api/orders/:id/relatorio': {
    kind: 'owned',
    notFound: 'Relatório não encontrado.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/relatorio` }),
  },
  'GET /api/orders/:id/relatorio.pdf': {
    kind: 'owned',
    notFound: 'Relatório não encontrado.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/relatorio.pdf` }),
  },
  // Issue #40 item 3: the customer's credit note answers another customer as an order without one
  // (staff-refunds.test.ts asks for a note that exists, as another customer).
  'GET /api/orders/:id/nota-de-credito.pdf': {
    kind: 'owned',
    notFound: 'Este pedido não tem nota de crédito.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/nota-de-credito.pdf` }),
  },
  // Issue #42: the NFS-e of another customer's order answers as an order without one.
  'GET /api/orders/:id/nfse.xml': {
    kind: 'owned',
    notFound: 'Este pedido ainda não tem NFS-e emitida.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/nfse.xml` }),
  },
  'GET /api/orders/:id/nfse.pdf': {
    kind: 'owned',
    notFound: 'Este pedido ainda não tem NFS-e emitida.',
    request: (w) => ({ url: `/api/orders/${w.anaOrder.id}/nfse.pdf` }),
  },
  'POST /api/admin/fiscal/:id/tentar-de-novo': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/fiscal/${w.fiscalDocument}/tentar-de-novo` }),
  },
  'POST /api/admin/pix-sem-pedido/:id/devolver': {
    kind: 'staff',
    request: () => ({ url: `/api/admin/pix-sem-pedido/${randomUUID()}/devolver` }),
  },
  'DELETE /api/favorites/:productId': {
    kind: 'own-scope',
    request: (w) => ({ url: `/api/favorites/${w.product.id}` }),
  },
  'GET /api/products/:slug': {
    kind: 'public',
    why: 'catálogo público',
    request: (w) => ({ url: `/api/products/${w.product.slug}` }),
  },
  'GET /api/arquivos/catalogo/:name': {
    kind: 'public',
    why: 'fotos do catálogo',
    request: (w) => ({ url: `/api/arquivos/catalogo/${w.photo}` }),
  },
  'GET /api/cnpj/:cnpj': { kind: 'registry', request: () => ({ url: '/api/cnpj/12ABC34501DE35' }) },
  'GET /api/invoices/:id/pdf': {
    kind: 'owned',
    notFound: 'Fatura não encontrada.',
    id: (w) => w.anaInvoice.id,
    request: (w) => ({ url: `/api/invoices/${w.anaInvoice.id}/pdf` }),
  },
  'POST /api/notifications/:id/read': {
    kind: 'owned',
    notFound: 'Notificação não encontrada.',
    id: (w) => w.anaNotification.id,
    request: (w) => ({ url: `/api/notifications/${w.anaNotification.id}/read` }),
  },
  'GET /api/support/tickets/:id': {
    kind: 'owned',
    notFound: 'Atendimento não encontrado.',
    id: (w) => w.anaTicket.id,
    request: (w) => ({ url: `/api/support/tickets/${w.anaTicket.id}` }),
  },
  'POST /api/support/tickets/:id/messages': {
    kind: 'owned',
    notFound: 'Atendimento não encontrado.',
    id: (w) => w.anaTicket.id,
    request: (w) => ({
      url: `/api/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'Bruno tentando responder no atendimento da Ana.' },
    }),
  },
  // An agency's advertiser (issue #44): only its agency's people reach it.
  'GET /api/agencia/anunciantes/:id': {
    kind: 'owned',
    notFound: agencyMessages.advertiserNotFound,
    id: (w) => w.agency.advertiser,
    request: (w) => ({ url: `/api/agencia/anunciantes/${w.agency.advertiser}` }),
  },
  'PUT /api/agencia/anunciantes/:id': {
    kind: 'owned',
    notFound: agencyMessages.advertiserNotFound,
    id: (w) => w.agency.advertiser,
    request: (w) => ({
      url: `/api/agencia/anunciantes/${w.agency.advertiser}`,
      payload: { ...billing, person_type: 'pj', name: 'Trocado por Bruno', document: '11.222.333/0001-81' },
    }),
  },
  // The PI of an agency's order (issue #44 item 3): only the agency's people read or approve it.
  'GET /api/agencia/pedidos/:id/pi': {
    kind: 'owned',
    notFound: insertionOrderMessages.notFound,
    id: (w) => w.agency.order,
    request: (w) => ({ url: `/api/agencia/pedidos/${w.agency.order}/pi` }),
  },
  'GET /api/agencia/pedidos/:id/pi.pdf': {
    kind: 'owned',
    notFound: insertionOrderMessages.notFound,
    id: (w) => w.agency.order,
    request: (w) => ({ url: `/api/agencia/pedidos/${w.agency.order}/pi.pdf` }),
  },
  'POST /api/agencia/pedidos/:id/pi/aprovar': {
    kind: 'owned',
    notFound: insertionOrderMessages.notFound,
    id: (w) => w.agency.order,
    request: (w) => ({ url: `/api/agencia/pedidos/${w.agency.order}/pi/aprovar` }),
  },
  'GET /api/admin/pedidos/:id/pi': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.agency.order}/pi` }),
  },
  'GET /api/admin/pedidos/:id/pi.pdf': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/pedidos/${w.agency.order}/pi.pdf` }),
  },
  'POST /api/admin/agencias/:id/confirmar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/agencias/${w.agency.id}/confirmar` }),
  },
  'GET /api/admin/support/tickets/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/support/tickets/${w.anaTicket.id}` }),
  },
  'POST /api/admin/support/tickets/:id/messages': {
    kind: 'staff',
    request: (w) => ({
      url: `/api/admin/support/tickets/${w.anaTicket.id}/messages`,
      payload: { message: 'Bruno fingindo ser da equipe.' },
    }),
  },
  'PATCH /api/admin/support/tickets/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/support/tickets/${w.anaTicket.id}`, payload: { status: 'fechado' } }),
  },
  'PUT /api/admin/emails-agendados/:id': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduled.id}`, payload: scheduledBody() }),
  },
  'POST /api/admin/emails-agendados/:id/cancelar': {
    kind: 'staff',
    request: (w) => ({ url: `/api/admin/emails-agendados/${w.scheduled.id}/cancelar` }),
  },
  // The web app's hashed files, one wildcard route of @fastify/static (apps/api/src/plugins/app/web.ts
  // registerAssets), which printRoutes shows as `*`: public, and nothing in it belongs to anyone.
  'GET *': {
    kind: 'public',
    why: 'arquivos da aplicação web (/assets/…)',
    request: () => ({ url: '/assets/app-3f2a1b.js' }),
  },
  'GET /api/docs/*': {
    kind: 'public',
    why: 'documentação da API (OpenAPI)',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
};

describe('V4.2.1 IDOR: Bruno com os ids da Ana', () => {
  it('URB-SEC-04 a tabela lista exatamente as rotas com parâmetro (enumeradas do app)', () => {
    const found = listRoutes(ctx.app).filter(hasParams).map(routeKey).sort();
    expect(found).toEqual(Object.keys(paramRoutes).sort());
  });

  it.each(Object.entries(paramRoutes))('V4.2.1 %s', async (key, check) => {
    const req = check.request(w);
    const send = (who: Person | undefined, url = req.url) =>
      inject(ctx, {
        ...req,
        url,
        method: methodOf(key),
        cookie: who?.cookie,
      });
    await settle();
    const before = await snapshot(database);
    switch (check.kind) {
      case 'owned': {
        const res = await send(w.bruno);
        expect(res.statusCode).toBe(404);
        expectMessageOnly(res, check.notFound);
        // The same answer as for an id that does not exist: nothing tells that the order exists.
        const unknown = await send(w.bruno, req.url.replace(check.id?.(w) ?? w.anaOrder.id, randomUUID()));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.body).toBe(res.body);
        await settle();
        expect(await snapshot(database)).toEqual(before);
        // Ana herself still reads it, unchanged.
        const own = await inject(ctx, {
          method: 'GET',
          url: `/api/orders/${w.anaOrder.id}`,
          cookie: w.ana.cookie,
        });
        expect(own.statusCode).toBe(200);
        expect(own.json().status).toBe('aguardando_pagamento');
        break;
      }
      case 'staff': {
        const res = await send(w.bruno);
        expect(res.statusCode, res.body).toBe(403);
        expectMessageOnly(res, httpMessages.forbidden);
        expect(await snapshot(database)).toEqual(before);
        break;
      }
      case 'own-scope': {
        const anaBefore = (
          await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: w.ana.cookie })
        ).json().product_ids;
        const res = await send(w.bruno);
        expect(res.statusCode).toBe(check.status ?? 204);
        const anaAfter = (
          await inject(ctx, { method: 'GET', url: '/api/favorites', cookie: w.ana.cookie })
        ).json().product_ids;
        expect(anaAfter).toEqual(anaBefore);
        expect(anaAfter).toContain(w.product.id);
        break;
      }
      case 'registry': {
        expect((await send(undefined)).statusCode).toBe(401);
        const bruno = await send(w.bruno);
        expect((await send(w.ana)).body).toBe(bruno.body);
        expect(await snapshot(database)).toEqual(before);
        break;
      }
      case 'player-signed': {
        for (const who of [w.bruno, w.ana, undefined]) {
          const res = await send(who);
          expect(res.statusCode).toBe(401);
          expectMessageOnly(res, playerApiMessages.badSignature);
        }
        await settle();
        expect(await snapshot(database)).toEqual(before);
        break;
      }
      case 'public': {
        const res = await send(undefined);
        expect(res.statusCode, check.why).toBe(200);
        break;
      }
    }
  });

  const listings: Array<[url: string, readonly string[]]> = [
    ['/api/orders', ['anaOrder']],
    ['/api/orders?status=aguardando_pagamento', ['anaOrder']],
    ['/api/notifications', ['anaOrder']],
    ['/api/invoices', ['anaOrder']],
    ['/api/support/tickets', ['anaTicket']],
    ['/api/billing-profile', ['Ana Souza']],
    ['/api/cart', ['carrinho-da-ana']],
    ['/api/profile', ['ana']],
    ['/api/auth/session', ['ana']],
  ];
  it.each(listings)('URB-SEC-05 %s mostra só o que é do próprio usuário', async (url) => {
    const res = await inject(ctx, { method: 'GET', url, cookie: w.bruno.cookie });
    expect(res.statusCode).toBe(200);
    for (const secret of [
      w.anaOrder.id,
      w.anaOrder.code,
      w.roleOrder.id,
      w.ana.email,
      w.ana.id,
      'Ana Souza',
      'carrinho-da-ana',
    ])
      expect(res.body).not.toContain(secret);
    // …while Ana sees hers (the listing is not simply empty).
    const own = await inject(ctx, { method: 'GET', url, cookie: w.ana.cookie });
    expect(own.body).toMatch(new RegExp(`${w.anaOrder.id}|Ana Souza|carrinho-da-ana|${w.ana.email}`));
  });
});
