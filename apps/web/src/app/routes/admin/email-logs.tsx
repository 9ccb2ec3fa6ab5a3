import { useState } from 'react';
import { emailTemplateLabel, formatCount, formatDateTime, type EmailStatus } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { DateRange } from '../../../components/ui/date-range.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
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
  useEmailLog,
  useEmailLogs,
  useListParams,
  useResendEmail,
} from '../../../features/admin/index.ts';
import { toast } from '../../../lib/toast.ts';

const statusLabels: Record<EmailStatus, string> = {
  pendente: 'Na fila',
  enviado: 'Enviado',
  falhou: 'Falhou',
  registrado: 'Só no log',
};
const statusTone = { pendente: 'amber', enviado: 'green', falhou: 'red', registrado: 'blue' } as const;

function EmailBody({ id, onClose }: { id: string; onClose: () => void }) {
  const email = useEmailLog(id);
  const resend = useResendEmail();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Email" className="max-w-3xl">
        {email.isPending ? (
          <Spinner label="Carregando email..." />
        ) : email.isError ? (
          <Alert>{email.error.message}</Alert>
        ) : (
          <div className="space-y-3 text-sm">
            <dl className="grid gap-2 sm:grid-cols-2">
              <div>
                <dt className="text-xs text-slate-500">Para</dt>
                <dd>{email.data.to_email}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Assunto</dt>
                <dd>{email.data.subject}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Status</dt>
                <dd>
                  {statusLabels[email.data.status]} ·{' '}
                  {formatCount(email.data.attempts, 'tentativa', 'tentativas')}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Enviado em</dt>
                <dd>{formatDateTime(email.data.sent_at)}</dd>
              </div>
            </dl>
            {email.data.last_error ? <Alert>Erro: {email.data.last_error}</Alert> : null}
            {/* The HTML body is shown sandboxed: no scripts, no same-origin access. */}
            <iframe
              title="Corpo do email"
              sandbox=""
              srcDoc={email.data.body_html}
              className="h-80 w-full rounded-lg border border-slate-200 bg-white"
            />
            <details>
              <summary className="cursor-pointer text-slate-700">Versão em texto</summary>
              <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs">
                {email.data.body_text}
              </pre>
            </details>
            <ConfirmDialog
              trigger={<Button disabled={resend.isPending}>Reenviar</Button>}
              title="Reenviar este email?"
              tone={email.data.single_use_link?.state === 'usado' ? 'danger' : 'primary'}
              consequence={
                <div className="space-y-2">
                  <p>Uma nova cópia, marcada como reenvio no registro, vai para {email.data.to_email}.</p>
                  {email.data.single_use_link?.state === 'usado' ? (
                    <p className="font-semibold text-red-800">
                      O link de uso único deste email já foi usado em{' '}
                      {formatDateTime(email.data.single_use_link.at)}: na cópia ele não funcionará.
                    </p>
                  ) : email.data.single_use_link?.state === 'expirado' ? (
                    <p className="font-semibold text-red-800">
                      O link de uso único deste email expirou em{' '}
                      {formatDateTime(email.data.single_use_link.at)}: na cópia ele não funcionará.
                    </p>
                  ) : null}
                </div>
              }
              confirmLabel="Reenviar"
              onConfirm={async () => {
                await resend.mutateAsync(id);
                toast.success('Email reenviado', 'Uma nova cópia entrou na fila.');
                onClose();
              }}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function Component() {
  const list = useListParams({ dir: 'desc', page: '1', page_size: '20' });
  const emails = useEmailLogs(list.search);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <AdminPage title="Logs de email" description="Cada email que o Urbana enviou ou tentou enviar.">
      <Toolbar>
        <SearchBox list={list} label="Buscar por destinatário ou assunto" />
        <FilterSelect
          label="Status"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[
            ['', 'Todos'],
            ...(Object.keys(statusLabels) as EmailStatus[]).map((s): [string, string] => [
              s,
              statusLabels[s],
            ]),
          ]}
        />
        <FilterSelect
          label="Modelo"
          value={list.get('template')}
          onChange={(e) => list.set({ template: e.target.value })}
          options={[
            ['', 'Todos'],
            ...(emails.data?.templates ?? []).map((t): [string, string] => [t, emailTemplateLabel(t)]),
          ]}
        />
        <DateRange
          value={{ from: list.get('from'), to: list.get('to') }}
          onChange={(range) => list.set(range)}
        />
      </Toolbar>
      <QueryState
        query={emails}
        loading="Carregando emails..."
        empty="Nenhum email encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Emails"
              head={
                <>
                  <SortHeader list={list} column="created_at">
                    Criado
                  </SortHeader>
                  <Th>Para</Th>
                  <Th>Assunto</Th>
                  <Th>Modelo</Th>
                  <Th>Status</Th>
                  <Th>Erro</Th>
                  <Th>Enviado</Th>
                </>
              }
            >
              {data.items.map((m) => (
                <tr key={m.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.created_at)}</td>
                  <td className="px-3 py-2">{m.to_email}</td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="text-left font-medium text-brand-700 hover:underline"
                      onClick={() => setOpen(m.id)}
                    >
                      {m.subject}
                    </button>
                    {m.resent_from_id ? (
                      <span className="ml-2">
                        <Badge tone="amber">Reenvio</Badge>
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{emailTemplateLabel(m.template)}</td>
                  <td className="px-3 py-2">
                    <Badge tone={statusTone[m.status]}>{statusLabels[m.status]}</Badge>
                  </td>
                  {/* A long SMTP error is cut in a box of its own: a cell's max-width alone does not
                      bound a table column, and the row would push "Enviado" out of reach. */}
                  <td className="px-3 py-2 text-xs text-red-800" title={m.last_error ?? undefined}>
                    <div className="max-w-48 truncate">{m.last_error ?? '—'}</div>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.sent_at)}</td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
      {open ? <EmailBody id={open} onClose={() => setOpen(null)} /> : null}
    </AdminPage>
  );
}
