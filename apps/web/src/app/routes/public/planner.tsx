import { useSearchParams } from 'react-router';
import { pricingOf } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAppConfig } from '../../../features/catalog/index.ts';
import {
  apiParams,
  formFromParams,
  paramsFromForm,
  PlannerFormCard,
  PlanView,
  usePlanner,
} from '../../../features/planner/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * /planejar (issue #23 item 2): a budget, a place, a period, media types and a goal give a plan
 * computed on the server, which the visitor edits and puts in the cart in one step. Public; the
 * address holds the inputs, so a plan can be reloaded or sent.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const config = useAppConfig();
  const earliest = config.data?.earliest_start ?? '';
  const query = apiParams(params);
  const plan = usePlanner(query);
  const pricing = pricingOf(config.data);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Planejar campanha</h1>
        <p className="text-slate-600">
          Diga quanto quer investir, onde e quando. Sugerimos as faces livres nessas semanas que cabem no
          orçamento, com audiência, CPM e distância de cada uma; você ajusta e leva tudo ao carrinho.
        </p>
      </header>
      {config.data || !config.isPending ? (
        <PlannerFormCard
          key={params.toString()}
          initial={formFromParams(params, earliest)}
          earliest={earliest}
          onSubmit={(form) => setParams(paramsFromForm(form))}
        />
      ) : (
        <Spinner label="Carregando…" />
      )}
      {plan.isFetching && !plan.data ? <Spinner label="Montando o plano…" /> : null}
      {plan.error ? (
        <Alert>
          {plan.error instanceof ApiError ? plan.error.message : 'Não foi possível montar o plano.'}
        </Alert>
      ) : null}
      {plan.data && query ? <PlanView key={query} data={plan.data} pricing={pricing} /> : null}
    </div>
  );
}
