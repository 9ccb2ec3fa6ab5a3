import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertiserBodySchema,
  advertiserListResponse,
  advertiserSchema,
  agencyBodySchema,
  agencyMemberBodySchema,
  agencyMembersResponse,
  agencyMessages,
  agencySchema,
  messageSchema,
  myAgencyResponse,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { addMember, myAgency, registerAgency, updateAgency } from '../../services/agencies/agency.ts';
import {
  advertiserOfCaller,
  advertiserView,
  createAdvertiser,
  listAdvertisers,
  updateAdvertiser,
} from '../../services/agencies/advertisers.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
};
const params = z.object({ id: z.uuid({ error: agencyMessages.advertiserNotFound }) });

/** /usuario/agencia: an agency, its people and its advertisers (issue #44 item 1). */
export const agencyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.addHook('preValidation', requireUser);
    const tags = ['agência'];

    app.get(
      '/agencia',
      {
        schema: {
          tags,
          summary: 'Minha agência, a minha função e as pessoas',
          response: { 200: myAgencyResponse, ...errors },
        },
      },
      async (request) => myAgency(db, request.user!.id, deps.config.agencyCommissionPercent),
    );

    app.post(
      '/agencia',
      {
        schema: {
          tags,
          summary: 'Cadastra a agência (CNPJ e certificado do CENP, confirmado pela equipe)',
          body: agencyBodySchema,
          response: { 201: agencySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await registerAgency(db, request.user!.id, request.body, request.ip)),
    );

    app.put(
      '/agencia',
      {
        schema: {
          tags,
          summary: 'Altera os dados da agência; um certificado novo volta a esperar a equipe',
          body: agencyBodySchema,
          response: { 200: agencySchema, ...errors },
        },
      },
      async (request) => updateAgency(db, request.user!.id, request.body, request.ip),
    );

    app.post(
      '/agencia/pessoas',
      {
        schema: {
          tags,
          summary: 'Inclui na agência uma pessoa com conta na Urbana',
          body: agencyMemberBodySchema,
          response: { 200: agencyMembersResponse, ...errors },
        },
      },
      async (request) => addMember(db, request.user!.id, request.body.email, request.ip),
    );

    app.get(
      '/agencia/anunciantes',
      {
        schema: {
          tags,
          summary: 'Os anunciantes da agência',
          response: { 200: advertiserListResponse, ...errors },
        },
      },
      async (request) => listAdvertisers(db, request.user!.id),
    );

    app.post(
      '/agencia/anunciantes',
      {
        schema: {
          tags,
          summary: 'Cadastra um anunciante (CNPJ, inclusive alfanumérico, e dados de faturamento)',
          body: advertiserBodySchema,
          response: { 201: advertiserSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createAdvertiser(db, request.user!.id, request.body, request.ip)),
    );

    app.get(
      '/agencia/anunciantes/:id',
      {
        schema: {
          tags,
          summary: 'Um anunciante da agência',
          params,
          response: { 200: advertiserSchema, ...errors },
        },
      },
      async (request) => advertiserView(await advertiserOfCaller(db, request.user!.id, request.params.id)),
    );

    app.put(
      '/agencia/anunciantes/:id',
      {
        schema: {
          tags,
          summary: 'Altera um anunciante da agência',
          params,
          body: advertiserBodySchema,
          response: { 200: advertiserSchema, ...errors },
        },
      },
      async (request) => updateAdvertiser(db, request.user!.id, request.params.id, request.body, request.ip),
    );
  };
