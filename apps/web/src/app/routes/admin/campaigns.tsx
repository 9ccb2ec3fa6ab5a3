import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  buildPath,
  campaignStatuses,
  campaignStatusLabels,
  isIsoDate,
  paths,
  productTypeLabels,
  type CampaignStatus,
  type ProductType,
  formatBookingRange,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { FilterChip } from '../../../components/ui/filter-chip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateRange, rangeParams } from '../../../components/ui/date-range.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CampaignStatusBadge } from '../../../features/ads/index.ts';
import { useCampaigns } from '../../../features/campaigns/index.ts';

/** /admin/campanhas: the paid order items by state and period (admin and operador). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const status = (campaignStatuses as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as CampaignStatus)
    : null;
  const de = isIsoDate(params.get('de') ?? '') ? params.get('de')! : '';
  const ate = isIsoDate(params.get('ate') ?? '') ? params.get('ate')! : '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [search, setSearch] = useState(q);
  const list = useCampaigns({ status: status ?? undefined, de, ate, q, page });

  const set = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('pagina' in change)) next.delete('pagina');
    setParams(next);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Campanhas</h1>
        <p className="mt-1 text-slate-700">
          Itens pagos: revise as artes, inicie e finalize a veiculação, envie as fotos de comprovação.
        </p>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filtrar por status">
        {[null, ...campaignStatuses].map((s) => (
          <FilterChip key={s ?? 'todas'} pressed={status === s} onClick={() => set({ status: s })} admin>
            {s ? campaignStatusLabels[s] : 'Todas'}
            {s && list.data?.counts[s] ? ` (${list.data.counts[s]})` : ''}
          </FilterChip>
        ))}
      </div>
      <form
        className="grid gap-3 rounded-xl bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() || null });
        }}
      >
        <Field
          id="busca-campanhas"
          label="Buscar"
          value={search}
          placeholder="Pedido, cliente, local ou anúncio"
          onChange={(e) => setSearch(e.target.value)}
        />
        <DateRange
          className=""
          value={{ from: de, to: ate }}
          onChange={(changes) => set(rangeParams(changes, { from: 'de', to: 'ate' }))}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </form>
      {list.isPending ? (
        <Spinner label="Carregando campanhas..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Megaphone className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900">Nenhuma campanha encontrada</p>
          <p className="text-sm text-slate-700">Mude os filtros ou aguarde novos pedidos pagos.</p>
        </div>
      ) : (
        <>
          <ul className="space-y-2" aria-label="Campanhas">
            {list.data.items.map((c) => (
              <li key={c.id}>
                <Link
                  to={buildPath(paths.admin.campanha, { id: c.id })}
                  className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 hover:border-slate-500 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {c.product} <span className="font-normal text-slate-600">· pedido {c.order_code}</span>
                    </p>
                    <p className="text-sm text-slate-700">
                      {productTypeLabels[c.type as ProductType] ?? c.type} · {c.city}/{c.state} ·{' '}
                      {formatBookingRange(c.start, c.end)}
                    </p>
                    <p className="text-sm text-slate-700">
                      {c.customer} ({c.email}){c.ad_name ? ` · anúncio “${c.ad_name}”` : ''}
                    </p>
                  </div>
                  <CampaignStatusBadge status={c.status} />
                </Link>
              </li>
            ))}
          </ul>
          <nav className="flex items-center justify-between" aria-label="Paginação">
            <p className="text-sm text-slate-700">
              {list.data.total} {list.data.total === 1 ? 'campanha' : 'campanhas'} · página {page} de {pages}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => set({ pagina: String(page - 1) })}
              >
                Anterior
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => set({ pagina: String(page + 1) })}
              >
                Próxima
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
