/** An agency, its people, its advertisers and the PIs (pedidos de inserção) of its orders. */
import {
  advertiserBodySchema,
  advertiserListResponse,
  advertiserSchema,
  agencyBodySchema,
  agencyMemberBodySchema,
  agencyMembersResponse,
  agencyMessages,
  agencySchema,
  myAgencyResponse,
} from '../agencies/schemas.ts';
import { insertionOrderMessages, insertionOrderSchema } from '../agencies/insertion-order.ts';
import { endpoint } from './define.ts';
import { uuidParams } from './params.ts';

const agencyTags = ['agência'] as const;
const advertiserParams = uuidParams(agencyMessages.advertiserNotFound);
const insertionOrderParams = uuidParams(insertionOrderMessages.notFound);

export const accountAgencyEndpoints = {
  agency: {
    mine: endpoint({
      method: 'GET',
      path: '/api/agencia',
      answer: myAgencyResponse,
      summary: 'Minha agência, a minha função e as pessoas',
      tags: agencyTags,
    }),
    register: endpoint({
      method: 'POST',
      path: '/api/agencia',
      body: agencyBodySchema,
      answer: agencySchema,
      status: 201,
      summary: 'Cadastra a agência (CNPJ e certificado do CENP, confirmado pela equipe)',
      tags: agencyTags,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/api/agencia',
      body: agencyBodySchema,
      answer: agencySchema,
      summary: 'Altera os dados da agência; um certificado novo volta a esperar a equipe',
      tags: agencyTags,
    }),
    addMember: endpoint({
      method: 'POST',
      path: '/api/agencia/pessoas',
      body: agencyMemberBodySchema,
      answer: agencyMembersResponse,
      summary: 'Inclui na agência uma pessoa com conta na Urbana',
      tags: agencyTags,
    }),
    advertisers: endpoint({
      method: 'GET',
      path: '/api/agencia/anunciantes',
      answer: advertiserListResponse,
      summary: 'Os anunciantes da agência',
      tags: agencyTags,
    }),
    createAdvertiser: endpoint({
      method: 'POST',
      path: '/api/agencia/anunciantes',
      body: advertiserBodySchema,
      answer: advertiserSchema,
      status: 201,
      summary: 'Cadastra um anunciante (CNPJ, inclusive alfanumérico, e dados de faturamento)',
      tags: agencyTags,
    }),
    advertiser: endpoint({
      method: 'GET',
      path: '/api/agencia/anunciantes/:id',
      params: advertiserParams,
      answer: advertiserSchema,
      summary: 'Um anunciante da agência',
      tags: agencyTags,
    }),
    updateAdvertiser: endpoint({
      method: 'PUT',
      path: '/api/agencia/anunciantes/:id',
      params: advertiserParams,
      body: advertiserBodySchema,
      answer: advertiserSchema,
      summary: 'Altera um anunciante da agência',
      tags: agencyTags,
    }),
    insertionOrder: endpoint({
      method: 'GET',
      path: '/api/agencia/pedidos/:id/pi',
      params: insertionOrderParams,
      answer: insertionOrderSchema,
      summary: 'O PI (pedido de inserção) de um pedido da agência',
      tags: agencyTags,
    }),
    insertionOrderPdf: endpoint({
      method: 'GET',
      path: '/api/agencia/pedidos/:id/pi.pdf',
      params: insertionOrderParams,
      summary: 'O PI de um pedido da agência, em PDF',
      tags: agencyTags,
    }),
    approveInsertionOrder: endpoint({
      method: 'POST',
      path: '/api/agencia/pedidos/:id/pi/aprovar',
      params: insertionOrderParams,
      answer: insertionOrderSchema,
      summary: 'A agência aprova o PI: registra quem, quando e de onde; as campanhas podem começar',
      tags: agencyTags,
    }),
  },
} as const;
