import { useState } from 'react';
import { Link } from 'react-router';
import {
  buildPath,
  orderStatusLabels,
  paths,
  userTypes,
  type AdminUserDetail,
  type AdminUserRow,
  type UserType,
  ticketStatusLabels,
  type TicketStatus,
  formatDate,
  formatMoney,
  formatPhone,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { LgpdRequests } from './user-lgpd.tsx';
import {
  AdminPage,
  Dialog,
  DialogContent,
  Badge,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  SortHeader,
  Table,
  Th,
  Toolbar,
  OrderLimitsControl,
  useAdminUser,
  useAdminUsers,
  useChangeRole,
  useListParams,
  useResendConfirmation,
  useSetBlocked,
} from '../../../features/admin/index.ts';
import { useAuth } from '../../../features/auth/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const roleLabels: Record<UserType, string> = { cliente: 'Cliente', operador: 'Operador', admin: 'Admin' };

/** What a new role means, said in the confirmation before it is saved (issue #17 item 2). */
const roleConsequences: Record<UserType, string> = {
  cliente: 'Perde o acesso ao painel na próxima ação que fizer nele.',
  operador:
    'Passa a entrar no painel: resumo, produtos, campanhas, atendimento, notificações e relatórios (sem usuários, cupons, emails e registros).',
  admin:
    'Passa a ter acesso a todas as seções do painel, se o e-mail estiver na lista de administradores autorizados.',
};

/** The last sign-in, or that there was none. */
const lastAccess = (at: string | null) => (at ? formatDate(at) : 'Nunca entrou');

/** Blocking ends the account's sessions at once; unblocking lets it sign in again. */
function BlockControl({ user, who }: { user: AdminUserDetail; who: string }) {
  const { user: me } = useAuth();
  const setBlocked = useSetBlocked();
  const id = user.id;
  return user.blocked ? (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" className="h-10">
          Desbloquear
        </Button>
      }
      title="Desbloquear este usuário?"
      consequence={<p>{who} volta a poder entrar na Urbana com a própria senha.</p>}
      confirmLabel="Desbloquear"
      onConfirm={async () => {
        await setBlocked.mutateAsync({ id, blocked: false });
        toast.success('Usuário desbloqueado');
      }}
    />
  ) : (
    <ConfirmDialog
      trigger={
        <Button variant="danger" size="sm" className="h-10" disabled={user.id === me?.id}>
          Bloquear
        </Button>
      }
      title="Bloquear este usuário?"
      tone="danger"
      consequence={
        <p>
          {who} é desconectado agora (
          {user.active_sessions === 1 ? '1 sessão aberta' : `${user.active_sessions} sessões abertas`}) e não
          consegue entrar até ser desbloqueado.
        </p>
      }
      confirmLabel="Bloquear"
      onConfirm={async () => {
        await setBlocked.mutateAsync({ id, blocked: true });
        toast.success('Usuário bloqueado e desconectado');
      }}
    />
  );
}

/** What an admin may change in an account: its role, blocking, the confirmation e-mail. */
function UserActions({
  user,
  who,
  onError,
}: {
  user: AdminUserDetail;
  who: string;
  onError: (message: string | null) => void;
}) {
  const { user: me } = useAuth();
  const changeRole = useChangeRole();
  const resend = useResendConfirmation();
  const [role, setRole] = useState<UserType | null>(null);
  const id = user.id;
  const run = async (action: () => Promise<unknown>, success: string) => {
    onError(null);
    try {
      await action();
      toast.success(success);
    } catch (e) {
      onError(errorMessage(e, 'Não foi possível concluir. Tente novamente.'));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FilterSelect
        label="Papel"
        value={role ?? user.tipo_usuario}
        disabled={changeRole.isPending || user.id === me?.id}
        onChange={(e) => setRole(e.target.value as UserType)}
        options={userTypes.map((t) => [t, roleLabels[t]])}
      />
      {role && role !== user.tipo_usuario ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" className="h-10">
              Salvar papel
            </Button>
          }
          title={`Mudar o papel para ${roleLabels[role]}?`}
          consequence={
            <p>
              {who} passa de {roleLabels[user.tipo_usuario]} para {roleLabels[role]}. {roleConsequences[role]}
            </p>
          }
          confirmLabel={`Mudar para ${roleLabels[role]}`}
          tone={role === 'cliente' ? 'danger' : 'primary'}
          onConfirm={async () => {
            await changeRole.mutateAsync({ id, tipo: role });
            setRole(null);
            toast.success('Papel alterado');
          }}
        />
      ) : null}
      <BlockControl user={user} who={who} />
      {!user.email_confirmed ? (
        <Button
          variant="secondary"
          size="sm"
          className="h-10"
          onClick={() => void run(() => resend.mutateAsync(id), 'Confirmação reenviada')}
        >
          Reenviar confirmação
        </Button>
      ) : null}
    </div>
  );
}

function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAdminUser(id);
  const [error, setError] = useState<string | null>(null);
  const who = detail.data ? detail.data.nome_completo || detail.data.email : '';
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Usuário" className="max-w-2xl">
        {detail.isPending ? (
          <Spinner label="Carregando usuário..." />
        ) : detail.isError ? (
          <Alert>{detail.error.message}</Alert>
        ) : (
          <div className="space-y-4 text-sm">
            <div>
              <p className="text-lg font-semibold text-slate-900">{detail.data.nome_completo || '—'}</p>
              <p className="text-slate-600">{detail.data.email}</p>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-slate-700">
                <div>
                  <dt className="text-xs text-slate-500">Último acesso</dt>
                  <dd>{lastAccess(detail.data.last_access)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Cadastro</dt>
                  <dd>{formatDate(detail.data.created_at)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Telefone</dt>
                  <dd>{detail.data.telefone ? formatPhone(detail.data.telefone) : '—'}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Sessões abertas</dt>
                  <dd>{detail.data.active_sessions}</dd>
                </div>
              </dl>
            </div>
            {error ? <Alert>{error}</Alert> : null}
            {detail.data.deleted_at ? (
              <Alert tone="info">
                Conta excluída a pedido do titular em {formatDate(detail.data.deleted_at)} (LGPD). Ela fica só
                para os pedidos e as faturas; nada nela pode ser alterado.
              </Alert>
            ) : null}
            {detail.data.deleted ? null : <UserActions user={detail.data} who={who} onError={setError} />}
            {detail.data.tipo_usuario === 'cliente' && !detail.data.deleted ? (
              <OrderLimitsControl userId={id} />
            ) : null}
            {detail.data.tipo_usuario === 'cliente' && !detail.data.deleted ? (
              <LgpdRequests id={id} who={who} onDeleted={onClose} />
            ) : null}
            <UserHistory orders={detail.data.orders} tickets={detail.data.tickets} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserStatus({ user: u }: { user: AdminUserRow }) {
  return u.deleted ? (
    <Badge tone="slate">Excluída (LGPD)</Badge>
  ) : u.blocked ? (
    <Badge tone="red">Bloqueado</Badge>
  ) : u.email_confirmed ? (
    <Badge tone="green">Ativo</Badge>
  ) : (
    <Badge tone="amber">Não confirmado</Badge>
  );
}

export function Component() {
  const list = useListParams({ sort: 'created_at', dir: 'desc', page: '1', page_size: '20' });
  const users = useAdminUsers(list.search);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <AdminPage title="Usuários" description="Contas, papéis, bloqueios e confirmações.">
      <Toolbar>
        <SearchBox list={list} label="Buscar por nome ou email" />
        <FilterSelect
          label="Papel"
          value={list.get('tipo')}
          onChange={(e) => list.set({ tipo: e.target.value })}
          options={[['', 'Todos'], ...userTypes.map((t): [string, string] => [t, roleLabels[t]])]}
        />
        <FilterSelect
          label="Situação"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[
            ['', 'Todas'],
            ['ativo', 'Ativos'],
            ['bloqueado', 'Bloqueados'],
            ['nao_confirmado', 'Email não confirmado'],
            ['excluido', 'Excluídas (LGPD)'],
          ]}
        />
      </Toolbar>
      <QueryState
        query={users}
        loading="Carregando usuários..."
        empty="Nenhum usuário encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Usuários"
              head={
                <>
                  <SortHeader list={list} column="nome_completo">
                    Nome
                  </SortHeader>
                  <SortHeader list={list} column="email">
                    Email
                  </SortHeader>
                  <Th>Papel</Th>
                  <Th>Situação</Th>
                  <SortHeader list={list} column="created_at">
                    Cadastro
                  </SortHeader>
                  <SortHeader list={list} column="last_access">
                    Último acesso
                  </SortHeader>
                </>
              }
            >
              {data.items.map((u) => (
                <tr key={u.id}>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="font-medium text-brand-700 hover:underline"
                      onClick={() => setOpen(u.id)}
                    >
                      {u.nome_completo || '(sem nome)'}
                    </button>
                  </td>
                  <td className="px-3 py-2">{u.email}</td>
                  <td className="px-3 py-2">{roleLabels[u.tipo_usuario]}</td>
                  <td className="px-3 py-2">
                    <UserStatus user={u} />
                  </td>
                  <td className="px-3 py-2">{formatDate(u.created_at)}</td>
                  <td className="px-3 py-2">{lastAccess(u.last_access)}</td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
      {open ? <UserDetail id={open} onClose={() => setOpen(null)} /> : null}
    </AdminPage>
  );
}

/** The account's orders and support tickets, each a link to its page in the panel. */
function UserHistory({
  orders,
  tickets,
}: {
  orders: AdminUserDetail['orders'];
  tickets: AdminUserDetail['tickets'];
}) {
  return (
    <>
      <div>
        <h3 className="font-semibold text-slate-900">Pedidos</h3>
        {orders.length === 0 ? (
          <p className="text-slate-600">Nenhum pedido.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {orders.map((o) => (
              <li key={o.id} className="flex justify-between gap-2 py-1.5">
                <span>
                  <Link
                    to={buildPath(paths.admin.pedido, { id: o.id })}
                    className="font-medium text-brand-700 underline"
                  >
                    {o.code}
                  </Link>{' '}
                  · {formatDate(o.created_at)}
                </span>
                <span>
                  {formatMoney(o.total)} · {orderStatusLabels[o.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Chamados de suporte</h3>
        {tickets.length === 0 ? (
          <p className="text-slate-600">Nenhum chamado.</p>
        ) : (
          <ul className="mt-1">
            {tickets.map((t) => (
              <li key={t.id}>
                <Link
                  to={`${paths.admin.suporte}?${new URLSearchParams({ id: t.id }).toString()}`}
                  className="font-medium text-brand-700 underline"
                >
                  {t.code}
                </Link>{' '}
                · {t.subject} · {ticketStatusLabels[t.status as TicketStatus] ?? t.status}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
