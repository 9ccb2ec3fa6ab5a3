import { useState, type FormEvent } from 'react';
import { formatDateTime, invitationBodySchema, type Invitation } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import {
  accountApi,
  accountKeys,
  useAccountMutation,
  useInvitations,
} from '../../../features/account/index.ts';
import { AdminPage, Badge, Table, Th } from '../../../features/admin/index.ts';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const statusLabels: Record<Invitation['status'], string> = {
  pendente: 'Pendente',
  aceito: 'Aceito',
  revogado: 'Revogado',
  expirado: 'Expirado',
};

const date = (iso: string) => formatDateTime(iso);

/** /admin/equipe: invite operadores and admins by e-mail; revoke a pending invitation (issue #24 item 4). */
export function Component() {
  const invitations = useInvitations();
  const invite = useAccountMutation(accountApi.invite, [accountKeys.invitations]);
  const revoke = useAccountMutation(accountApi.revokeInvitation, [accountKeys.invitations]);
  const [form, setForm] = useState({
    email: '',
    nome_completo: '',
    role: 'operador' as 'operador' | 'admin',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitationBodySchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast.success('Convite enviado.');
      setForm({ email: '', nome_completo: '', role: 'operador' });
    } catch (e) {
      setErrors({ form: errorMessage(e, 'Não foi possível enviar o convite.') });
    }
  };

  return (
    <AdminPage
      title="Equipe"
      description="Convide pessoas por email para o painel. O link do convite define a senha, vale por 7 dias e serve uma vez."
    >
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-4"
        aria-label="Convidar para a equipe"
      >
        <Field
          label="Email"
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={errors.email}
        />
        <Field
          label="Nome (opcional)"
          value={form.nome_completo}
          onChange={(e) => setForm({ ...form, nome_completo: e.target.value })}
          error={errors.nome_completo}
        />
        <div className="space-y-1.5">
          <label htmlFor="convite-papel" className="block text-sm font-medium text-slate-800">
            Papel
          </label>
          <select
            id="convite-papel"
            className={inputClass}
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as 'operador' | 'admin' })}
          >
            <option value="operador">Operador</option>
            <option value="admin">Admin (só emails da lista de administradores)</option>
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={invite.isPending}>
            Enviar convite
          </Button>
        </div>
        {errors.form ? (
          <div className="md:col-span-4">
            <Alert>{errors.form}</Alert>
          </div>
        ) : null}
      </form>
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
        {(invitations.data?.items ?? []).map((inv) => (
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
    </AdminPage>
  );
}
