import { Link } from 'react-router';
import {
  adStatusLabels,
  buildPath,
  campaignQueueKinds,
  campaignQueueLabels,
  formatDate,
  formatInteger,
  paths,
  type AdStatus,
  type CampaignQueueEntry,
} from '@urbana/shared';
import { Card } from '../../../components/ui/card.tsx';

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** What each group asks of staff, under its title. */
const hints: Record<CampaignQueueEntry['kind'], string> = {
  inicio_atrasado: 'O período começou e a campanha não foi iniciada.',
  inicia_hoje: 'O período começa hoje: inicie a veiculação.',
  passou_do_fim: 'O último dia passou e a campanha segue no ar: finalize-a.',
  sem_arte: 'Começam nos próximos 7 dias sem arte aprovada.',
};

const artOf = (status: string | null) =>
  status ? (adStatusLabels[status as AdStatus] ?? status) : 'Sem anúncio';

function Entry({ entry }: { entry: CampaignQueueEntry }) {
  return (
    <li className="py-2 text-sm">
      <Link to={buildPath(paths.admin.campanha, { id: entry.item_id })} className={`break-words ${link}`}>
        {entry.product}
      </Link>
      <p className="break-words text-slate-600">
        {entry.order_code} · {entry.customer}
      </p>
      <p className="text-slate-600">
        De {formatDate(entry.start)} até {formatDate(entry.last_day)} · Arte: {artOf(entry.ad_status)}
      </p>
    </li>
  );
}

/** The dashboard's campaign queue (issue #40 item 6): the groups with something owed, most urgent first. */
export function CampaignQueue({ entries }: { entries: CampaignQueueEntry[] }) {
  const groups = campaignQueueKinds
    .map((kind) => ({ kind, items: entries.filter((e) => e.kind === kind) }))
    .filter((g) => g.items.length > 0);
  return (
    <Card className="p-4" data-testid="fila-campanhas">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Fila de campanhas</h2>
        <Link to={paths.admin.campanhas} className={`text-sm ${link}`}>
          Ver campanhas
        </Link>
      </div>
      {groups.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Nada a iniciar, finalizar ou cobrar de arte nos próximos 7 dias.
        </p>
      ) : (
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <section key={g.kind} aria-label={campaignQueueLabels[g.kind]}>
              <h3 className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-900">
                {campaignQueueLabels[g.kind]}
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900">
                  {formatInteger(g.items.length)}
                </span>
              </h3>
              <p className="text-xs text-slate-600">{hints[g.kind]}</p>
              <ul className="divide-y divide-slate-100">
                {g.items.map((e) => (
                  <Entry key={e.item_id} entry={e} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
