import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FilterChip } from '../../../components/ui/filter-chip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  whenLabel,
} from '../../../features/notifications/index.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';

export function Component() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [onlyUnread, setOnlyUnread] = useState(false);

  const items = list.data?.items.filter((n) => !onlyUnread || !n.read) ?? [];
  const unread = list.data?.unread ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notificações</h1>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {unread === 0 ? 'Tudo lido.' : `${unread} ${unread === 1 ? 'não lida' : 'não lidas'}.`}
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={unread === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (e) => toast.error('Não foi possível marcar como lidas', e.message),
            })
          }
        >
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          Marcar todas como lidas
        </Button>
      </div>
      <div className="flex gap-2" role="group" aria-label="Mostrar">
        {[
          [false, 'Todas'],
          [true, 'Não lidas'],
        ].map(([value, label]) => (
          <FilterChip
            key={String(value)}
            pressed={onlyUnread === value}
            onClick={() => setOnlyUnread(value as boolean)}
          >
            {label as string}
          </FilterChip>
        ))}
      </div>
      {list.isPending ? (
        <Spinner label="Carregando notificações..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Bell className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">
            {onlyUnread ? 'Nenhuma notificação não lida' : 'Você ainda não tem notificações'}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Avisos de pedidos, pagamentos, anúncios e suporte aparecem aqui na hora.
          </p>
        </div>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          aria-label="Notificações"
        >
          {items.map((n) => (
            <li
              key={n.id}
              className={cn('flex flex-wrap items-start gap-3 p-4', !n.read && 'bg-brand-50/60')}
            >
              <span
                aria-hidden="true"
                className={cn('mt-2 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-slate-300' : 'bg-brand-700')}
              />
              {/* On a phone the text takes the row and the button wraps below it. */}
              <div className="min-w-0 flex-1 basis-[calc(100%-1.25rem)] sm:basis-0">
                <p className={cn('text-slate-900', !n.read && 'font-semibold')}>
                  {n.read ? null : <span className="sr-only">Não lida: </span>}
                  {n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? (
                    <Link
                      to={n.link}
                      className="hover:underline"
                      onClick={() => {
                        if (!n.read) markRead.mutate(n.id);
                      }}
                    >
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body ? <p className="mt-0.5 text-sm text-slate-700">{n.body}</p> : null}
                <p className="mt-1 text-xs text-slate-500">{whenLabel(n.created_at)}</p>
              </div>
              {n.read ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="max-sm:ml-3"
                  onClick={() =>
                    markRead.mutate(n.id, {
                      onError: (e) => toast.error('Não foi possível marcar como lida', e.message),
                    })
                  }
                  aria-label={`Marcar como lida: ${n.title}`}
                >
                  Marcar como lida
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
