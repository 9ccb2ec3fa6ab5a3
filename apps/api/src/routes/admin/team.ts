import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSettingsMessages, endpoints, invitationMessages } from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestExport } from '../../services/account/data-export.ts';
import { deleteAccount } from '../../services/account/delete-account.ts';
import { inviteStaff, listInvitations, revokeInvitation } from '../../services/staff/invitations.ts';
import { listStaff } from '../../services/staff/members.ts';

/**
 * Staff invitations and the LGPD requests a customer makes to the team (issue #24 items 3 and 4):
 * admin only, like the rest of /admin/usuarios.
 */
export const teamAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { team, users } = endpoints.admin;
    route(app, team.members, async () => ({ items: await listStaff(deps) }));
    route(app, team.invitations, async () => ({ items: await listInvitations(deps) }));
    route(app, team.invite, async (request) => {
      const { replaced } = await inviteStaff(deps, request.user!, request.body, request.ip);
      const [created] = await listInvitations(deps);
      return { ...created!, replaced };
    });
    route(app, team.revoke, async (request) => {
      await revokeInvitation(deps, request.user!.id, request.params.id, request.ip);
      return { message: invitationMessages.revoked };
    });
    route(app, users.exportData, async (request) => {
      await requestExport(deps, request.params.id, { actorId: request.user!.id, ip: request.ip });
      deps.kickExports();
      return { message: accountSettingsMessages.exportRequestedForCustomer };
    });
    route(app, users.remove, async (request) => {
      await deleteAccount(deps, request.params.id, { actorId: request.user!.id, ip: request.ip });
      return { message: 'Conta do cliente excluída.' };
    });
  };
