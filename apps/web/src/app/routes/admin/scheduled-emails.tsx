import { CalendarClock, Pencil, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  audienceSegmentLabels,
  formatCount,
  formatInteger,
  scheduledEmailFormSchema,
  formatDateTime,
  toDateTimeInput,
  type ScheduledEmail,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, TextareaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  AudiencePicker,
  useCancelScheduled,
  useSaveScheduled,
  useScheduledEmails,
} from '../../../features/admin-messaging/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { StatusBadge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { toast } from '../../../lib/toast.ts';

const statusLabel: Record<ScheduledEmail['status'], string> = {
  agendado: 'Agendado',
  enviado: 'Enviado',
  cancelado: 'Cancelado',
};
const statusTone: Record<ScheduledEmail['status'], BadgeTone> = {
  agendado: 'amber',
  enviado: 'green',
  cancelado: 'muted',
};

function ScheduleForm({ editing, onDone }: { editing: ScheduledEmail | null; onDone(): void }) {
  const save = useSaveScheduled();
  const form = useForm<
    z.input<typeof scheduledEmailFormSchema>,
    unknown,
    z.output<typeof scheduledEmailFormSchema>
  >({
    resolver: zodResolver(scheduledEmailFormSchema),
    defaultValues: {
      segment: editing?.segment ?? 'cliente',
      user_id: editing?.target_user_id ?? null,
      subject: editing?.subject ?? '',
      body: editing?.body ?? '',
      send_at: editing ? toDateTimeInput(editing.send_at) : '',
    },
  });
  const { errors } = form.formState;
  const [segment, userId] = useWatch({ control: form.control, name: ['segment', 'user_id'] });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body });
      toast.success(
        editing ? 'Email atualizado' : 'Email agendado',
        `Envio em ${formatDateTime(body.send_at)}.`,
      );
      onDone();
    } catch (err) {
      const message = errorMessage(err, 'Não foi possível salvar. Tente novamente.');
      form.setError(message.includes('data e hora') ? 'send_at' : 'root', { message });
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={editing ? 'Editar email agendado' : 'Agendar email'}
    >
      <AudiencePicker
        chosen={editing?.target_user ?? null}
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
      <Field label="Assunto" error={errors.subject?.message} {...form.register('subject')} />
      <TextareaField
        label="Texto"
        rows={6}
        error={errors.body?.message}
        hint='Separe os parágrafos com uma linha em branco. O email começa com "Olá, nome!" e leva a marca da Urbana.'
        {...form.register('body')}
      />
      <Field
        label="Data e hora do envio"
        type="datetime-local"
        error={errors.send_at?.message}
        {...form.register('send_at')}
      />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          {save.isPending ? 'Salvando...' : editing ? 'Salvar alterações' : 'Agendar email'}
        </Button>
        {editing ? (
          <Button variant="secondary" onClick={onDone}>
            Desistir da edição
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function Row({ item, onEdit, onCancelled }: { item: ScheduledEmail; onEdit(): void; onCancelled(): void }) {
  const cancel = useCancelScheduled();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{item.subject}</p>
          <p className="text-sm text-slate-600">
            {item.target_user
              ? `Para ${item.target_user.nome_completo || item.target_user.email} (${item.target_user.email})`
              : audienceSegmentLabels[item.segment]}{' '}
            · {formatDateTime(item.send_at)}
          </p>
        </div>
        <StatusBadge status={item.status} labels={statusLabel} tones={statusTone} />
      </div>
      {item.status === 'enviado' ? (
        <p className="text-sm text-slate-700">
          {[
            formatCount(item.recipients, 'destinatário', 'destinatários'),
            formatCount(item.sent, 'enviado', 'enviados'),
            `${formatInteger(item.failed)} com falha`,
            `${formatInteger(item.pending)} na fila`,
            ...(item.logged
              ? [`${formatCount(item.logged, 'só registrado', 'só registrados')} (sem SMTP)`]
              : []),
          ].join(' · ')}
        </p>
      ) : null}
      {item.status === 'agendado' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Editar
          </Button>
          {confirming ? (
            <>
              <Button
                size="sm"
                variant="danger"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(item.id, {
                    onSuccess: () => {
                      toast.success('Envio cancelado');
                      onCancelled();
                    },
                    onError: (e) =>
                      toast.error('Não foi possível cancelar', errorMessage(e, 'Tente novamente.')),
                  })
                }
              >
                Confirmar cancelamento
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Manter
              </Button>
            </>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              <X className="h-4 w-4" aria-hidden="true" />
              Cancelar envio
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function Component() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ScheduledEmail | null>(null);
  const [formKey, setFormKey] = useState(0);
  const list = useScheduledEmails(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  const resetForm = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Emails agendados</h1>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            {editing ? 'Editar envio' : 'Novo envio'}
          </h2>
          <ScheduleForm key={editing?.id ?? `novo-${formKey}`} editing={editing} onDone={resetForm} />
        </Card>
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Envios</h2>
          {list.isPending ? (
            <Spinner label="Carregando envios..." />
          ) : list.isError ? (
            <Alert>{list.error.message}</Alert>
          ) : list.data.items.length === 0 ? (
            <p className="text-slate-600">Nenhum email agendado ainda.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200" aria-label="Emails agendados">
                {list.data.items.map((item) => (
                  <Row
                    key={item.id}
                    item={item}
                    onEdit={() => setEditing(item)}
                    // The form of an e-mail just cancelled would only answer 409 on saving.
                    onCancelled={() => (editing?.id === item.id ? resetForm() : undefined)}
                  />
                ))}
              </ul>
              {pages > 1 ? (
                <nav aria-label="Paginação" className="mt-3 flex items-center justify-between text-sm">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
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
                    onClick={() => setPage(page + 1)}
                  >
                    Próxima
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
