/**
 * The security suite (docs/decisions/010-security-suite.md), V4.1: the role matrix, every /api/admin route as every role.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  addDays,
  adminSections,
  canUseAdminSection,
  endpoints,
  httpMessages,
  todayInBrasilia,
  type AdminSection,
  type UserType,
} from '@urbana/shared';
import { auditLog } from '../../src/db/schema/index.ts';
import { itAnswers, type RequestRow, type Who } from './request-table.ts';
import { listRoutes, routeKey } from './routes.ts';
import { ADMIN_EMAILS, expectMessageOnly, START } from './world.ts';
import {
  ctx,
  database,
  useSecurityWorld,
  productPayload,
  couponPayload,
  methodOf,
  proposalBody,
  scheduledBody,
} from './setup.ts';

useSecurityWorld();

type Role = 'anonimo' | 'cliente' | 'admin_fora_da_lista' | 'operador' | 'admin';
const roles: Record<Role, { who?: Who; subject?: { email: string; tipo_usuario: UserType } }> = {
  anonimo: {},
  cliente: { who: 'bruno', subject: { email: 'bruno@exemplo.com.br', tipo_usuario: 'cliente' } },
  admin_fora_da_lista: {
    who: 'intruso',
    subject: { email: 'intruso@urbana.com.br', tipo_usuario: 'admin' },
  },
  operador: { who: 'operador', subject: { email: 'operador@urbana.com.br', tipo_usuario: 'operador' } },
  admin: { who: 'admin', subject: { email: 'chefe@urbana.com.br', tipo_usuario: 'admin' } },
};

/**
 * An update that changes nothing writes no audit entry (docs/decisions/028-readable-audit-log.md), so a
 * route the matrix calls once per role alternates its value: each call changes what the last one set.
 */
function alternating<T>(...values: T[]): () => T {
  let call = 0;
  return () => values[call++ % values.length]!;
}
const ticketStatus = alternating('em_andamento', 'resolvido');
const productStatus = alternating('ativo', 'inativo');
const couponValue = alternating(1500, 2500);

/** A request of the table: a function where it names something of the world or must be fresh per call. */
type Send = Pick<RequestRow, 'url' | 'headers' | 'body'>;

/** Every /api/admin route with its section (docs/spec/product.md §1), its request and what staff get. */
const adminRoutes: Record<
  string,
  Send & {
    section: AdminSection;
    ok: number;
    /** The same route with an invalid input: access is still decided first. */
    invalid: Send | null;
  }
> = {
  'GET /api/admin/agencias': {
    section: 'usuarios',
    ok: 200,
    url: '/api/admin/agencias',
    invalid: null,
  },
  'POST /api/admin/agencias/:id/confirmar': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/agencias/${w.agency.id}/confirmar`,
    invalid: { url: '/api/admin/agencias/nao-e-um-uuid/confirmar' },
  },
  'GET /api/admin/equipe': {
    section: 'usuarios',
    ok: 200,
    url: '/api/admin/equipe',
    invalid: null,
  },
  'GET /api/admin/convites': {
    section: 'usuarios',
    ok: 200,
    url: '/api/admin/convites',
    invalid: null,
  },
  'POST /api/admin/convites': {
    section: 'usuarios',
    ok: 201,
    url: '/api/admin/convites',
    body: { email: 'matriz@exemplo.com.br', role: 'operador' },
    invalid: { url: '/api/admin/convites', body: { email: 'matriz@exemplo.com.br', role: 'dono' } },
  },
  'POST /api/admin/convites/:id/revogar': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/convites/${w.convite.id}/revogar`,
    invalid: { url: '/api/admin/convites/nao-e-um-uuid/revogar' },
  },
  'POST /api/admin/usuarios/:id/exportar-dados': {
    section: 'usuarios',
    ok: 202,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/exportar-dados`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/exportar-dados' },
  },
  'POST /api/admin/usuarios/:id/excluir': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.excluivel.id}/excluir`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/excluir' },
  },
  'GET /api/admin/resumo': {
    section: 'dashboard',
    ok: 200,
    url: '/api/admin/resumo',
    invalid: null,
  },
  'GET /api/admin/usuarios': {
    section: 'usuarios',
    ok: 200,
    url: '/api/admin/usuarios?q=urbana&page=1&page_size=5',
    invalid: { url: '/api/admin/usuarios?page=0&page_size=9999' },
  },
  'GET /api/admin/campanhas': {
    section: 'campanhas',
    ok: 200,
    url: '/api/admin/campanhas?status=aguardando_arte&page=1',
    invalid: { url: '/api/admin/campanhas?status=qualquer&de=31-12-2026' },
  },
  'GET /api/admin/campanhas/:id': {
    section: 'campanhas',
    ok: 200,
    url: (w) => `/api/admin/campanhas/${w.roleCampaign}`,
    invalid: { url: '/api/admin/campanhas/nao-e-um-uuid' },
  },
  // The item waits for its artwork: staff pass the guard and meet the rule (409), whoever goes first.
  'POST /api/admin/campanhas/:id/iniciar': {
    section: 'campanhas',
    ok: 409,
    url: (w) => `/api/admin/campanhas/${w.roleCampaign}/iniciar`,
    invalid: { url: '/api/admin/campanhas/nao-e-um-uuid/iniciar' },
  },
  'POST /api/admin/campanhas/:id/finalizar': {
    section: 'campanhas',
    ok: 409,
    url: (w) => `/api/admin/campanhas/${w.roleCampaign}/finalizar`,
    invalid: { url: '/api/admin/campanhas/nao-e-um-uuid/finalizar' },
  },
  'POST /api/admin/campanhas/:id/comprovacoes': {
    section: 'campanhas',
    ok: 409,
    url: (w) => `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?data=${START}`,
    headers: { 'content-type': 'application/octet-stream' },
    body: () => Buffer.from('foto'),
    invalid: { url: (w) => `/api/admin/campanhas/${w.roleCampaign}/comprovacoes?legenda=${'x'.repeat(400)}` },
  },
  'DELETE /api/admin/campanhas/:id/comprovacoes/:proofId': {
    section: 'campanhas',
    // Past the guard, a photo that is not there is not found.
    ok: 404,
    url: (w) => `/api/admin/campanhas/${w.roleCampaign}/comprovacoes/${randomUUID()}`,
    body: { motivo: 'Foto da face errada' },
    invalid: { url: (w) => `/api/admin/campanhas/${w.roleCampaign}/comprovacoes/nao-e-um-uuid` },
  },
  'POST /api/admin/anuncios/:id/revisao': {
    section: 'campanhas',
    ok: 409,
    // A draft is not under review: the transition is refused.
    url: (w) => `/api/admin/anuncios/${w.roleAd}/revisao`,
    body: { decisao: 'aprovar' },
    invalid: { url: (w) => `/api/admin/anuncios/${w.roleAd}/revisao`, body: { decisao: 'talvez' } },
  },
  // A cancelled order: staff pass the guard and meet the rule (409), whoever goes first. The legal and
  // illegal confirmations are in admin-orders.test.ts.
  'POST /api/admin/orders/:id/confirm-payment': {
    section: 'pedidos',
    ok: 409,
    // No body at all, as a button that only confirms would send.
    url: (w) => `/api/admin/orders/${w.closedOrder.id}/confirm-payment`,
    invalid: {
      url: `/api/admin/orders/nao-e-um-uuid/confirm-payment`,
      body: () => ({ note: 'x'.repeat(600), status: 'pago' }),
      headers: (w) => ({ 'x-pedido': w.roleOrder.id }),
    },
  },
  'GET /api/admin/pedidos': {
    section: 'pedidos',
    ok: 200,
    url: '/api/admin/pedidos?q=urb&status=aguardando_pagamento&metodo=pix&page=1',
    invalid: { url: '/api/admin/pedidos?status=qualquer&from=31-12-2026' },
  },
  'GET /api/admin/pedidos/csv': {
    section: 'pedidos',
    ok: 200,
    url: '/api/admin/pedidos/csv?cidade=Bras%C3%ADlia',
    invalid: { url: '/api/admin/pedidos/csv?sort=senha' },
  },
  'GET /api/admin/pedidos/:id': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.holdOrder.id}`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid' },
  },
  'GET /api/admin/pedidos/:id/fatura.pdf': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.holdOrder.id}/fatura.pdf`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/fatura.pdf' },
  },
  // The PI of an agency's order and the pending ones (issue #44 item 3): the orders' section.
  'GET /api/admin/pis': {
    section: 'pedidos',
    ok: 200,
    url: '/api/admin/pis',
    invalid: null,
  },
  'GET /api/admin/pedidos/:id/pi': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.agency.order}/pi`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/pi' },
  },
  'GET /api/admin/pedidos/:id/pi.pdf': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.agency.order}/pi.pdf`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/pi.pdf' },
  },
  'GET /api/admin/pedidos/:id/nota-de-credito.pdf': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.refundedOrder.id}/nota-de-credito.pdf`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/nota-de-credito.pdf' },
  },
  // The world issues no NFS-e (no certificate): reaching the route is its "no NFS-e yet" 404.
  'GET /api/admin/pedidos/:id/nfse.xml': {
    section: 'pedidos',
    ok: 404,
    url: (w) => `/api/admin/pedidos/${w.refundedOrder.id}/nfse.xml`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/nfse.xml' },
  },
  'GET /api/admin/pedidos/:id/nfse.pdf': {
    section: 'pedidos',
    ok: 404,
    url: (w) => `/api/admin/pedidos/${w.refundedOrder.id}/nfse.pdf`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/nfse.pdf' },
  },
  'POST /api/admin/pedidos/:id/prorrogar': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`,
    body: { horas: 1 },
    invalid: { url: (w) => `/api/admin/pedidos/${w.holdOrder.id}/prorrogar`, body: { horas: 500 } },
  },
  'POST /api/admin/pedidos/:id/reemitir-pix': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.holdOrder.id}/reemitir-pix`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/reemitir-pix' },
  },
  // Already cancelled: staff pass the guard and meet the rule (409).
  'POST /api/admin/pedidos/:id/cancelar': {
    section: 'pedidos',
    ok: 409,
    url: (w) => `/api/admin/pedidos/${w.closedOrder.id}/cancelar`,
    body: { motivo: 'Matriz de papéis' },
    invalid: { url: (w) => `/api/admin/pedidos/${w.closedOrder.id}/cancelar`, body: { motivo: '' } },
  },
  'POST /api/admin/pedidos/:id/reenviar-email': {
    section: 'pedidos',
    ok: 200,
    url: (w) => `/api/admin/pedidos/${w.holdOrder.id}/reenviar-email`,
    invalid: { url: '/api/admin/pedidos/nao-e-um-uuid/reenviar-email' },
  },
  'GET /api/admin/support/tickets': {
    section: 'suporte',
    ok: 200,
    url: '/api/admin/support/tickets?status=aberto',
    invalid: { url: '/api/admin/support/tickets?status=pendurado&page=0' },
  },
  'GET /api/admin/support/staff': {
    section: 'suporte',
    ok: 200,
    url: '/api/admin/support/staff',
    invalid: null,
  },
  'GET /api/admin/support/tickets/:id': {
    section: 'suporte',
    ok: 200,
    url: (w) => `/api/admin/support/tickets/${w.anaTicket.id}`,
    invalid: { url: '/api/admin/support/tickets/nao-e-um-uuid' },
  },
  'POST /api/admin/support/tickets/:id/messages': {
    section: 'suporte',
    ok: 200,
    url: (w) => `/api/admin/support/tickets/${w.anaTicket.id}/messages`,
    body: { message: 'Resposta da equipe ao atendimento.' },
    invalid: { url: (w) => `/api/admin/support/tickets/${w.anaTicket.id}/messages`, body: { message: 'x' } },
  },
  'PATCH /api/admin/support/tickets/:id': {
    section: 'suporte',
    ok: 200,
    url: (w) => `/api/admin/support/tickets/${w.anaTicket.id}`,
    body: () => ({ status: ticketStatus() }),
    invalid: { url: (w) => `/api/admin/support/tickets/${w.anaTicket.id}`, body: { status: 'pendurado' } },
  },
  'GET /api/admin/notificacoes': {
    section: 'notificacoes',
    ok: 200,
    url: '/api/admin/notificacoes',
    invalid: { url: '/api/admin/notificacoes?page=0' },
  },
  'GET /api/admin/notificacoes/destinatarios': {
    section: 'notificacoes',
    ok: 200,
    url: '/api/admin/notificacoes/destinatarios?q=ana',
    invalid: { url: '/api/admin/notificacoes/destinatarios?q=a' },
  },
  'GET /api/admin/notificacoes/alcance': {
    section: 'notificacoes',
    ok: 200,
    url: '/api/admin/notificacoes/alcance?segment=cliente',
    invalid: { url: '/api/admin/notificacoes/alcance?segment=ninguem' },
  },
  'POST /api/admin/notificacoes': {
    section: 'notificacoes',
    ok: 201,
    url: '/api/admin/notificacoes',
    body: (w) => ({ segment: 'usuario', user_id: w.ana.id, title: 'Aviso da equipe' }),
    invalid: { url: '/api/admin/notificacoes', body: { segment: 'alguns', title: '' } },
  },
  'GET /api/admin/emails-agendados': {
    section: 'email-agendados',
    ok: 200,
    url: '/api/admin/emails-agendados',
    invalid: { url: '/api/admin/emails-agendados?page=0' },
  },
  'POST /api/admin/emails-agendados': {
    section: 'email-agendados',
    ok: 201,
    url: '/api/admin/emails-agendados',
    body: () => scheduledBody(),
    invalid: { url: '/api/admin/emails-agendados', body: () => ({ ...scheduledBody(), send_at: 'amanhã' }) },
  },
  'PUT /api/admin/emails-agendados/:id': {
    section: 'email-agendados',
    ok: 200,
    url: (w) => `/api/admin/emails-agendados/${w.scheduled.id}`,
    body: () => scheduledBody(),
    invalid: {
      url: (w) => `/api/admin/emails-agendados/${w.scheduled.id}`,
      body: () => ({ ...scheduledBody(), segment: 'usuario' }),
    },
  },
  'POST /api/admin/emails-agendados/:id/cancelar': {
    section: 'email-agendados',
    ok: 200,
    url: (w) => `/api/admin/emails-agendados/${w.scheduledToCancel.id}/cancelar`,
    invalid: { url: '/api/admin/emails-agendados/nao-e-um-uuid/cancelar' },
  },
  'GET /api/admin/usuarios/:id': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid' },
  },
  'PUT /api/admin/usuarios/:id/papel': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/papel`,
    body: { tipo_usuario: 'operador' },
    invalid: { url: (w) => `/api/admin/usuarios/${w.alvo.id}/papel`, body: { tipo_usuario: 'dono' } },
  },
  'GET /api/admin/usuarios/:id/limites-pedido': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/limites-pedido' },
  },
  'PUT /api/admin/usuarios/:id/limites-pedido': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/limites-pedido`,
    body: { liberado: true },
    invalid: { url: (w) => `/api/admin/usuarios/${w.alvo.id}/limites-pedido`, body: { liberado: 'sim' } },
  },
  'POST /api/admin/usuarios/:id/bloquear': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/bloquear`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/bloquear' },
  },
  'POST /api/admin/usuarios/:id/desbloquear': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.alvo.id}/desbloquear`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/desbloquear' },
  },
  'POST /api/admin/usuarios/:id/reenviar-confirmacao': {
    section: 'usuarios',
    ok: 200,
    url: (w) => `/api/admin/usuarios/${w.novo.id}/reenviar-confirmacao`,
    invalid: { url: '/api/admin/usuarios/nao-e-um-uuid/reenviar-confirmacao' },
  },
  'GET /api/admin/produtos': {
    section: 'produtos',
    ok: 200,
    url: '/api/admin/produtos?q=outdoor&type=outdoor&sort=name&dir=asc',
    invalid: { url: '/api/admin/produtos?sort=senha' },
  },
  'GET /api/admin/produtos/:id': {
    section: 'produtos',
    ok: 200,
    url: (w) => `/api/admin/produtos/${w.other.id}`,
    invalid: { url: '/api/admin/produtos/nao-e-um-uuid' },
  },
  'POST /api/admin/produtos': {
    section: 'produtos',
    ok: 201,
    url: '/api/admin/produtos',
    body: () => productPayload('Painel da Matriz'),
    invalid: { url: '/api/admin/produtos', body: () => ({ ...productPayload(), daily_price: -1 }) },
  },
  'PUT /api/admin/produtos/:id': {
    section: 'produtos',
    ok: 200,
    url: (w) => `/api/admin/produtos/${w.other.id}`,
    body: () => productPayload(),
    invalid: {
      url: (w) => `/api/admin/produtos/${w.other.id}`,
      body: () => ({ ...productPayload(), state: 'XX' }),
    },
  },
  'PUT /api/admin/produtos/:id/status': {
    section: 'produtos',
    ok: 200,
    url: (w) => `/api/admin/produtos/${w.other.id}/status`,
    body: () => ({ status: productStatus() }),
    invalid: { url: (w) => `/api/admin/produtos/${w.other.id}/status`, body: { status: 'apagado' } },
  },
  'POST /api/admin/produtos/:id/fotos': {
    section: 'produtos',
    ok: 201,
    url: (w) => `/api/admin/produtos/${w.other.id}/fotos`,
    headers: { 'content-type': 'image/png' },
    body: (w) => w.image,
    invalid: {
      url: (w) => `/api/admin/produtos/${w.other.id}/fotos`,
      headers: { 'content-type': 'image/png' },
      body: () => Buffer.from('nao e uma imagem'),
    },
  },
  'PUT /api/admin/produtos/:id/fotos/ordem': {
    section: 'produtos',
    ok: 200,
    url: (w) => `/api/admin/produtos/${w.product.id}/fotos/ordem`,
    body: (w) => ({ order: [w.product.photo] }),
    invalid: { url: (w) => `/api/admin/produtos/${w.product.id}/fotos/ordem`, body: { order: ['x'] } },
  },
  'DELETE /api/admin/produtos/:id/fotos/:photoId': {
    section: 'produtos',
    // Past the guard, a photo that is not there is not found.
    ok: 404,
    url: (w) => `/api/admin/produtos/${w.product.id}/fotos/${randomUUID()}`,
    invalid: { url: (w) => `/api/admin/produtos/${w.product.id}/fotos/nao-e-um-uuid` },
  },
  'GET /api/admin/telas': { section: 'produtos', ok: 200, url: '/api/admin/telas', invalid: null },
  'GET /api/admin/telas/:id': {
    section: 'produtos',
    // Past the guard, a player that is not there is not found.
    ok: 404,
    url: () => `/api/admin/telas/${randomUUID()}`,
    invalid: null,
  },
  'POST /api/admin/telas': {
    section: 'produtos',
    // The world's faces are static: past the guard, the face asked for is not found.
    ok: 404,
    url: '/api/admin/telas',
    body: () => ({
      tower_id: randomUUID(),
      name: 'Tela da Matriz',
      resolution: '1080x1920',
      orientation: 'retrato',
      loop_seconds: 60,
      spot_seconds: 10,
      opens_at: '06:00',
      closes_at: '23:00',
    }),
    invalid: { url: '/api/admin/telas', body: { name: '' } },
  },
  'DELETE /api/admin/telas/:id': {
    section: 'produtos',
    ok: 404,
    url: () => `/api/admin/telas/${randomUUID()}`,
    invalid: { url: '/api/admin/telas/nao-e-um-uuid' },
  },
  'POST /api/admin/telas/:id/exibicoes-csv': {
    section: 'produtos',
    // Past the guard, a screen that is not there is not found.
    ok: 404,
    url: () => `/api/admin/telas/${randomUUID()}/exibicoes-csv`,
    headers: { 'content-type': 'text/csv' },
    body: () =>
      Buffer.from('tela,criativo,inicio,fim,duracao,contagem\nT,x,2026-01-01 10:00,2026-01-01 10:01,10,1\n'),
    invalid: {
      url: () => `/api/admin/telas/nao-e-um-uuid/exibicoes-csv`,
      headers: { 'content-type': 'text/csv' },
      body: () =>
        Buffer.from(
          'tela,criativo,inicio,fim,duracao,contagem\nT,x,2026-01-01 10:00,2026-01-01 10:01,10,1\n',
        ),
    },
  },
  'GET /api/admin/criativos-da-casa': {
    section: 'produtos',
    ok: 200,
    url: '/api/admin/criativos-da-casa',
    invalid: null,
  },
  'POST /api/admin/criativos-da-casa': {
    section: 'produtos',
    // Past the guard, a file that is not in the staff member's library is not found.
    ok: 404,
    url: '/api/admin/criativos-da-casa',
    body: () => ({ media_id: randomUUID() }),
    invalid: { url: '/api/admin/criativos-da-casa', body: { media_id: 'nao-e-um-uuid' } },
  },
  'DELETE /api/admin/criativos-da-casa/:id': {
    section: 'produtos',
    ok: 404,
    url: () => `/api/admin/criativos-da-casa/${randomUUID()}`,
    invalid: { url: '/api/admin/criativos-da-casa/nao-e-um-uuid' },
  },
  'GET /api/admin/reposicoes': {
    section: 'campanhas',
    ok: 200,
    url: '/api/admin/reposicoes',
    invalid: null,
  },
  'POST /api/admin/reposicoes/:id/conceder': {
    section: 'cupons',
    // Past the guard, a booking with no pending make-good is not found.
    ok: 404,
    url: () => `/api/admin/reposicoes/${randomUUID()}/conceder`,
    body: () => ({}),
    invalid: { url: '/api/admin/reposicoes/nao-e-um-uuid/conceder', body: {} },
  },
  'GET /api/admin/cupons': {
    section: 'cupons',
    ok: 200,
    url: '/api/admin/cupons?status=ativo&sort=uses',
    invalid: { url: '/api/admin/cupons?status=talvez' },
  },
  'GET /api/admin/cupons/:id': {
    section: 'cupons',
    ok: 200,
    url: (w) => `/api/admin/cupons/${w.coupon.id}`,
    invalid: { url: '/api/admin/cupons/nao-e-um-uuid' },
  },
  'POST /api/admin/cupons': {
    section: 'cupons',
    ok: 201,
    url: '/api/admin/cupons',
    body: () => couponPayload(),
    invalid: { url: '/api/admin/cupons', body: { code: 'X', kind: 'percentual', value: 500 } },
  },
  'PUT /api/admin/cupons/:id': {
    section: 'cupons',
    ok: 200,
    url: (w) => `/api/admin/cupons/${w.coupon.id}`,
    body: () => ({ code: 'MATRIZ', kind: 'valor', value: couponValue() }),
    invalid: {
      url: (w) => `/api/admin/cupons/${w.coupon.id}`,
      body: { code: 'MATRIZ', kind: 'valor', value: 0 },
    },
  },
  'GET /api/admin/relatorios': {
    section: 'relatorios',
    ok: 200,
    url: '/api/admin/relatorios?from=2026-01-01&to=2026-12-31',
    invalid: { url: '/api/admin/relatorios?from=2026-13-45' },
  },
  'GET /api/admin/relatorios/csv': {
    section: 'relatorios',
    ok: 200,
    url: '/api/admin/relatorios/csv?tabela=ocupacao',
    invalid: { url: '/api/admin/relatorios/csv?tabela=senhas' },
  },
  'GET /api/admin/email-logs': {
    section: 'email-logs',
    ok: 200,
    url: '/api/admin/email-logs?status=registrado',
    invalid: { url: '/api/admin/email-logs?status=lido' },
  },
  'GET /api/admin/email-logs/:id': {
    section: 'email-logs',
    ok: 200,
    url: (w) => `/api/admin/email-logs/${w.email.id}`,
    invalid: { url: '/api/admin/email-logs/nao-e-um-uuid' },
  },
  'POST /api/admin/email-logs/:id/reenviar': {
    section: 'email-logs',
    ok: 201,
    url: (w) => `/api/admin/email-logs/${w.email.id}/reenviar`,
    invalid: { url: '/api/admin/email-logs/nao-e-um-uuid/reenviar' },
  },
  'GET /api/admin/inventario': {
    section: 'inventario',
    ok: 200,
    url: '/api/admin/inventario?semanas=12&tipo=outdoor',
    invalid: { url: '/api/admin/inventario?semanas=99' },
  },
  'GET /api/admin/inventario/celula': {
    section: 'inventario',
    ok: 200,
    url: (w) =>
      `/api/admin/inventario/celula?torre=${w.inventory.towerId}&de=${START}&ate=${addDays(START, 7)}`,
    invalid: { url: '/api/admin/inventario/celula?torre=x&de=ontem&ate=hoje' },
  },
  'GET /api/admin/inventario/clientes': {
    section: 'inventario',
    ok: 200,
    url: '/api/admin/inventario/clientes?q=ana',
    invalid: { url: () => `/api/admin/inventario/clientes?q=${'a'.repeat(300)}` },
  },
  'POST /api/admin/inventario/bloqueios': {
    section: 'inventario',
    ok: 201,
    // A different week each call: two blocks of the same week would meet the slot guard.
    url: '/api/admin/inventario/bloqueios',
    body: (w) => ({
      tower_ids: [w.inventory.towerId],
      start_date: addDays(START, 7 * (10 + ++blockWeek)),
      weeks: 1,
      reason: 'Manutenção preventiva',
    }),
    invalid: {
      url: '/api/admin/inventario/bloqueios',
      body: (w) => ({ tower_ids: [w.inventory.towerId], start_date: START, weeks: 0, reason: '' }),
    },
  },
  'POST /api/admin/inventario/reservas': {
    section: 'inventario',
    ok: 201,
    url: '/api/admin/inventario/reservas',
    body: (w) => ({
      customer_id: w.ana.id,
      tower_ids: [w.inventory.towerId],
      start_date: START,
      weeks: 1,
      expires_on: todayInBrasilia(),
    }),
    invalid: {
      url: '/api/admin/inventario/reservas',
      body: (w) => ({ customer_id: 'x', tower_ids: [w.inventory.towerId], start_date: START, weeks: 1 }),
    },
  },
  'POST /api/admin/inventario/reservas/:id/liberar': {
    section: 'inventario',
    ok: 200,
    url: (w) => `/api/admin/inventario/reservas/${w.holdsToRelease.pop()}/liberar`,
    invalid: { url: '/api/admin/inventario/reservas/nao-e-um-uuid/liberar' },
  },
  'GET /api/admin/fiscal': {
    section: 'fiscal',
    ok: 200,
    url: '/api/admin/fiscal?status=recusada',
    invalid: { url: '/api/admin/fiscal?status=talvez' },
  },
  // Cancelled with its order: staff pass the guard and meet the rule (409).
  'POST /api/admin/fiscal/:id/tentar-de-novo': {
    section: 'fiscal',
    ok: 409,
    url: (w) => `/api/admin/fiscal/${w.fiscalDocument}/tentar-de-novo`,
    invalid: { url: '/api/admin/fiscal/nao-e-um-uuid/tentar-de-novo' },
  },
  'GET /api/admin/pix-sem-pedido': {
    section: 'pedidos',
    ok: 200,
    url: '/api/admin/pix-sem-pedido',
    invalid: null,
  },
  // No PSP in this world: staff pass the guard and meet the rule (409).
  'POST /api/admin/pix-sem-pedido/:id/devolver': {
    section: 'pedidos',
    ok: 409,
    url: () => `/api/admin/pix-sem-pedido/${randomUUID()}/devolver`,
    invalid: { url: '/api/admin/pix-sem-pedido/nao-e-um-uuid/devolver' },
  },
  'GET /api/admin/propostas': {
    section: 'propostas',
    ok: 200,
    url: '/api/admin/propostas?status=rascunho&q=ana',
    invalid: { url: '/api/admin/propostas?status=talvez' },
  },
  'POST /api/admin/propostas': {
    section: 'propostas',
    ok: 201,
    url: '/api/admin/propostas',
    body: () => proposalBody(),
    invalid: { url: '/api/admin/propostas', body: () => ({ ...proposalBody(), items: [] }) },
  },
  'GET /api/admin/propostas/:id': {
    section: 'propostas',
    ok: 200,
    url: (w) => `/api/admin/propostas/${w.proposal}`,
    invalid: { url: '/api/admin/propostas/nao-e-um-uuid' },
  },
  'GET /api/admin/propostas/:id/pdf': {
    section: 'propostas',
    ok: 200,
    url: (w) => `/api/admin/propostas/${w.proposal}/pdf`,
    invalid: { url: '/api/admin/propostas/nao-e-um-uuid/pdf' },
  },
  'POST /api/admin/propostas/:id/enviar': {
    section: 'propostas',
    ok: 200,
    url: (w) => `/api/admin/propostas/${w.proposal}/enviar`,
    invalid: { url: '/api/admin/propostas/nao-e-um-uuid/enviar' },
  },
  // A draft awaits no answer: staff pass the guard and meet the rule (409).
  'POST /api/admin/propostas/:id/responder': {
    section: 'propostas',
    ok: 409,
    url: (w) => `/api/admin/propostas/${w.proposal}/responder`,
    body: () => ({ prices: [null], valid_until: addDays(todayInBrasilia(), 10) }),
    invalid: { url: '/api/admin/propostas/nao-e-um-uuid/responder' },
  },
  'POST /api/admin/propostas/:id/cancelar': {
    section: 'propostas',
    ok: 200,
    url: (w) => `/api/admin/propostas/${w.proposalsToCancel.pop()}/cancelar`,
    invalid: { url: '/api/admin/propostas/nao-e-um-uuid/cancelar' },
  },
  'GET /api/admin/logs': {
    section: 'logs',
    ok: 200,
    url: '/api/admin/logs?action=login&kind=acesso',
    invalid: { url: '/api/admin/logs?from=ontem' },
  },
};
let blockWeek = 0;
const auditCount = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;

const expectedByAccess: Record<'staff' | 'admin', Record<Role, 'ok' | 401 | 403>> = {
  staff: { anonimo: 401, cliente: 403, admin_fora_da_lista: 403, operador: 'ok', admin: 'ok' },
  admin: { anonimo: 401, cliente: 403, admin_fora_da_lista: 403, operador: 403, admin: 'ok' },
};

interface AccessRow extends RequestRow {
  key: string;
  access: 'ok' | 401 | 403;
  invalid: boolean;
}

/**
 * Each route as each role, then (when it has one) its invalid input as the same role, in that order:
 * the rows that consume the world (holds, proposals, alternating values) run as the matrix always did.
 */
const rows: AccessRow[] = Object.entries(adminRoutes).flatMap(([key, { section, ok, invalid, ...request }]) =>
  (Object.keys(roles) as Role[]).flatMap((role) => {
    const access = expectedByAccess[adminSections[section]][role];
    const as = { key, access, method: methodOf(key), ...(roles[role].who ? { who: roles[role].who } : {}) };
    const valid: AccessRow = {
      ...as,
      ...request,
      label: `${key} como ${role}`,
      status: access === 'ok' ? ok : access,
      invalid: false,
    };
    if (!invalid) return [valid];
    const status = access === 'ok' ? 400 : access;
    return [
      valid,
      { ...as, ...invalid, label: `${key} como ${role}, entrada inválida`, status, invalid: true },
    ];
  }),
);

describe('V4.1 matriz de papéis', () => {
  let auditedBefore = 0;
  beforeEach(async () => {
    auditedBefore = await auditCount();
  });

  it('URB-SEC-06 a tabela lista exatamente as rotas /api/admin (enumeradas do app)', () => {
    const found = listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/admin'))
      .map(routeKey)
      .sort();
    expect(found).toEqual(Object.keys(adminRoutes).sort());
  });

  it('URB-SEC-06 a seção de cada rota é a da sua entrada na tabela de endpoints', () => {
    const table = Object.values(endpoints.admin).flatMap((group) => Object.values(group));
    const sectionOf = new Map(table.map((e) => [`${e.method} ${e.path}`, e.section as string]));
    const differ = Object.entries(adminRoutes)
      .filter(([key, { section }]) => sectionOf.get(key) !== section)
      .map(([key, { section }]) => `${key}: ${section} aqui, ${sectionOf.get(key)} na tabela`);
    expect(differ).toEqual([]);
  });

  it('URB-SEC-06 a matriz esperada é a de permissions.ts', () => {
    const adminList = ADMIN_EMAILS.split(',');
    for (const { section } of Object.values(adminRoutes)) {
      const expected = expectedByAccess[adminSections[section]];
      for (const [role, { subject }] of Object.entries(roles) as Array<[Role, (typeof roles)[Role]]>) {
        if (!subject) continue;
        expect(canUseAdminSection(subject, section, adminList), `${role} em ${section}`).toBe(
          expected[role] === 'ok',
        );
      }
    }
  });

  itAnswers('V4.1.1 / V4.1.5 %s', rows, async (res, row) => {
    if (row.access !== 'ok') {
      // V4.1.5: refused the same way whatever the input (no validation detail before access).
      expectMessageOnly(res, row.access === 401 ? httpMessages.unauthenticated : httpMessages.forbidden);
    } else if (row.invalid) {
      expectMessageOnly(res);
    } else if (row.method !== 'GET' && res.statusCode < 300) {
      // Every staff action that changes something leaves an audit entry (docs/decisions/017).
      expect(await auditCount(), `${row.key} sem registro de auditoria`).toBeGreaterThan(auditedBefore);
    }
  });
});
