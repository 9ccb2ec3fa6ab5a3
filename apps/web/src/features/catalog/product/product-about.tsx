import { Clock, Users } from 'lucide-react';
import { formatInteger, formatMoney } from '@urbana/shared';
import type { ProductDetail } from '@urbana/shared';
import { HelpLink, knowledgeArticles } from '../../knowledge/index.ts';

/** Description, weekly audience, the CPM of the chosen period and the opening hours. */
export function ProductAbout({ data, periodCpm }: { data: ProductDetail; periodCpm: number | null }) {
  return (
    <section aria-labelledby="sobre" className="space-y-3">
      <h2 id="sobre" className="text-xl font-bold text-slate-900">
        Sobre o local
      </h2>
      <p className="whitespace-pre-line text-slate-700">{data.description}</p>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <dt className="flex items-center gap-1 text-sm text-slate-600">
            <Users className="h-4 w-4" aria-hidden="true" /> Audiência semanal
          </dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{formatInteger(data.weekly_audience)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{data.audience_source}</dd>
        </div>
        <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">CPM no período escolhido</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">
            {periodCpm !== null ? formatMoney(periodCpm) : '—'}
          </dd>
          {/* Inside a dd: a group of a dl holds only dt and dd (axe definition-list). */}
          <dd className="mt-1">
            <HelpLink article={knowledgeArticles.audienciaECpm}>Como calculamos</HelpLink>
          </dd>
        </div>
        <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <dt className="flex items-center gap-1 text-sm text-slate-600">
            <Clock className="h-4 w-4" aria-hidden="true" /> Funcionamento
          </dt>
          <dd className="mt-1 font-semibold text-slate-900">{data.operating_hours}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        <strong className="text-slate-800">Público:</strong> {data.audience_profile}
      </p>
    </section>
  );
}
