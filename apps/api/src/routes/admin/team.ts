import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSettingsMessages,
  invitationBodySchema,
  invitationMessages,
  invitationSentSchema,
  invitationsSchema,
  messageSchema,
  staffMembersSchema,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { requireSection } from '../../plugins/app/auth.ts';
import { requestExport } from '../../services/account/data-export.ts';
import { deleteAccount } from '../../services/account/delete-account.ts';
import { inviteStaff, listInvitations, revokeInvitation } from '../../services/staff/invitations.ts';
import { listStaff } from '../../services/staff/members.ts';
import { errors, idParams } from './common.ts';

/**
 * Staff invitations and the LGPD requests a customer makes to the team (issue #24 items 3 and 4):
 * admin only, like the rest of /admin/usuarios.
 */
export const teamAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireSection('usuarios', deps.config.adminEmails);
    const tags = ['admin'];

    app.get(
      '/equipe',
      {
        preValidation: guard,
        schema: {
          tags,
          summary:
            'Quem usa o painel agora: papel, verificação em duas etapas e último acesso (somente admin)',
          response: { 200: staffMembersSchema, ...errors },
        },
      },
      async () => ({ items: await listStaff(deps) }),
    );

    app.get(
      '/convites',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Convites para a equipe (somente admin)',
          response: { 200: invitationsSchema, ...errors },
        },
      },
      async () => ({ items: await listInvitations(deps) }),
    );

    app.post(
      '/convites',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Convida uma pessoa como operador ou admin (admin só da lista)',
          body: invitationBodySchema,
          response: { 201: invitationSentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { replaced } = await inviteStaff(deps, request.user!, request.body, request.ip);
        const [created] = await listInvitations(deps);
        return reply.code(201).send({ ...created!, replaced });
      },
    );

    app.post(
      '/convites/:id/revogar',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Revoga um convite pendente',
          params: idParams('Convite não encontrado.'),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await revokeInvitation(deps, request.user!.id, request.params.id, request.ip);
        return { message: invitationMessages.revoked };
      },
    );

    app.post(
      '/usuarios/:id/exportar-dados',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Prepara a cópia dos dados do cliente, a pedido dele (o link vai para ele)',
          params: idParams('Usuário não encontrado.'),
          response: { 202: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requestExport(deps, request.params.id, { actorId: request.user!.id, ip: request.ip });
        deps.kickExports();
        return reply.code(202).send({ message: accountSettingsMessages.exportRequestedForCustomer });
      },
    );

    app.post(
      '/usuarios/:id/excluir',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Exclui a conta do cliente, a pedido dele',
          params: idParams('Usuário não encontrado.'),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await deleteAccount(deps, request.params.id, { actorId: request.user!.id, ip: request.ip });
        return { message: 'Conta do cliente excluída.' };
      },
    );
  };
