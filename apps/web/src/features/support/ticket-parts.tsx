import { ticketStatusLabels, type TicketStatus, formatDateTime } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';
import { StatusBadge, type BadgeTone } from '../../components/ui/badge.tsx';
import type { TicketMessage } from '@urbana/shared';

const tones: Record<TicketStatus, BadgeTone> = {
  aberto: 'amber',
  em_andamento: 'blue',
  resolvido: 'green',
  fechado: 'muted',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge status={status} labels={ticketStatusLabels} tones={tones} />;
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
