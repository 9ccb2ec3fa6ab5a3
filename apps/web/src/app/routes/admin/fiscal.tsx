import { Link } from 'react-router';
import {
  buildPath,
  formatDate,
  formatDocument,
  formatMoney,
  nfseStatuses,
  nfseStatusLabels,
  paths,
  type FiscalDocument,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  AdminPage,
  Badge,
  FilterSelect,
  QueryState,
  Table,
  Th,
  Toolbar,
  useFiscalQueue,
  useListParams,
  useRetryFiscal,
} from '../../../features/admin/index.ts';
import { nfseTones } from '../../../features/admin/components/order-nfse.tsx';
import { toast } from '../../../lib/toast.ts';

function Messages({ doc }: { doc: FiscalDocument }) {
  if (doc.messages.length === 0 && !doc.last_error && !doc.cancel_state_label) return null;
  return (
    <ul className="mt-1 space-y-1 text-xs text-slate-700">
      {doc.cancel_state_label && <li className="font-medium text-amber-800">{doc.cancel_state_label}</li>}
      {doc.messages.map((m, i) => (
        <li key={i}>
          <span className="font-mono">{m.codigo}</span> {m.descricao}
          {m.complemento ? ` (${m.complemento})` : ''}
        </li>
      ))}
      {doc.last_error && <li>Última tentativa sem resposta: {doc.last_error}</li>}
    </ul>
  );
}

function RetryButton({ doc }: { doc: FiscalDocument }) {
  const retry = useRetryFiscal();
  if (!doc.can_retry) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(doc.id, {
          onSuccess: (r) => toast.success(r.message),
          onError: (e) => toast.error(e.message),
        })
      }
    >
      {retry.isPending ? 'Enviando…' : 'Tentar de novo'}
    </Button>
  );
}

/** /admin/fiscal: every order's NFS-e — pending, issued, refused with the Sefin's message, cancelled. */
export function Component() {
  const list = useListParams();
  const queue = useFiscalQueue(list.search);
  return (
    <AdminPage
      title="Fila fiscal"
      description="NFS-e dos pedidos pagos: em emissão, emitidas, recusadas pela Sefin (com a mensagem) e canceladas. Corrija os dados e use “Tentar de novo”."
    >
      <Toolbar>
        <FilterSelect
          label="Situação"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[['', 'Todas'], ...nfseStatuses.map((s) => [s, nfseStatusLabels[s]] as [string, string])]}
        />
      </Toolbar>
      <QueryState
        query={queue}
        loading="Carregando a fila fiscal"
        empty="Nenhuma NFS-e nesta situação."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <Table
            label="Fila fiscal"
            head={
              <>
                <Th>Pedido</Th>
                <Th>Tomador</Th>
                <Th>Valor</Th>
                <Th>Situação</Th>
                <Th>DPS</Th>
                <Th>Ação</Th>
              </>
            }
          >
            {data.items.map((doc) => (
              <tr key={doc.id} data-testid="fiscal-linha">
                <td className="px-3 py-2">
                  <Link
                    className="font-medium text-brand-700 underline"
                    to={buildPath(paths.admin.pedido, { id: doc.order_id })}
                  >
                    {doc.order_code}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {formatDate(doc.created_at.slice(0, 10))}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {doc.buyer_name}
                  <span className="block text-xs text-slate-600">
                    {doc.buyer_document ? formatDocument(doc.buyer_document) : ''}
                  </span>
                </td>
                <td className="px-3 py-2">{formatMoney(doc.total)}</td>
                <td className="px-3 py-2">
                  <Badge tone={nfseTones[doc.status]}>{doc.status_label}</Badge>
                  <Messages doc={doc} />
                </td>
                <td className="px-3 py-2 text-xs">
                  {doc.number === null ? '—' : `Série ${doc.series} nº ${doc.number}`}
                  {doc.chave_acesso && <span className="block break-all font-mono">{doc.chave_acesso}</span>}
                </td>
                <td className="px-3 py-2">
                  <RetryButton doc={doc} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
    </AdminPage>
  );
}
