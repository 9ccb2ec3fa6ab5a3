/** The signed-in customer's saved media plans and the proposals they asked for or received. */
import {
  planCreateBodySchema,
  planDetailSchema,
  planIdParamsSchema,
  planListSchema,
  planRenameBodySchema,
  planShareSchema,
  planSummarySchema,
} from '../plans/schemas.ts';
import {
  proposalCounterSchema,
  proposalDeclineSchema,
  proposalRequestSchema,
} from '../proposals/negotiation-inputs.ts';
import {
  customerProposalListResponse,
  proposalAcceptResponse,
  proposalAcceptSchema,
  proposalMessages,
  proposalSchema,
} from '../proposals/schemas.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const planTags = ['planos'] as const;
const proposalTags = ['propostas'] as const;
const proposalParams = uuidParams(proposalMessages.notFound);

export const accountPlanEndpoints = {
  plans: {
    list: endpoint({
      method: 'GET',
      path: '/api/planos',
      answer: planListSchema,
      summary: 'Os planos salvos',
      tags: planTags,
    }),
    create: endpoint({
      method: 'POST',
      path: '/api/planos',
      body: planCreateBodySchema,
      answer: planSummarySchema,
      status: 201,
      summary: 'Salva um carrinho ou um resultado do planejador como plano',
      tags: planTags,
    }),
    detail: endpoint({
      method: 'GET',
      path: '/api/planos/:id',
      params: planIdParamsSchema,
      answer: planDetailSchema,
      summary: 'Um plano, com preços e vagas de agora e o que mudou desde que foi salvo',
      tags: planTags,
    }),
    map: endpoint({
      method: 'GET',
      path: '/api/planos/:id/mapa.png',
      params: planIdParamsSchema,
      summary: 'O mapa do plano, desenhado no servidor',
      tags: planTags,
    }),
    rename: endpoint({
      method: 'PATCH',
      path: '/api/planos/:id',
      params: planIdParamsSchema,
      body: planRenameBodySchema,
      answer: planSummarySchema,
      summary: 'Renomeia o plano',
      tags: planTags,
    }),
    duplicate: endpoint({
      method: 'POST',
      path: '/api/planos/:id/duplicar',
      params: planIdParamsSchema,
      answer: planSummarySchema,
      status: 201,
      summary: 'Duplica o plano',
      tags: planTags,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/api/planos/:id',
      params: planIdParamsSchema,
      status: 204,
      summary: 'Exclui o plano',
      tags: planTags,
    }),
    share: endpoint({
      method: 'POST',
      path: '/api/planos/:id/compartilhar',
      params: planIdParamsSchema,
      answer: planShareSchema,
      summary: 'Cria (ou devolve) o link público do plano',
      tags: planTags,
    }),
    unshare: endpoint({
      method: 'DELETE',
      path: '/api/planos/:id/compartilhar',
      params: planIdParamsSchema,
      answer: planShareSchema,
      summary: 'Revoga o link público: a página e o PDF passam a responder 404',
      tags: planTags,
    }),
  },
  proposals: {
    list: endpoint({
      method: 'GET',
      path: '/api/propostas',
      answer: customerProposalListResponse,
      summary: 'As propostas recebidas, das mais novas',
      tags: proposalTags,
    }),
    request: endpoint({
      method: 'POST',
      path: '/api/propostas',
      body: proposalRequestSchema,
      answer: proposalSchema,
      status: 201,
      summary: 'Pede uma proposta para o carrinho ou um plano: mensagem e orçamento-alvo',
      tags: proposalTags,
    }),
    detail: endpoint({
      method: 'GET',
      path: '/api/propostas/:id',
      params: proposalParams,
      answer: proposalSchema,
      summary: 'Uma proposta recebida',
      tags: proposalTags,
    }),
    pdf: endpoint({
      method: 'GET',
      path: '/api/propostas/:id/pdf',
      params: proposalParams,
      summary: 'A proposta em PDF',
      tags: proposalTags,
    }),
    accept: endpoint({
      method: 'POST',
      path: '/api/propostas/:id/aceitar',
      params: proposalParams,
      body: proposalAcceptSchema,
      answer: proposalAcceptResponse,
      status: 201,
      summary: 'Aceita a proposta: cria o pedido e reserva as vagas',
      tags: proposalTags,
    }),
    counter: endpoint({
      method: 'POST',
      path: '/api/propostas/:id/contraproposta',
      params: proposalParams,
      body: proposalCounterSchema,
      answer: proposalSchema,
      summary: 'Contrapropõe: um preço por local ou um total',
      tags: proposalTags,
    }),
    decline: endpoint({
      method: 'POST',
      path: '/api/propostas/:id/recusar',
      params: proposalParams,
      body: proposalDeclineSchema,
      answer: proposalSchema,
      summary: 'Recusa a proposta, dizendo por quê',
      tags: proposalTags,
    }),
  },
} as const;
