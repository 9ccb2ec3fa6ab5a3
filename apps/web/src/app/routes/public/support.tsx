import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, LifeBuoy, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths, ticketCategoryLabels, formatDate } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../features/auth/index.ts';
import { HelpLink } from '../../../features/knowledge/index.ts';
import { useMarkRead, useNotifications } from '../../../features/notifications/index.ts';
import {
  ContactForm,
  faq,
  ReplyForm,
  searchFaq,
  TicketMessages,
  TicketStatusBadge,
  useMyTicket,
  useMyTickets,
  useReplyToTicket,
} from '../../../features/support/index.ts';
import { cn } from '../../../lib/cn.ts';

function Faq() {
  const id = useId();
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  // Words typed while the server-rendered page was still hydrating are in the box but not in state:
  // take them, so the list is filtered by what the visitor sees (seen on a loaded machine in e2e).
  useEffect(() => {
    const typed = box.current?.value ?? '';
    if (typed) setQuery(typed);
  }, []);
  const found = searchFaq(faq, query);
  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-4">
      <h2 id={`${id}-titulo`} className="text-2xl font-bold text-slate-900">
        Perguntas frequentes
      </h2>
      <div className="relative max-w-xl">
        <label htmlFor={`${id}-busca`} className="sr-only">
          Buscar nas perguntas frequentes
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={`${id}-busca`}
          type="search"
          placeholder="Buscar: pagamento, fatura, criativo..."
          ref={box}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={cn(inputClass, 'pl-10')}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {query
          ? `${found.length} ${found.length === 1 ? 'pergunta encontrada' : 'perguntas encontradas'}`
          : ''}
      </p>
      {found.length === 0 ? (
        <Alert tone="info">Nenhuma pergunta encontrada. Escreva para a gente no formulário abaixo.</Alert>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {found.map((e) => (
            <li key={e.question}>
              <details className="group p-4">
                <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
                  <span
                    className="mr-2 inline-block text-brand-700 transition-transform group-open:rotate-90"
                    aria-hidden="true"
                  >
                    ›
                  </span>
                  {e.question}
                </summary>
                <p className="mt-2 text-slate-700">{e.answer}</p>
                {e.article ? (
                  <HelpLink article={e.article} className="mt-2">
                    Leia o artigo completo na Central de conhecimento
                  </HelpLink>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TicketView({ id, onBack }: { id: string; onBack(): void }) {
  const ticket = useMyTicket(id);
  const reply = useReplyToTicket(id);
  // Reading the conversation reads its notifications too.
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unreadHere = (notifications.data?.items ?? [])
    .filter((n) => !n.read && n.link === `/suporte?atendimento=${id}`)
    .map((n) => n.id)
    .join(',');
  const loaded = ticket.isSuccess;
  const { mutate } = markRead;
  useEffect(() => {
    if (!loaded || !unreadHere) return;
    for (const notificationId of unreadHere.split(',')) mutate(notificationId);
  }, [loaded, unreadHere, mutate]);
  if (ticket.isPending) return <Spinner label="Carregando atendimento..." />;
  if (ticket.isError)
    return (
      <div className="space-y-3">
        <Alert>{ticket.error.message}</Alert>
        <Button variant="secondary" onClick={onBack}>
          Voltar aos atendimentos
        </Button>
      </div>
    );
  const t = ticket.data;
  return (
    <div className="space-y-4">
      <Button variant="link" onClick={onBack}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Meus atendimentos
      </Button>
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{t.subject}</h3>
        <p className="text-sm text-slate-600">
          {t.code} · {ticketCategoryLabels[t.category]} · aberto em {formatDate(t.created_at)} ·{' '}
          <TicketStatusBadge status={t.status} />
        </p>
      </div>
      <TicketMessages messages={t.messages} viewer="cliente" customerName={t.name} />
      {t.status === 'fechado' ? (
        <Alert tone="info">Este atendimento foi encerrado. Se precisar, abra um novo pelo formulário.</Alert>
      ) : (
        <ReplyForm label="Sua resposta" submitLabel="Enviar resposta" onSend={(m) => reply.mutateAsync(m)} />
      )}
    </div>
  );
}

function MyTickets() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('atendimento');
  const tickets = useMyTickets(true);
  const client = useQueryClient();
  // A staff reply arrives as a live notification: refresh the tickets right away.
  const notifications = useNotifications();
  const latest = notifications.data?.items.find((n) => n.kind.startsWith('suporte_'))?.id;
  useEffect(() => {
    if (latest) void client.invalidateQueries({ queryKey: ['support', 'mine'] });
  }, [latest, client]);

  const select = (id: string | null) => setParams(id ? { atendimento: id } : {});
  return (
    <section aria-labelledby="meus-atendimentos" className="space-y-4">
      <h2 id="meus-atendimentos" className="text-2xl font-bold text-slate-900">
        Meus atendimentos
      </h2>
      <Card>
        {selected ? (
          <TicketView id={selected} onBack={() => select(null)} />
        ) : tickets.isPending ? (
          <Spinner label="Carregando atendimentos..." />
        ) : tickets.isError ? (
          <Alert>{tickets.error.message}</Alert>
        ) : tickets.data.length === 0 ? (
          <p className="text-slate-600">Você ainda não abriu atendimentos. Use o formulário abaixo.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Atendimentos">
            {tickets.data.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => select(t.id)}
                  className="flex w-full flex-wrap items-center justify-between gap-2 py-3 text-left hover:bg-slate-50"
                >
                  <span>
                    <span className="block font-medium text-slate-900">{t.subject}</span>
                    <span className="block text-sm text-slate-600">
                      {t.code} · última mensagem em {formatDate(t.last_message_at)}
                    </span>
                  </span>
                  <TicketStatusBadge status={t.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

export function Component() {
  const { user } = useAuth();
  const [, setParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-4xl space-y-10">
      <header className="space-y-2">
        <LifeBuoy className="h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Suporte</h1>
        <p className="text-xl font-semibold text-slate-800">Como podemos ajudar?</p>
        <p className="max-w-2xl text-slate-600">
          Veja as respostas para as dúvidas mais comuns ou escreva para a equipe da Urbana. Respondemos em até
          1 dia útil, por email{user ? ' e aqui mesmo' : ''}.
        </p>
      </header>
      {user ? <MyTickets /> : null}
      <Faq />
      <section aria-labelledby="fale-conosco" className="space-y-4">
        <h2 id="fale-conosco" className="text-2xl font-bold text-slate-900">
          Fale com a gente
        </h2>
        {!user ? (
          <p className="text-sm text-slate-600">
            Já tem conta?{' '}
            <Link to={paths.auth} className="font-medium text-brand-800 underline">
              Entre
            </Link>{' '}
            para acompanhar suas conversas aqui.
          </p>
        ) : null}
        <Card>
          <ContactForm
            user={user}
            onOpened={(t) => {
              if (user) setParams({ atendimento: t.id });
            }}
          />
        </Card>
      </section>
    </div>
  );
}
