import { ticketStatusLabels, type TicketStatus, formatDateTime } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';
import type { TicketMessage } from './api.ts';

const tone: Record<TicketStatus, string> = {
  aberto: 'bg-amber-50 text-amber-900 ring-amber-200',
  em_andamento: 'bg-sky-50 text-sky-900 ring-sky-200',
  resolvido: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  fechado: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tone[status],
      )}
    >
      {ticketStatusLabels[status]}
    </span>
  );
}

/** A ticket's conversation; `viewer` decides which side is "you". */
export function TicketMessages({
  messages,
  viewer,
  customerName,
}: {
  messages: TicketMessage[];
  viewer: 'cliente' | 'equipe';
  customerName: string;
}) {
  return (
    <ol className="space-y-3" aria-label="Conversa">
      {messages.map((m) => {
        const mine = m.author_role === viewer;
        const who =
          m.author_role === 'equipe'
            ? (m.author_name ?? 'Equipe Urbana')
            : viewer === 'cliente'
              ? 'Você'
              : customerName;
        return (
          <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-xl px-4 py-3 text-sm',
                m.author_role === 'equipe'
                  ? 'bg-brand-50 ring-1 ring-brand-100'
                  : 'bg-white ring-1 ring-slate-200',
              )}
            >
              <p className="text-xs font-semibold text-slate-700">
                {who} · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
