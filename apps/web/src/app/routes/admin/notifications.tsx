import { Send } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { audienceCountLabel, audienceSegmentLabels, broadcastFormSchema, formatDate } from '@urbana/shared';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, TextareaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  AudiencePicker,
  useAudienceCount,
  useBroadcasts,
  useSendBroadcast,
} from '../../../features/admin-messaging/index.ts';
import { toast } from '../../../lib/toast.ts';

function SendForm() {
  const send = useSendBroadcast();
  // One user by default: sending to everyone is a deliberate choice (issue #17 item 2).
  const form = useForm<z.input<typeof broadcastFormSchema>, unknown, z.output<typeof broadcastFormSchema>>({
    resolver: zodResolver(broadcastFormSchema),
    defaultValues: { segment: 'usuario', user_id: null, title: '', body: '', link: '' },
  });
  const { errors } = form.formState;
  const [segment, userId, title] = useWatch({ control: form.control, name: ['segment', 'user_id', 'title'] });
  // The confirmation opens only once the form is valid; what it sends is what was checked.
  const [checked, setChecked] = useState<z.output<typeof broadcastFormSchema> | null>(null);
  const audience = useAudienceCount(segment, segment === 'usuario' ? (userId ?? null) : null);
  const submit = form.handleSubmit((input) => setChecked(input));
  const send_ = async () => {
    if (!checked) return false;
    const result = await send.mutateAsync(checked);
    toast.success(
      'Notificação enviada',
      `${result.recipients} ${result.recipients === 1 ? 'usuário recebeu' : 'usuários receberam'} na hora.`,
    );
    form.reset({ segment, user_id: userId ?? null, title: '', body: '', link: '' });
  };
  const countText = audience.data !== undefined ? audienceCountLabel(segment, audience.data) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Enviar notificação">
      <AudiencePicker
        segment={segment}
        userId={userId ?? null}
        onChange={(next) => {
          const validate = { shouldValidate: form.formState.isSubmitted };
          form.setValue('segment', next.segment, validate);
          form.setValue('user_id', next.userId, validate);
        }}
        segmentError={errors.segment?.message}
        userError={errors.user_id?.message}
      />
      <Field label="Título" error={errors.title?.message} {...form.register('title')} />
      <TextareaField
        label="Mensagem (opcional)"
        rows={3}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <Field
        label="Link (opcional)"
        placeholder="/buscar-locais"
        error={errors.link?.message}
        hint="Um caminho do site que abre ao clicar na notificação."
        {...form.register('link')}
      />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {countText ? `Alcance: ${countText} ${audience.data === 1 ? 'ativo' : 'ativos'}.` : null}
      </p>
      <ConfirmDialog
        open={checked !== null}
        onOpenChange={(next) => {
          // The button submits the form; only a valid form opens the confirmation.
          if (!next) setChecked(null);
        }}
        trigger={
          <Button type="submit" disabled={send.isPending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {send.isPending ? 'Enviando...' : 'Enviar notificação'}
          </Button>
        }
        title={countText ? `Enviar para ${countText}?` : 'Enviar notificação?'}
        consequence={
          <p>
            “{title.trim()}” aparece na hora no sino de{' '}
            {countText ?? audienceSegmentLabels[segment].toLowerCase()}. Uma notificação enviada não pode ser
            desfeita.
          </p>
        }
        confirmLabel={countText ? `Enviar para ${countText}` : 'Enviar'}
        confirmDisabled={audience.data === 0}
        onConfirm={send_}
      />
    </form>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const list = useBroadcasts(page);
  if (list.isPending) return <Spinner label="Carregando histórico..." />;
  if (list.isError) return <Alert>{list.error.message}</Alert>;
  const pages = Math.max(1, Math.ceil(list.data.total / list.data.page_size));
  if (list.data.items.length === 0)
    return <p className="text-slate-600">Nenhuma notificação enviada pela equipe ainda.</p>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Histórico de notificações">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Notificações enviadas</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Data
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Título
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Público
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Destinatários
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Lidas
              </th>
              <th scope="col" className="py-2 font-medium">
                Enviada por
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data.items.map((b) => (
              <tr key={b.id}>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDate(b.created_at)}</td>
                <td className="py-2 pr-3 font-medium text-slate-900">{b.title}</td>
                <td className="py-2 pr-3">{audienceSegmentLabels[b.segment]}</td>
                <td className="py-2 pr-3 text-right">{b.recipients}</td>
                <td className="py-2 pr-3 text-right">
                  {b.read} ({b.recipients ? Math.round((b.read / b.recipients) * 100) : 0}%)
                </td>
                <td className="py-2">{b.sender ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Paginação" className="flex items-center justify-between text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            Página {page} de {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

export function Component() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notificações</h1>
      {/* Side by side only where the history's six columns fit beside the form (at 1,280 px they were
          cut: "Lidas" and "Enviada por" lay beyond the card's edge). */}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Enviar</h2>
          <SendForm />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Histórico</h2>
          <History />
        </Card>
      </div>
    </div>
  );
}
