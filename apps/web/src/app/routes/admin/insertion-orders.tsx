import { Link } from 'react-router';
import { buildPath, formatDate, formatMoney, orderStatusLabels, paths } from '@urbana/shared';
import { AdminPage, QueryState } from '../../../features/admin/index.ts';
import { usePendingInsertionOrders } from '../../../features/agencies/api.ts';

/** /admin/pis: the PIs still waiting for their agency's approval, oldest first (decision 103). */
export function Component() {
  const pending = usePendingInsertionOrders();
  return (
    <AdminPage
      title="PIs pendentes"
      description="Pedidos de inserção que a agência ainda não aprovou: a campanha não começa antes da aprovação."
    >
      <QueryState
        query={pending}
        loading="Carregando PIs"
        empty="Nenhum PI aguardando aprovação."
        isEmpty={(d) => d.items.length === 0}
      >
        {(d) => (
          <ul className="space-y-3" aria-label="PIs pendentes">
            {d.items.map((pi) => (
              <li
                key={pi.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-semibold text-slate-900">{pi.number}</p>
                  <p className="text-slate-700">
                    {pi.agency_name}
                    {pi.advertiser_name ? ` · para ${pi.advertiser_name}` : ''}
                  </p>
                  <p className="text-slate-600">
                    Pedido{' '}
                    <Link
                      className="font-medium text-brand-700 underline"
                      to={buildPath(paths.admin.pedido, { id: pi.order_id })}
                    >
                      {pi.order_code}
                    </Link>{' '}
                    · {orderStatusLabels[pi.order_status]} · emitido em {formatDate(pi.created_at)}
                    {pi.first_start ? ` · veiculação a partir de ${formatDate(pi.first_start)}` : ''}
                  </p>
                </div>
                <p className="font-semibold text-slate-900">{formatMoney(pi.net)}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </AdminPage>
  );
}
