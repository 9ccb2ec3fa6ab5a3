/** Staff endpoints about people: the dashboard, accounts, the team, agencies and the logs. */
import { agencyMessages, agencySchema, adminAgencyListResponse } from '../agencies/schemas.ts';
import {
  invitationBodySchema,
  invitationSentSchema,
  invitationsSchema,
  staffMembersSchema,
} from '../account/schemas.ts';
import { roleChangeSchema } from '../admin-schemas.ts';
import {
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  auditLogPageSchema,
  emailDetailSchema,
  emailLogPageSchema,
} from '../admin/schemas.ts';
import { messageSchema } from '../auth/schemas.ts';
import { orderLimitStatusSchema } from '../orders/admin-schemas.ts';
import { adminUserListQuery, auditLogListQuery, emailLogListQuery, orderLimitsBody } from './admin-inputs.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const tags = ['admin'] as const;
const user = uuidParams('Usuário não encontrado.');
const email = uuidParams('Email não encontrado.');

export const adminPeopleEndpoints = {
  dashboard: {
    overview: endpoint({
      method: 'GET',
      path: '/api/admin/resumo',
      answer: adminOverviewSchema,
      section: 'dashboard',
      summary: 'Painel: receita, pedidos, ticket médio, novos usuários, ocupação, 30 dias, pendências',
      tags,
    }),
  },
  users: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/usuarios',
      query: adminUserListQuery,
      answer: adminUserPageSchema,
      section: 'usuarios',
      summary: 'Usuários com busca, filtros, ordenação e paginação (somente admin)',
      tags,
    }),
    one: endpoint({
      method: 'GET',
      path: '/api/admin/usuarios/:id',
      params: user,
      answer: adminUserDetailSchema,
      section: 'usuarios',
      summary: 'Detalhes: pedidos, chamados, último acesso',
      tags,
    }),
    changeRole: endpoint({
      method: 'PUT',
      path: '/api/admin/usuarios/:id/papel',
      params: user,
      body: roleChangeSchema,
      answer: adminUserDetailSchema,
      section: 'usuarios',
      summary: 'Muda o papel (cliente, operador, admin)',
      tags,
    }),
    block: endpoint({
      method: 'POST',
      path: '/api/admin/usuarios/:id/bloquear',
      params: user,
      answer: adminUserDetailSchema,
      section: 'usuarios',
      summary: 'Bloqueia (encerra as sessões na hora)',
      tags,
    }),
    unblock: endpoint({
      method: 'POST',
      path: '/api/admin/usuarios/:id/desbloquear',
      params: user,
      answer: adminUserDetailSchema,
      section: 'usuarios',
      summary: 'Desbloqueia',
      tags,
    }),
    resendConfirmation: endpoint({
      method: 'POST',
      path: '/api/admin/usuarios/:id/reenviar-confirmacao',
      params: user,
      answer: messageSchema,
      section: 'usuarios',
      summary: 'Reenvia o email de confirmação',
      tags,
    }),
    orderLimits: endpoint({
      method: 'GET',
      path: '/api/admin/usuarios/:id/limites-pedido',
      params: user,
      answer: orderLimitStatusSchema,
      section: 'usuarios',
      summary: 'Limites de pedidos sem pagamento de um cliente e se foram liberados',
      tags,
    }),
    setOrderLimits: endpoint({
      method: 'PUT',
      path: '/api/admin/usuarios/:id/limites-pedido',
      params: user,
      body: orderLimitsBody,
      answer: orderLimitStatusSchema,
      section: 'usuarios',
      summary: 'Libera (ou volta a aplicar) os limites de pedidos sem pagamento de um cliente',
      tags,
    }),
    exportData: endpoint({
      method: 'POST',
      path: '/api/admin/usuarios/:id/exportar-dados',
      params: user,
      answer: messageSchema,
      status: 202,
      section: 'usuarios',
      summary: 'Prepara a cópia dos dados do cliente, a pedido dele (o link vai para ele)',
      tags,
    }),
    remove: endpoint({
      method: 'POST',
      path: '/api/admin/usuarios/:id/excluir',
      params: user,
      answer: messageSchema,
      section: 'usuarios',
      summary: 'Exclui a conta do cliente, a pedido dele',
      tags,
    }),
  },
  team: {
    members: endpoint({
      method: 'GET',
      path: '/api/admin/equipe',
      answer: staffMembersSchema,
      section: 'usuarios',
      summary: 'Quem usa o painel agora: papel, verificação em duas etapas e último acesso (somente admin)',
      tags,
    }),
    invitations: endpoint({
      method: 'GET',
      path: '/api/admin/convites',
      answer: invitationsSchema,
      section: 'usuarios',
      summary: 'Convites para a equipe (somente admin)',
      tags,
    }),
    invite: endpoint({
      method: 'POST',
      path: '/api/admin/convites',
      body: invitationBodySchema,
      answer: invitationSentSchema,
      status: 201,
      section: 'usuarios',
      summary: 'Convida uma pessoa como operador ou admin (admin só da lista)',
      tags,
    }),
    revoke: endpoint({
      method: 'POST',
      path: '/api/admin/convites/:id/revogar',
      params: uuidParams('Convite não encontrado.'),
      answer: messageSchema,
      section: 'usuarios',
      summary: 'Revoga um convite pendente',
      tags,
    }),
  },
  agencies: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/agencias',
      answer: adminAgencyListResponse,
      section: 'usuarios',
      summary: 'Agências, as que esperam confirmação primeiro (somente admin)',
      tags,
    }),
    confirm: endpoint({
      method: 'POST',
      path: '/api/admin/agencias/:id/confirmar',
      params: uuidParams(agencyMessages.notFound),
      answer: agencySchema,
      section: 'usuarios',
      summary: 'Confirma o certificado do CENP da agência (somente admin)',
      tags,
    }),
  },
  emailLogs: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/email-logs',
      query: emailLogListQuery,
      answer: emailLogPageSchema,
      section: 'email-logs',
      summary: 'Todos os emails: destinatário, assunto, modelo, status, erro, datas (somente admin)',
      tags,
    }),
    one: endpoint({
      method: 'GET',
      path: '/api/admin/email-logs/:id',
      params: email,
      answer: emailDetailSchema,
      section: 'email-logs',
      summary: 'Um email com o corpo',
      tags,
    }),
    resend: endpoint({
      method: 'POST',
      path: '/api/admin/email-logs/:id/reenviar',
      params: email,
      answer: emailDetailSchema,
      status: 201,
      section: 'email-logs',
      summary: 'Reenvia (uma nova cópia na fila)',
      tags,
    }),
  },
  auditLog: {
    list: endpoint({
      method: 'GET',
      path: '/api/admin/logs',
      query: auditLogListQuery,
      answer: auditLogPageSchema,
      section: 'logs',
      summary: 'Trilha de auditoria: ações da equipe e eventos de entrada (somente admin)',
      tags,
    }),
  },
} as const;
