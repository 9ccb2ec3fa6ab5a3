import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDateTime, invitationBodySchema, invitationMessages, type Invitation } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import {
  accountApi,
  accountKeys,
  useAccountMutation,
  useInvitations,
} from '../../../features/account/index.ts';
import { AdminPage, Badge, QueryState, Table, Th } from '../../../features/admin/index.ts';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { StaffTable } from '../../../features/admin/components/staff-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const statusLabels: Record<Invitation['status'], string> = {
  pendente: 'Pendente',
  aceito: 'Aceito',
  revogado: 'Revogado',
  expirado: 'Expirado',
};

const date = (iso: string) => formatDateTime(iso);

const roleOptions = [
  ['operador', 'Operador'],
  ['admin', 'Admin (só emails da lista de administradores)'],
] as const;

/**
 * /admin/equipe: who can use the panel now (issue #40 item 8); invite operadores and admins by e-mail
 * and revoke a pending invitation (issue #24 item 4).
 */
export function Component() {
  const invitations = useInvitations();
  const invite = useAccountMutation(accountApi.invite, [accountKeys.invitations]);
  const form = useForm<z.input<typeof invitationBodySchema>, unknown, z.output<typeof invitationBodySchema>>({
    resolver: zodResolver(invitationBodySchema),
    defaultValues: { email: '', nome_completo: '', role: 'operador' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const sent = await invite.mutateAsync(body);
      toast.success(sent.replaced ? invitationMessages.resent : invitationMessages.sent);
      form.reset();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível enviar o convite.') });
    }
  });

  return (
    <AdminPage
      title="Equipe"
      description="Quem usa o painel agora, e os convites. O link do convite define a senha, vale por 7 dias e serve uma vez."
    >
      <h2 className="text-lg font-semibold text-slate-900">Quem usa o painel</h2>
      <StaffTable />
      <h2 className="text-lg font-semibold text-slate-900">Convites</h2>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-4"
        aria-label="Convidar para a equipe"
      >
        <Field label="Email" type="email" error={errors.email?.message} {...form.register('email')} />
        <Field
          label="Nome (opcional)"
          error={errors.nome_completo?.message}
          {...form.register('nome_completo')}
        />
        <SelectField
          label="Papel"
          options={roleOptions}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={invite.isPending}>
            Enviar convite
          </Button>
        </div>
        {errors.root ? (
          <div className="md:col-span-4">
            <Alert>{errors.root.message}</Alert>
          </div>
        ) : null}
      </form>
      <QueryState
        query={invitations}
        loading="Carregando convites..."
        empty="Nenhum convite enviado ainda. Convide alguém para a equipe pelo formulário acima."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => <InvitationTable items={data.items} />}
      </QueryState>
    </AdminPage>
  );
}

/** The invitations sent, newest first; a pending one can be revoked. */
function InvitationTable({ items }: { items: Invitation[] }) {
  const revoke = useAccountMutation(accountApi.revokeInvitation, [accountKeys.invitations]);
  return (
    <Table
      label="Convites"
      head={
        <>
          <Th>Email</Th>
          <Th>Papel</Th>
          <Th>Situação</Th>
          <Th>Convidado por</Th>
          <Th>Vale até</Th>
          <Th>
            <span className="sr-only">Ações</span>
          </Th>
        </>
      }
    >
      {items.map((inv) => (
        <tr key={inv.id}>
          <td className="px-3 py-2 break-all">{inv.email}</td>
          <td className="px-3 py-2">{inv.role === 'admin' ? 'Admin' : 'Operador'}</td>
          <td className="px-3 py-2">
            <Badge tone={inv.status === 'pendente' ? 'amber' : inv.status === 'aceito' ? 'green' : 'slate'}>
              {statusLabels[inv.status]}
            </Badge>
          </td>
          <td className="px-3 py-2">{inv.invited_by ?? '—'}</td>
          <td className="px-3 py-2">{date(inv.expires_at)}</td>
          <td className="px-3 py-2 text-right">
            {inv.status === 'pendente' ? (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" size="sm">
                    Revogar
                  </Button>
                }
                title="Revogar o convite?"
                consequence={`O link enviado para ${inv.email} deixa de funcionar.`}
                confirmLabel="Revogar convite"
                tone="danger"
                onConfirm={async () => {
                  await revoke.mutateAsync(inv.id);
                  toast.success('Convite revogado.');
                }}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}
