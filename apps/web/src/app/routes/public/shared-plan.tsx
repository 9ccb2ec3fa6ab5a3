import { FileDown, ShoppingCart } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDate, paths, planMessages } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { saveRedirectPath, useAuth } from '../../../features/auth/index.ts';
import {
  PlanLines,
  PlanTotals,
  useBookPlan,
  sharedPlanMapUrl,
  sharedPlanPdfUrl,
  useSharedPlan,
  type SharedPlanData,
} from '../../../features/plans/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

function Gone() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-5xl font-bold text-slate-900">404</h1>
      <p className="text-lg text-slate-700">{planMessages.sharedNotFound}</p>
      <Link
        to={paths.buscarLocais}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Buscar locais na Urbana
      </Link>
    </div>
  );
}

/** "Reservar este plano": the lines with room now go to the cart; signed out, sign in first. */
function BookButton({ plan }: { plan: SharedPlanData }) {
  const { user } = useAuth();
  const bookPlan = useBookPlan();
  const navigate = useNavigate();
  const location = useLocation();
  if (!user) {
    return (
      <Button
        variant="secondary"
        onClick={() => {
          saveRedirectPath(location.pathname);
          void navigate(paths.auth);
        }}
      >
        Entrar para reservar este plano
      </Button>
    );
  }
  return (
    <Button onClick={() => bookPlan(plan.lines)}>
      <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Reservar este plano
    </Button>
  );
}

/** /plano/{token}: a plan shared by link, read-only, public (issue #23 item 3). */
export function Component() {
  const { token = '' } = useParams();
  const plan = useSharedPlan(token);
  if (plan.isPending) return <Spinner label="Carregando plano" className="py-16" />;
  if (plan.isError) {
    if (plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 400))
      return <Gone />;
    return <Alert>{plan.error.message}</Alert>;
  }
  const p = plan.data;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Plano de mídia</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{p.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Preparado por {p.prepared_by} · atualizado em {formatDate(p.updated_at)} · preços e vagas de hoje,
          conferidos ao abrir
        </p>
      </div>
      <img
        src={sharedPlanMapUrl(token)}
        alt={`Mapa com os ${p.lines.length} locais do plano, numerados como na lista`}
        className="w-full max-w-3xl rounded-xl border border-slate-200"
        width={1000}
        height={560}
      />
      <PlanLines lines={p.lines} />
      <PlanTotals totals={p.totals} unavailable={p.lines.filter((l) => !l.available).length} />
      <div className="flex flex-wrap gap-2">
        <BookButton plan={p} />
        <Button asChild variant="secondary">
          <a href={sharedPlanPdfUrl(token)} download>
            <FileDown className="h-4 w-4" aria-hidden="true" /> Baixar PDF
          </a>
        </Button>
      </div>
      <section aria-labelledby="contato" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <h2 id="contato" className="font-semibold text-slate-900">
          Fale com a Urbana
        </h2>
        <p className="text-slate-700">
          {p.contact.name} ·{' '}
          <a className="text-brand-700 underline" href={`mailto:${p.contact.email}`}>
            {p.contact.email}
          </a>
        </p>
        <p className="text-slate-600">{p.contact.address}</p>
      </section>
    </div>
  );
}
