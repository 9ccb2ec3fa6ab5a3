/**
 * The security suite (docs/decisions/010-security-suite.md), V4.2.2 / V13.2.3: every state-changing route refuses a request from another site.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, httpMessages, TERMS_VERSION, todayInBrasilia } from '@urbana/shared';
import { inject } from '../helpers.ts';
import { fill, isStateChanging, listRoutes, routeKey } from './routes.ts';
import { billing, expectMessageOnly, rawRequest, snapshot, START, WEBHOOK_SECRET } from './world.ts';
import {
  ctx,
  database,
  settle,
  w,
  useSecurityWorld,
  type World,
  type Req,
  productPayload,
  couponPayload,
  methodOf,
  planLines,
  proposalBody,
  scheduledBody,
} from './setup.ts';

useSecurityWorld();

/**
 * Every state-changing route, with a request that would change something if it were accepted
 * (made as the victim: Ana's cookie, real ids, a valid body). A new POST/PUT/PATCH/DELETE route fails
 * the coverage test until it is listed here.
 */
const stateChanging: Record<string, (w: World) => Req> = {
  'POST /api/agencia': () => ({
    url: '/api/agencia',
    payload: { name: 'Agência da Ana', document: '11.222.333/0001-81', cenp_valid_until: null },
  }),
  'PUT /api/agencia': () => ({
    url: '/api/agencia',
    payload: { name: 'Agência da Ana', document: '11.222.333/0001-81', cenp_valid_until: null },
  }),
  'POST /api/agencia/pessoas': (w) => ({ url: '/api/agencia/pessoas', payload: { email: w.bruno.email } }),
  'POST /api/agencia/anunciantes': () => ({
    url: '/api/agencia/anunciantes',
    payload: { ...billing, person_type: 'pj', document: '11.222.333/0001-81' },
  }),
  'PUT /api/agencia/anunciantes/:id': (w) => ({
    url: `/api/agencia/anunciantes/${w.agency.advertiser}`,
    payload: { ...billing, person_type: 'pj', document: '11.222.333/0001-81' },
  }),
  // As the agency's responsável, who may approve it.
  'POST /api/agencia/pedidos/:id/pi/aprovar': (w) => ({
    url: `/api/agencia/pedidos/${w.agency.order}/pi/aprovar`,
    cookie: w.agency.alice.cookie,
  }),
  'POST /api/admin/agencias/:id/confirmar': (w) => ({
    url: `/api/admin/agencias/${w.agency.id}/confirmar`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/inventario/bloqueios': (w) => ({
    url: '/api/admin/inventario/bloqueios',
    cookie: w.operador.cookie,
    payload: { tower_ids: [w.inventory.towerId], start_date: START, weeks: 1, reason: 'Manutenção' },
  }),
  'POST /api/admin/inventario/reservas': (w) => ({
    url: '/api/admin/inventario/reservas',
    cookie: w.operador.cookie,
    payload: {
      customer_id: w.ana.id,
      tower_ids: [w.inventory.towerId],
      start_date: START,
      weeks: 1,
      expires_on: todayInBrasilia(),
    },
  }),
  'POST /api/admin/inventario/reservas/:id/liberar': (w) => ({
    url: `/api/admin/inventario/reservas/${w.holdsToRelease[0]}/liberar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/propostas': (w) => ({
    url: '/api/admin/propostas',
    cookie: w.operador.cookie,
    payload: proposalBody(),
  }),
  'POST /api/admin/propostas/:id/enviar': (w) => ({
    url: `/api/admin/propostas/${w.proposal}/enviar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/propostas/:id/cancelar': (w) => ({
    url: `/api/admin/propostas/${w.proposal}/cancelar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/propostas/:id/responder': (w) => ({
    url: `/api/admin/propostas/${w.proposal}/responder`,
    cookie: w.operador.cookie,
    payload: { prices: [null], valid_until: addDays(todayInBrasilia(), 10) },
  }),
  'POST /api/planos': (w) => ({
    url: '/api/planos',
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', lines: planLines() },
  }),
  'PATCH /api/planos/:id': (w) => ({
    url: `/api/planos/${w.anaPlan}`,
    cookie: w.ana.cookie,
    payload: { name: 'Renomeado por outro site' },
  }),
  'DELETE /api/planos/:id': (w) => ({ url: `/api/planos/${w.anaPlan}`, cookie: w.ana.cookie }),
  'POST /api/planos/:id/duplicar': (w) => ({
    url: `/api/planos/${w.anaPlan}/duplicar`,
    cookie: w.ana.cookie,
  }),
  'POST /api/planos/:id/compartilhar': (w) => ({
    url: `/api/planos/${w.anaPlan}/compartilhar`,
    cookie: w.ana.cookie,
  }),
  'DELETE /api/planos/:id/compartilhar': (w) => ({
    url: `/api/planos/${w.anaPlan}/compartilhar`,
    cookie: w.ana.cookie,
  }),
  'POST /api/propostas/:id/aceitar': (w) => ({
    url: `/api/propostas/${w.sentProposal}/aceitar`,
    cookie: w.ana.cookie,
    payload: { payment_method: 'pix' },
  }),
  'POST /api/propostas': (w) => ({
    url: '/api/propostas',
    cookie: w.ana.cookie,
    payload: {
      items: [{ product_id: w.inventory.productId, start_date: START, weeks: 1, tower_ids: [] }],
      message: 'Pedido forjado por outro site',
    },
  }),
  'POST /api/propostas/:id/contraproposta': (w) => ({
    url: `/api/propostas/${w.sentProposal}/contraproposta`,
    cookie: w.ana.cookie,
    payload: { total: 1_000 },
  }),
  'POST /api/propostas/:id/recusar': (w) => ({
    url: `/api/propostas/${w.sentProposal}/recusar`,
    cookie: w.ana.cookie,
    payload: { reason: 'Recusa forjada por outro site' },
  }),
  'POST /api/account/email/confirm': () => ({
    url: '/api/account/email/confirm',
    payload: { token: 'tokenDeTrocaDeEmailQualquer_0123456789' },
  }),
  'PATCH /api/account/profile': (w) => ({
    url: '/api/account/profile',
    cookie: w.ana.cookie,
    payload: { nome_completo: 'Nome trocado por outro site', telefone: null },
  }),
  'POST /api/account/email': (w) => ({
    url: '/api/account/email',
    cookie: w.ana.cookie,
    payload: { email: 'do-atacante@exemplo.com.br', password: w.ana.password },
  }),
  'POST /api/account/password': (w) => ({
    url: '/api/account/password',
    cookie: w.ana.cookie,
    payload: { current_password: w.ana.password, new_password: 'Senha-do-Atacante-1' },
  }),
  'POST /api/account/sessions/end-others': (w) => ({
    url: '/api/account/sessions/end-others',
    cookie: w.ana.cookie,
  }),
  'PUT /api/account/email-preferences': (w) => ({
    url: '/api/account/email-preferences',
    cookie: w.ana.cookie,
    payload: { alerts: false, news: false },
  }),
  'POST /api/account/terms': (w) => ({
    url: '/api/account/terms',
    cookie: w.ana.cookie,
    payload: { version: TERMS_VERSION },
  }),
  'POST /api/account/two-factor/setup': (w) => ({
    url: '/api/account/two-factor/setup',
    cookie: w.ana.cookie,
  }),
  'POST /api/account/two-factor/enable': (w) => ({
    url: '/api/account/two-factor/enable',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password, code: '123456' },
  }),
  'POST /api/account/two-factor/recovery-codes': (w) => ({
    url: '/api/account/two-factor/recovery-codes',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password, code: '123456' },
  }),
  'POST /api/account/two-factor/disable': (w) => ({
    url: '/api/account/two-factor/disable',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password, code: '123456' },
  }),
  'POST /api/account/exports': (w) => ({ url: '/api/account/exports', cookie: w.ana.cookie }),
  'POST /api/account/delete': (w) => ({
    url: '/api/account/delete',
    cookie: w.ana.cookie,
    payload: { password: w.ana.password },
  }),
  'POST /api/auth/two-factor': () => ({
    url: '/api/auth/two-factor',
    payload: { challenge: 'desafioQualquer_0123456789', code: '123456' },
  }),
  'POST /api/invitations/preview': () => ({
    url: '/api/invitations/preview',
    payload: { token: 'tokenDeConviteQualquer_0123456789' },
  }),
  'POST /api/invitations/accept': () => ({
    url: '/api/invitations/accept',
    payload: {
      token: 'tokenDeConviteQualquer_0123456789',
      nome_completo: 'Forjado',
      password: 'Senha-Forjada-1',
    },
  }),
  'POST /api/admin/convites': (w) => ({
    url: '/api/admin/convites',
    cookie: w.admin.cookie,
    payload: { email: 'forjado@exemplo.com.br', role: 'operador' },
  }),
  'POST /api/admin/convites/:id/revogar': (w) => ({
    url: `/api/admin/convites/${w.convite.id}/revogar`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/exportar-dados': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/exportar-dados`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/excluir': (w) => ({
    url: `/api/admin/usuarios/${w.excluivel.id}/excluir`,
    cookie: w.admin.cookie,
  }),
  'POST /api/media': (w) => ({
    url: '/api/media',
    cookie: w.ana.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'forjado.png' },
    payload: Buffer.from('\x89PNG\r\n\x1a\n forjado', 'latin1'),
  }),
  'PATCH /api/media/:id': (w) => ({
    url: `/api/media/${w.anaMedia}`,
    cookie: w.ana.cookie,
    payload: { name: 'Renomeado por outro site' },
  }),
  'DELETE /api/media/:id': (w) => ({ url: `/api/media/${w.anaMedia}`, cookie: w.ana.cookie }),
  'POST /api/ads': (w) => ({
    url: '/api/ads',
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', item_ids: [w.roleCampaign], media_ids: [w.anaMedia] },
  }),
  'PUT /api/ads/:id': (w) => ({
    url: `/api/ads/${w.anaAd}`,
    cookie: w.ana.cookie,
    payload: { name: 'Forjado', item_ids: [], media_ids: [] },
  }),
  'DELETE /api/ads/:id': (w) => ({ url: `/api/ads/${w.anaAd}`, cookie: w.ana.cookie }),
  'POST /api/ads/:id/enviar': (w) => ({ url: `/api/ads/${w.anaAd}/enviar`, cookie: w.ana.cookie }),
  'POST /api/admin/anuncios/:id/revisao': (w) => ({
    url: `/api/admin/anuncios/${w.roleAd}/revisao`,
    cookie: w.operador.cookie,
    payload: { decisao: 'reprovar', motivo: 'Reprovado por outro site.' },
  }),
  'POST /api/admin/campanhas/:id/iniciar': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/iniciar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/campanhas/:id/finalizar': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/finalizar`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/campanhas/:id/comprovacoes': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}`,
    cookie: w.operador.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from('forjado'),
  }),
  'DELETE /api/admin/campanhas/:id/comprovacoes/:proofId': (w) => ({
    url: `/api/admin/campanhas/${w.roleCampaign}/comprovacoes/${w.anaProof}`,
    cookie: w.operador.cookie,
    payload: { motivo: 'forjado' },
  }),
  'DELETE /api/favorites': (w) => ({ url: '/api/favorites', cookie: w.ana.cookie }),
  'DELETE /api/favorites/:productId': (w) => ({
    url: fill('/api/favorites/:productId', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'PUT /api/favorites/:productId/watch': (w) => ({
    url: fill('/api/favorites/:productId/watch', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'DELETE /api/favorites/:productId/watch': (w) => ({
    url: fill('/api/favorites/:productId/watch', { productId: w.product.id }),
    cookie: w.ana.cookie,
  }),
  'PATCH /api/profile': (w) => ({
    url: '/api/profile',
    cookie: w.ana.cookie,
    payload: { nome_completo: 'Nome Trocado Pelo Atacante' },
  }),
  'POST /api/admin/orders/:id/confirm-payment': (w) => ({
    url: fill('/api/admin/orders/:id/confirm-payment', { id: w.anaOrder.id }),
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/pedidos/:id/prorrogar': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`,
    cookie: w.operador.cookie,
    payload: { horas: 24 },
  }),
  'POST /api/admin/pedidos/:id/reemitir-pix': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/reemitir-pix`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/pedidos/:id/cancelar': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/cancelar`,
    cookie: w.operador.cookie,
    payload: { motivo: 'Cancelado por outro site' },
  }),
  'POST /api/admin/pix-sem-pedido/:id/devolver': (w) => ({
    url: `/api/admin/pix-sem-pedido/${randomUUID()}/devolver`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/fiscal/:id/tentar-de-novo': (w) => ({
    url: `/api/admin/fiscal/${w.fiscalDocument}/tentar-de-novo`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/pedidos/:id/reenviar-email': (w) => ({
    url: `/api/admin/pedidos/${w.holdOrder.id}/reenviar-email`,
    cookie: w.operador.cookie,
  }),
  'POST /api/admin/produtos': (w) => ({
    url: '/api/admin/produtos',
    cookie: w.admin.cookie,
    payload: productPayload('Invasor'),
  }),
  'PUT /api/admin/produtos/:id': (w) => ({
    url: `/api/admin/produtos/${w.other.id}`,
    cookie: w.admin.cookie,
    payload: productPayload('Nome Trocado'),
  }),
  'PUT /api/admin/produtos/:id/status': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/status`,
    cookie: w.admin.cookie,
    payload: { status: 'inativo' },
  }),
  'PUT /api/admin/produtos/:id/fotos/ordem': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos/ordem`,
    cookie: w.admin.cookie,
    payload: { order: [] },
  }),
  'DELETE /api/admin/produtos/:id/fotos/:photoId': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos/${randomUUID()}`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/produtos/:id/fotos': (w) => ({
    url: `/api/admin/produtos/${w.other.id}/fotos`,
    cookie: w.admin.cookie,
    headers: { 'content-type': 'image/png' },
    payload: w.image,
  }),
  'POST /api/admin/telas': (w) => ({
    url: '/api/admin/telas',
    cookie: w.admin.cookie,
    payload: { tower_id: randomUUID(), name: 'Tela', resolution: '1920x1080', orientation: 'paisagem' },
  }),
  'POST /api/admin/telas/:id/exibicoes-csv': (w) => ({
    url: `/api/admin/telas/${randomUUID()}/exibicoes-csv`,
    cookie: w.admin.cookie,
    headers: { 'content-type': 'text/csv' },
    payload: 'tela,criativo,inicio,fim,duracao,contagem\n',
  }),
  'DELETE /api/admin/telas/:id': (w) => ({
    url: `/api/admin/telas/${randomUUID()}`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/criativos-da-casa': (w) => ({
    url: '/api/admin/criativos-da-casa',
    cookie: w.admin.cookie,
    payload: { media_id: randomUUID() },
  }),
  'DELETE /api/admin/criativos-da-casa/:id': (w) => ({
    url: `/api/admin/criativos-da-casa/${randomUUID()}`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/reposicoes/:id/conceder': (w) => ({
    url: `/api/admin/reposicoes/${randomUUID()}/conceder`,
    cookie: w.admin.cookie,
    payload: {},
  }),
  // A screen's report: signed with its key (screen-playlist.test.ts), and same-origin like the rest —
  // the web player runs on Urbana's own site.
  'POST /api/telas/:id/exibicoes': () => ({
    url: `/api/telas/${randomUUID()}/exibicoes`,
    payload: { plays: [] },
  }),
  'POST /api/admin/cupons': (w) => ({
    url: '/api/admin/cupons',
    cookie: w.admin.cookie,
    payload: couponPayload(),
  }),
  'PUT /api/admin/cupons/:id': (w) => ({
    url: `/api/admin/cupons/${w.coupon.id}`,
    cookie: w.admin.cookie,
    payload: { code: 'MATRIZ', kind: 'valor', value: 99_999 },
  }),
  'PUT /api/admin/usuarios/:id/papel': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/papel`,
    cookie: w.admin.cookie,
    payload: { tipo_usuario: 'operador' },
  }),
  'PUT /api/admin/usuarios/:id/limites-pedido': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
    cookie: w.admin.cookie,
    payload: { liberado: true },
  }),
  'POST /api/admin/usuarios/:id/bloquear': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/bloquear`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/desbloquear': (w) => ({
    url: `/api/admin/usuarios/${w.alvo.id}/desbloquear`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': (w) => ({
    url: `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao`,
    cookie: w.admin.cookie,
  }),
  'POST /api/admin/email-logs/:id/reenviar': (w) => ({
    url: `/api/admin/email-logs/${w.email.id}/reenviar`,
    cookie: w.admin.cookie,
  }),
  'POST /api/auth/confirm-email': () => ({
    url: '/api/auth/confirm-email',
    payload: { token: 'tokenDeConfirmacaoQualquer_0123456789' },
  }),
  'POST /api/auth/forgot-password': (w) => ({
    url: '/api/auth/forgot-password',
    payload: { email: w.ana.email },
  }),
  'POST /api/auth/resend-confirmation': (w) => ({
    url: '/api/auth/resend-confirmation',
    payload: { email: w.ana.email },
  }),
  'POST /api/auth/reset-password': () => ({
    url: '/api/auth/reset-password',
    payload: { token: 'tokenDeRedefinicaoQualquer_0123456789', password: 'Senha-Nova-do-Atacante-1' },
  }),
  'POST /api/auth/sign-in': (w) => ({
    url: '/api/auth/sign-in',
    payload: { email: w.ana.email, password: w.ana.password },
  }),
  'POST /api/auth/sign-out': (w) => ({ url: '/api/auth/sign-out', cookie: w.ana.cookie }),
  'POST /api/auth/sign-up': () => ({
    url: '/api/auth/sign-up',
    payload: {
      email: 'criado-por-outro-site@exemplo.com.br',
      password: 'Outdoor-na-L2-2026',
      nome_completo: 'Conta Forjada',
    },
  }),
  'POST /api/checkout/quote': (w) => ({
    url: '/api/checkout/quote',
    cookie: w.ana.cookie,
    payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'POST /api/favorites': (w) => ({
    url: '/api/favorites',
    cookie: w.ana.cookie,
    payload: { product_ids: [w.other.id] },
  }),
  'POST /api/orders': (w) => ({
    url: '/api/orders',
    cookie: w.ana.cookie,
    headers: { 'idempotency-key': 'pedido-forjado-por-outro-site' },
    payload: { items: [{ product_id: w.other.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'POST /api/orders/:id/cancel': (w) => ({
    url: fill('/api/orders/:id/cancel', { id: w.anaOrder.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/proposta': (w) => ({
    url: '/api/proposta',
    cookie: w.ana.cookie,
    payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
  }),
  'PUT /api/billing-profile': (w) => ({
    url: '/api/billing-profile',
    cookie: w.ana.cookie,
    payload: { ...billing, name: 'Endereço Trocado Pelo Atacante' },
  }),
  'PUT /api/cart': (w) => ({
    url: '/api/cart',
    cookie: w.ana.cookie,
    payload: { products: [{ id: 'item-forjado', name: 'Forjado' }] },
  }),
  'PUT /api/cart/advertiser': (w) => ({
    url: '/api/cart/advertiser',
    cookie: w.ana.cookie,
    payload: { advertiser_id: null },
  }),
  'PUT /api/favorites/:productId': (w) => ({
    url: fill('/api/favorites/:productId', { productId: w.other.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/notifications/:id/read': (w) => ({
    url: fill('/api/notifications/:id/read', { id: w.anaNotification.id }),
    cookie: w.ana.cookie,
  }),
  'POST /api/notifications/read-all': (w) => ({ url: '/api/notifications/read-all', cookie: w.ana.cookie }),
  'POST /api/support/tickets': () => ({
    url: '/api/support/tickets',
    payload: {
      name: 'Atendimento Forjado',
      email: 'forjado@exemplo.com.br',
      category: 'outros',
      subject: 'Forjado',
      message: 'Mensagem enviada por outro site.',
    },
  }),
  'POST /api/support/tickets/:id/messages': (w) => ({
    url: fill('/api/support/tickets/:id/messages', { id: w.anaTicket.id }),
    cookie: w.ana.cookie,
    payload: { message: 'Resposta forjada por outro site.' },
  }),
  'POST /api/admin/support/tickets/:id/messages': (w) => ({
    url: fill('/api/admin/support/tickets/:id/messages', { id: w.anaTicket.id }),
    cookie: w.operador.cookie,
    payload: { message: 'Resposta da equipe forjada.' },
  }),
  'PATCH /api/admin/support/tickets/:id': (w) => ({
    url: fill('/api/admin/support/tickets/:id', { id: w.anaTicket.id }),
    cookie: w.operador.cookie,
    payload: { status: 'fechado' },
  }),
  'POST /api/admin/notificacoes': (w) => ({
    url: '/api/admin/notificacoes',
    cookie: w.operador.cookie,
    payload: { segment: 'todos', title: 'Aviso forjado' },
  }),
  'POST /api/admin/emails-agendados': (w) => ({
    url: '/api/admin/emails-agendados',
    cookie: w.admin.cookie,
    payload: scheduledBody(),
  }),
  'PUT /api/admin/emails-agendados/:id': (w) => ({
    url: fill('/api/admin/emails-agendados/:id', { id: w.scheduled.id }),
    cookie: w.admin.cookie,
    payload: scheduledBody(),
  }),
  'POST /api/admin/emails-agendados/:id/cancelar': (w) => ({
    url: fill('/api/admin/emails-agendados/:id/cancelar', { id: w.scheduled.id }),
    cookie: w.admin.cookie,
  }),
};

/** Documented exceptions to the same-origin rule: called by other servers, authenticated otherwise. */
const WEBHOOK_PREFIX = '/api/webhooks/';
const webhooks: Record<string, { url: string; refused: string }> = {
  // The API Pix PSP's (issue #41): a client certificate verified by nginx or the URL's secret.
  'POST /api/webhooks/pix': { url: '/api/webhooks/pix', refused: 'Notificação não autenticada.' },
  'POST /api/webhooks/pix/pix': { url: '/api/webhooks/pix/pix', refused: 'Notificação não autenticada.' },
};
/**
 * RFC 8058 one-click unsubscribe: mail programs POST it from anywhere. It needs the e-mail's random key
 * and can only turn e-mails off (account-settings.test.ts).
 */
const oneClickUnsubscribe = 'POST /api/email/descadastrar';

/** What a browser sends on a request from another site (or a sandboxed/opaque one). */
const crossSiteHeaders: Array<[label: string, headers: Record<string, string>]> = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Origin: https://evil.example', { origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['Origin: null', { origin: 'null' }],
  ['Origin com prefixo do nosso host', { origin: 'http://localhost:3000.evil.example' }],
  [
    'Sec-Fetch-Site same-origin mas Origin de outro site',
    { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
  ],
];

describe('V4.2.2 / V13.2.3 requisições de outro site', () => {
  it('URB-SEC-01 a tabela lista exatamente as rotas que mudam estado (enumeradas do app)', () => {
    const routes = listRoutes(ctx.app);
    // The enumeration itself works: a few routes every version of the app has.
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/health', 'POST /api/orders', 'GET /api/orders/:id']),
    );
    const found = routes.filter(isStateChanging).map(routeKey).sort();
    expect(found).toEqual(
      [...Object.keys(stateChanging), ...Object.keys(webhooks), oneClickUnsubscribe].sort(),
    );
    for (const key of Object.keys(webhooks)) expect(key.split(' ')[1]!.startsWith(WEBHOOK_PREFIX)).toBe(true);
  });

  it.each(Object.entries(stateChanging))(
    'V13.2.3 %s: recusa com 403 cada sinal de outro site, e nada muda no banco',
    async (key, build) => {
      await settle();
      const before = await snapshot(database);
      for (const [label, headers] of crossSiteHeaders) {
        const req = build(w);
        const res = await inject(ctx, {
          ...req,
          method: methodOf(key),
          headers: { ...req.headers, ...headers },
        });
        expect(res.statusCode, label).toBe(403);
        expectMessageOnly(res, httpMessages.crossSite);
      }
      await settle();
      expect(await snapshot(database)).toEqual(before);
    },
  );

  it('URB-SEC-02 o webhook (exceção documentada) não depende da origem, mas recusa quem não se autentica', async () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: 'E-forjado', txid: 'x', valor: '1.00', horario: '2026-11-29T10:00:00Z' }],
    });
    for (const [, headers] of crossSiteHeaders) {
      for (const { url, refused } of Object.values(webhooks)) {
        await settle();
        const before = await snapshot(database);
        for (const query of ['', '?segredo=', '?segredo=segredo-errado', `?segredo=${WEBHOOK_SECRET}x`]) {
          const res = await inject(ctx, {
            method: 'POST',
            url: `${url}${query}`,
            // A certificate header from a caller that is not the trusted proxy counts for nothing.
            headers: { ...headers, 'content-type': 'application/json', 'x-ssl-client-verify': 'SUCCESS' },
            payload: body,
          });
          expect(res.statusCode).toBe(401);
          expectMessageOnly(res, refused);
        }
        expect(await snapshot(database)).toEqual(before);
      }
    }
    // With the right secret it passes the origin rule, wherever it comes from (no PSP in this world: 503).
    const res = await inject(ctx, {
      method: 'POST',
      url: `/api/webhooks/pix/pix?segredo=${WEBHOOK_SECRET}`,
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(503);
    expectMessageOnly(res, 'Provedor de pagamentos não configurado.');
  });

  it.each([
    '/api/webhooks/../auth/sign-out',
    '/api/webhooks/%2e%2e/auth/sign-out',
    '/api/webhooks/..%2fauth%2fsign-out',
    '/api/webhooks/pix/../../auth/sign-out',
  ])(
    'URB-SEC-03 o prefixo do webhook não abre outras rotas: %s (caminho cru, por um socket de verdade)',
    async (rawPath) => {
      // app.inject normalises "..", a real HTTP server does not: send the raw path over TCP.
      const res = await rawRequest(ctx, {
        method: 'POST',
        path: rawPath,
        headers: { cookie: w.ana.cookie, 'sec-fetch-site': 'cross-site' },
      });
      // Refused before any route runs: no canonical path has dot segments or encoded slashes (#39).
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: httpMessages.nonCanonicalPath });
      expect(
        (await inject(ctx, { method: 'GET', url: '/api/auth/session', cookie: w.ana.cookie })).json().user,
      ).not.toBeNull();
    },
  );

  it('V13.2.3 a mesma origem passa (Origin do PUBLIC_URL ou do próprio host, Sec-Fetch-Site same-origin/none)', async () => {
    for (const headers of [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const res = await inject(ctx, {
        method: 'POST',
        url: '/api/checkout/quote',
        headers,
        payload: { items: [{ product_id: w.product.id, start_date: START, weeks: 1, tower_ids: [] }] },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});
