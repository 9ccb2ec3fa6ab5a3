import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, type NotificationItem } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from './api.ts';
import { whenLabel } from './time.ts';
import { useNotificationStream } from './use-notification-stream.ts';

const LATEST = 6;

/**
 * Under the bell, its right edge on the bell's. On a phone the panel is wider than the space left of
 * the bell: it is kept 8 px from the screen's edges (it touched the left one).
 */
const panelPlacement = { align: 'end', sideOffset: 8, collisionPadding: 8 } as const;

/** The header bell: unread count, the latest notifications, and the live stream that feeds both. */
export function NotificationBell() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const [announcement, setAnnouncement] = useState('');
  const onNew = useCallback((n: NotificationItem) => setAnnouncement(`Nova notificação: ${n.title}`), []);
  useNotificationStream(true, onNew);

  const unread = list.data?.unread ?? 0;
  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) navigate(n.link);
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="relative grid h-10 w-10 cursor-pointer place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={
              unread === 0
                ? 'Notificações'
                : `Notificações (${unread} ${unread === 1 ? 'não lida' : 'não lidas'})`
            }
          >
            <Bell className="h-5 w-5" aria-hidden="true" />
            <span
              data-testid="contador-notificacoes"
              aria-hidden="true"
              className={cn(
                'absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold text-white',
                unread === 0 && 'hidden',
              )}
            >
              {unread > 99 ? '99+' : unread}
            </span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            {...panelPlacement}
            className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <div className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="text-sm font-semibold text-slate-900">Notificações</span>
              {unread > 0 ? (
                <DropdownMenu.Item
                  onSelect={(e) => {
                    e.preventDefault();
                    markAll.mutate();
                  }}
                  className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-800 outline-none data-[highlighted]:bg-brand-50"
                >
                  <CheckCheck className="h-4 w-4" aria-hidden="true" />
                  Marcar todas como lidas
                </DropdownMenu.Item>
              ) : null}
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {list.isPending ? (
              <p className="px-3 py-4 text-sm text-slate-600">Carregando...</p>
            ) : list.isError ? (
              <p className="px-3 py-4 text-sm text-red-700">Não foi possível carregar as notificações.</p>
            ) : list.data.items.length === 0 ? (
              <p className="px-3 py-4 text-sm text-slate-600">Você não tem notificações.</p>
            ) : (
              list.data.items.slice(0, LATEST).map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  onSelect={() => open(n)}
                  className="flex cursor-pointer gap-2 rounded-md px-3 py-2 text-left outline-none data-[highlighted]:bg-slate-100"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                      n.read ? 'bg-transparent' : 'bg-brand-700',
                    )}
                  />
                  <span className="min-w-0">
                    <span className={cn('block text-sm text-slate-900', !n.read && 'font-semibold')}>
                      {n.read ? '' : <span className="sr-only">Não lida: </span>}
                      {n.title}
                    </span>
                    {n.body ? <span className="block truncate text-xs text-slate-600">{n.body}</span> : null}
                    <span className="block text-xs text-slate-500">{whenLabel(n.created_at)}</span>
                  </span>
                </DropdownMenu.Item>
              ))
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild>
              <Link
                to={paths.usuario.notificacoes}
                className="block rounded-md px-3 py-2 text-center text-sm font-medium text-brand-800 outline-none data-[highlighted]:bg-brand-50"
              >
                Ver todas
              </Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
