import { MapPinned, Sparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  plannerGoalLabels,
  plannerBudgetProblem,
  plannerGoals,
  productTypeLabels,
  productTypes,
  type ProductType,
  bookingWeekChoices,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, inputClass, SelectField } from '../../../components/ui/field.tsx';
import { PlaceCombobox } from '../../catalog/index.ts';
import { budgetCentavos, type PlannerForm } from '../planner-params.ts';

const radiusOptions = [5, 10, 15, 25, 50].map((r) => [String(r), `${r} km`] as const);
const weekOptions = bookingWeekChoices.map((w) => [String(w), String(w)] as const);

const goalHints: Record<PlannerForm['objetivo'], string> = {
  impactos: 'As faces com o menor custo por mil impactos, até o orçamento acabar.',
  espalhar: 'A melhor face de cada bairro, uma por vez, para aparecer em mais lugares.',
};

/** Budget, place, period, media types and goal: submitting puts them in the page's address. */
export function PlannerFormCard({
  initial,
  earliest,
  onSubmit,
}: {
  initial: PlannerForm;
  earliest: string;
  onSubmit: (form: PlannerForm) => void;
}) {
  const [form, setForm] = useState(initial);
  const set = <K extends keyof PlannerForm>(key: K, value: PlannerForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const toggleType = (t: ProductType) =>
    set('tipos', form.tipos.includes(t) ? form.tipos.filter((x) => x !== t) : [...form.tipos, t]);
  // The budget is checked here with the API's rule, so its message shows beside the field.
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const budgetRef = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = plannerBudgetProblem(budgetCentavos(form.budgetReais));
    setBudgetError(problem);
    if (problem) budgetRef.current?.focus();
    else onSubmit(form);
  };

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} aria-label="Dados do plano" className="grid gap-4 sm:grid-cols-2">
        <Field
          id="plano-orcamento"
          label="Orçamento (R$)"
          ref={budgetRef}
          inputMode="decimal"
          required
          placeholder="Ex.: 20.000"
          value={form.budgetReais}
          error={budgetError ?? undefined}
          onChange={(e) => {
            set('budgetReais', e.target.value);
            // After a refused submit the message follows what is typed.
            if (budgetError) setBudgetError(plannerBudgetProblem(budgetCentavos(e.target.value)));
          }}
        />
        {form.area ? (
          <div className="space-y-1.5" data-testid="plano-area">
            <p className="block text-sm font-medium text-slate-800">Onde</p>
            <p className="flex min-h-11 flex-wrap items-center gap-x-3 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800">
              <MapPinned className="h-4 w-4 text-brand-700" aria-hidden="true" />
              Área do mapa escolhida na busca
              <Button type="button" variant="link" onClick={() => set('area', null)}>
                Usar uma cidade
              </Button>
            </p>
          </div>
        ) : (
          <PlaceCombobox
            label="Cidade"
            value={form.local}
            onChange={(text) => set('local', text)}
            onPick={(p) => set('local', p.label)}
          />
        )}
        {/* On a phone the date takes its own row: three fields side by side cut it to "11/2…". */}
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-3">
          <div className="col-span-2 space-y-1.5 sm:col-span-1">
            <label htmlFor="plano-inicio" className="block text-sm font-medium text-slate-800">
              Início
            </label>
            <input
              id="plano-inicio"
              type="date"
              min={earliest}
              className={inputClass}
              value={form.inicio}
              onChange={(e) => set('inicio', e.target.value)}
            />
          </div>
          <SelectField
            id="plano-semanas"
            label="Semanas"
            options={weekOptions}
            value={String(form.semanas)}
            onChange={(e) => set('semanas', Number(e.target.value))}
          />
          <SelectField
            id="plano-raio"
            label="Raio"
            options={radiusOptions}
            value={String(form.raio)}
            disabled={form.area !== null}
            onChange={(e) => set('raio', Number(e.target.value))}
          />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">
            Tipos de mídia (nenhum marcado: todos)
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {productTypes.map((t) => (
              <label key={t} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={form.tipos.includes(t)}
                  onChange={() => toggleType(t)}
                />
                {productTypeLabels[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">Objetivo</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {plannerGoals.map((g) => (
              <label
                key={g}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="objetivo"
                  className="mt-1 h-4 w-4 accent-brand-700"
                  checked={form.objetivo === g}
                  onChange={() => set('objetivo', g)}
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{plannerGoalLabels[g]}</span>
                  <span className="block text-sm text-slate-600">{goalHints[g]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            <Sparkles className="h-5 w-5" aria-hidden="true" />
            Montar plano
          </Button>
        </div>
      </form>
    </Card>
  );
}
