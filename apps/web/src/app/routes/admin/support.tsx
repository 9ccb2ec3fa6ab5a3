import { ChevronLeft, Inbox, Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  ticketCategoryLabels,
  ticketStatuses,
  ticketStatusLabels,
  type TicketStatus,
  formatDate,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { inputClass, SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  ReplyForm,
  TicketMessages,
  TicketStatusBadge,
  useStaffReply,
  useStaffTicket,
  useStaffTickets,
  useSupportStaff,
  useUpdateTicket,
} from '../../../features/support/index.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-client.ts';

function TicketPanel({ id, onBack }: { id: string; onBack(): void }) {
  const ticket = useStaffTicket(id);
  const reply = useStaffReply(id);
  const update = useUpdateTicket(id);
  const staff = useSupportStaff();
  if (ticket.isPending) return <Spinner label="Carregando atendimento..." />;
  if (ticket.isError) return <Alert>{ticket.error.message}</Alert>;
  const t = ticket.data;
  const change = (body: { status?: TicketStatus; assignee_id?: string | null }, done: string) =>
    update.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (e) => toast.error('Não foi possível salvar', errorMessage(e, 'Tente novamente.')),
    });
  return (
    <div className="space-y-4">
      <Button variant="link" onClick={onBack} className="lg:hidden">
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Voltar à caixa
      </Button>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t.subject}</h2>
        <p className="text-sm text-slate-600">
          {t.code} · {ticketCategoryLabels[t.category]} · {t.name} &lt;{t.email}&gt; · aberto em{' '}
          {formatDate(t.created_at)}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="ticket-status"
          label="Status"
          value={t.status}
          disabled={update.isPending}
          onChange={(e) => change({ status: e.target.value as TicketStatus }, 'Status atualizado')}
          options={ticketStatuses.map((s) => [s, ticketStatusLabels[s]] as const)}
        />
        <SelectField
          id="ticket-responsavel"
          label="Responsável"
          value={t.assignee_id ?? ''}
          disabled={update.isPending || staff.isPending}
          onChange={(e) => change({ assignee_id: e.target.value || null }, 'Responsável atualizado')}
          options={[['', 'Ninguém'], ...(staff.data ?? []).map((s) => [s.id, s.nome_completo] as const)]}
        />
      </div>
      <TicketMessages messages={t.messages} viewer="equipe" customerName={t.name} />
      <ReplyForm
        label="Resposta ao cliente"
        submitLabel="Responder"
        onSend={async (m) => {
          await reply.mutateAsync(m);
          toast.success('Resposta enviada', 'O cliente recebe uma notificação e um email.');
        }}
      />
    </div>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const status = (ticketStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as TicketStatus)
    : null;
  const q = params.get('q') ?? '';
  const mine = params.get('meus') === '1';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const selected = params.get('id');
  const list = useStaffTickets({ status: status ?? undefined, q, meus: mine ? '1' : undefined, page });

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Suporte</h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section
          aria-label="Caixa de atendimentos"
          className={cn('space-y-3', selected && 'hidden lg:block')}
        >
          <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por status">
            {[null, ...ticketStatuses].map((s) => (
              <button
                key={s ?? 'todos'}
                type="button"
                aria-pressed={status === s}
                onClick={() => update({ status: s, pagina: null })}
                className={cn(
                  'rounded-full px-3 py-1 text-sm font-medium ring-1',
                  status === s
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {s ? ticketStatusLabels[s] : 'Todos'}
                {s && list.data?.counts[s] ? ` (${list.data.counts[s]})` : ''}
              </button>
            ))}
          </div>
          <form
            role="search"
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const value = new FormData(e.currentTarget).get('q');
              update({ q: typeof value === 'string' && value.trim() ? value.trim() : null, pagina: null });
            }}
          >
            <label htmlFor="busca-atendimentos" className="sr-only">
              Buscar por código, assunto, nome ou email
            </label>
            <input
              id="busca-atendimentos"
              type="search"
              name="q"
              key={q}
              defaultValue={q}
              placeholder="Código, assunto, nome ou email"
              className={cn(inputClass, 'h-10')}
            />
            <Button type="submit" variant="secondary" aria-label="Buscar">
              <Search className="h-4 w-4" aria-hidden="true" />
            </Button>
          </form>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={mine}
              onChange={(e) => update({ meus: e.target.checked ? '1' : null, pagina: null })}
              className="h-4 w-4 accent-brand-700"
            />
            Só os atribuídos a mim
          </label>
          <Card className="p-0">
            {list.isPending ? (
              <Spinner label="Carregando atendimentos..." className="p-6" />
            ) : list.isError ? (
              <div className="p-4">
                <Alert>{list.error.message}</Alert>
              </div>
            ) : list.data.items.length === 0 ? (
              <div className="p-8 text-center">
                <Inbox className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
                <p className="mt-2 font-medium text-slate-900">Nenhum atendimento aqui</p>
                <p className="text-sm text-slate-600">
                  {status || q || mine ? 'Mude os filtros para ver outros.' : 'A caixa está vazia.'}
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Atendimentos">
                {list.data.items.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      aria-current={selected === t.id ? 'true' : undefined}
                      onClick={() => update({ id: t.id })}
                      className={cn(
                        'block w-full px-4 py-3 text-left hover:bg-slate-50',
                        selected === t.id && 'bg-brand-50',
                      )}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-medium text-slate-900">{t.subject}</span>
                        <TicketStatusBadge status={t.status} />
                      </span>
                      <span className="block truncate text-sm text-slate-600">
                        {t.code} · {t.name} · {formatDate(t.last_message_at)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {pages > 1 ? (
            <nav aria-label="Paginação" className="flex items-center justify-between text-sm">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ pagina: String(page - 1) })}
              >
                Anterior
              </Button>
              <span>
                Página {page} de {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ pagina: String(page + 1) })}
              >
                Próxima
              </Button>
            </nav>
          ) : null}
        </section>
        <section aria-label="Atendimento" className={cn(!selected && 'hidden lg:block')}>
          <Card>
            {selected ? (
              <TicketPanel id={selected} onBack={() => update({ id: null })} />
            ) : (
              <p className="text-slate-600">
                Escolha um atendimento na caixa para ler a conversa e responder.
              </p>
            )}
          </Card>
        </section>
      </div>
    </div>
  );
}
