import { ArrowLeftRight, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  buildPath,
  formatBookingPeriod,
  formatDecimal,
  formatInteger,
  formatMoney,
  knowledgeArticles,
  paths,
  plannerGoalLabels,
  productTypeLabels,
  type PlannerFace,
  type PlannerResponse,
  type PricingConfig,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { toast } from '../../../lib/toast.ts';
import { saveRedirectPath, useAuth } from '../../auth/index.ts';
import { useCart } from '../../cart/index.ts';
import { SavePlanDialog } from '../../plans/index.ts';
import { HelpLink } from '../../knowledge/index.ts';
import { faceKey, usePlanEditor, type PlanEditor } from '../use-plan-editor.ts';

const cpmText = (cpm: number | null) => (cpm === null ? '—' : formatMoney(cpm));

/** The plan's faces into the cart, saying what went in and what was already there; true if any went in. */
function addPlanToCart(
  cart: ReturnType<typeof useCart>,
  inputs: ReturnType<PlanEditor['cartInputs']>,
  period: string,
): boolean {
  const { added, skipped } = cart.addItems(inputs);
  if (added.length > 0) {
    toast.success(
      'Plano adicionado ao carrinho',
      `${added.length} ${added.length === 1 ? 'local' : 'locais'} — ${period}`,
    );
  }
  if (skipped.length > 0) {
    toast.error(
      'Alguns locais já estavam no carrinho',
      `${skipped.map((s) => s.name).join(', ')}: já no carrinho para semanas que se sobrepõem.`,
    );
  }
  return added.length > 0;
}

/** The suggested plan with its reasoning, the edits and "Adicionar ao carrinho" in one step. */
export function PlanView({ data, pricing }: { data: PlannerResponse; pricing: PricingConfig }) {
  const editor = usePlanEditor(data, pricing);
  const cart = useCart();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { totals } = editor;
  const period = formatBookingPeriod(data.start, data.weeks);
  // Removed, added or swapped faces live only here until saved: a reload or another page asks first.
  const [kept, setKept] = useState(data.chosen);
  const leave = useLeaveGuard(editor.faces !== kept);

  const addToCart = () => {
    if (addPlanToCart(cart, editor.cartInputs(), period)) {
      leave.allowLeave();
      void navigate(paths.carrinho);
    }
  };

  return (
    <div className="space-y-6">
      {leave.dialog}
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-xl font-bold text-slate-900">Plano sugerido</h2>
        <p className="text-sm text-slate-700" data-testid="plano-raciocinio">
          {data.center.label ? `Em ${data.center.label}, ` : 'Na área do mapa, '}
          {formatInteger(data.considered)} {data.considered === 1 ? 'face' : 'faces'}
          {data.center.label ? ' no raio escolhido' : ''}; {formatInteger(data.available)} com vaga {period}.
          Objetivo: <strong>{plannerGoalLabels[data.goal]}</strong>
          {data.goal === 'impactos'
            ? ' — as faces de menor custo por mil impactos (CPM) primeiro, a mais próxima do centro no empate.'
            : ' — a face de menor CPM de cada bairro, um bairro por vez.'}
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Total do plano" value={formatMoney(totals.price)} testId="plano-total" />
          <Figure
            label={totals.left >= 0 ? 'Sobra do orçamento' : 'Acima do orçamento'}
            value={formatMoney(Math.abs(totals.left))}
            warn={totals.left < 0}
          />
          <Figure
            label="Impactos no período"
            value={formatInteger(totals.audience)}
            testId="plano-impactos"
          />
          <Figure label="CPM do plano" value={cpmText(totals.cpm)} testId="plano-cpm" />
        </dl>
        <HelpLink article={knowledgeArticles.audienciaECpm}>Como calculamos audiência e CPM</HelpLink>
        {editor.faces.length === 0 ? (
          <Alert tone="info">
            {data.available === 0
              ? 'Nenhuma face tem vaga nessas semanas. Tente outra data, mais semanas de antecedência ou um raio maior.'
              : data.cheapest !== null && data.cheapest > data.budget && data.chosen.length === 0
                ? `Nenhuma face cabe nesse orçamento: a mais barata custa ${formatMoney(data.cheapest)} no período.`
                : 'O plano está vazio. Adicione faces da lista abaixo.'}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <AddPlanButton onClick={addToCart} disabled={editor.faces.length === 0} />
          <div>
            <SavePlanDialog
              lines={editor.lines}
              what="este plano"
              onSaved={() => setKept(editor.faces)}
              signedIn={Boolean(user)}
              disabled={editor.faces.length === 0}
              onSignIn={() => {
                // The planner's inputs are in the address, so the same plan is computed again on return.
                saveRedirectPath(location.pathname + location.search);
                toast.info('Entre para salvar o plano', 'Você volta a este plano depois de entrar.');
                leave.allowLeave();
                void navigate(paths.auth);
              }}
            />
          </div>
          <span className="text-sm text-slate-600">
            {editor.faces.length} {editor.faces.length === 1 ? 'face' : 'faces'} em {editor.lines.length}{' '}
            {editor.lines.length === 1 ? 'local' : 'locais'}
          </span>
        </div>
      </Card>

      <FaceList
        title="Faces do plano"
        testId="plano-faces"
        faces={editor.faces}
        editor={editor}
        mode="chosen"
      />
      {editor.swapping ? (
        <Alert tone="info">
          Escolha abaixo a face que entra no lugar de “{editor.products.get(editor.swapping.product_id)?.name}
          ”.{' '}
          <button type="button" className="font-semibold underline" onClick={() => editor.setSwapping(null)}>
            Cancelar troca
          </button>
        </Alert>
      ) : null}
      <FaceList
        title="Outras faces com vaga"
        testId="plano-alternativas"
        faces={editor.others}
        editor={editor}
        mode="other"
      />
    </div>
  );
}

function Figure({
  label,
  value,
  warn,
  testId,
}: {
  label: string;
  value: string;
  warn?: boolean;
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd
        data-testid={testId}
        // A figure never breaks inside its number (it read "R$ 4.732,0" / "0" on a phone).
        className={`mt-1 text-base font-bold [overflow-wrap:normal] tabular-nums sm:text-lg ${warn ? 'text-red-700' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function FaceList({
  title,
  testId,
  faces,
  editor,
  mode,
}: {
  title: string;
  testId: string;
  faces: PlannerFace[];
  editor: PlanEditor;
  mode: 'chosen' | 'other';
}) {
  if (faces.length === 0 && mode === 'other') return null;
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <ul className="space-y-2" data-testid={testId}>
        {faces.map((face) => {
          const p = editor.products.get(face.product_id);
          const name = p?.name ?? 'Local';
          const label = face.tower_name ? `${name} — ${face.tower_name}` : name;
          const swappingThis = editor.swapping && faceKey(editor.swapping) === faceKey(face);
          return (
            <li
              key={faceKey(face)}
              className={`rounded-lg border bg-white p-3 ${swappingThis ? 'border-brand-600' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={buildPath(paths.local, { slug: p?.slug ?? '' })}
                    className="break-words font-semibold text-slate-900 hover:underline"
                  >
                    {name}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {[face.tower_name, p ? productTypeLabels[p.type] : null, face.neighborhood || null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <FaceActions face={face} name={label} editor={editor} mode={mode} />
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <Stat label="Preço no período" value={formatMoney(face.price)} />
                <Stat label="Impactos" value={formatInteger(face.audience)} />
                <Stat label="CPM" value={cpmText(face.cpm)} />
                <Stat label="Distância" value={`${formatDecimal(face.distance_km, 1)} km`} />
              </dl>
              <p className="mt-1 text-xs text-slate-600">{face.reason}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FaceActions({
  face,
  name,
  editor,
  mode,
}: {
  face: PlannerFace;
  name: string;
  editor: PlanEditor;
  mode: 'chosen' | 'other';
}) {
  if (mode === 'other') {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => editor.add(face)}
        aria-label={`${editor.swapping ? 'Trocar por' : 'Adicionar'} ${name}`}
      >
        {editor.swapping ? (
          <ArrowLeftRight className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Plus className="h-4 w-4" aria-hidden="true" />
        )}
        {editor.swapping ? 'Trocar por esta' : 'Adicionar'}
      </Button>
    );
  }
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => editor.setSwapping(face)}
        aria-label={`Trocar ${name}`}
      >
        <ArrowLeftRight className="h-4 w-4" aria-hidden="true" />
        Trocar
      </Button>
      <Button size="sm" variant="ghost" onClick={() => editor.remove(face)} aria-label={`Remover ${name}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Remover
      </Button>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** Full width with less padding on a phone: at 390 px it ran 16 px past its card (issue #40 item 10). */
function AddPlanButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button onClick={onClick} disabled={disabled} size="lg" className="w-full px-4 sm:w-auto sm:px-6">
      <ShoppingCart className="h-5 w-5" aria-hidden="true" />
      Adicionar plano ao carrinho
    </Button>
  );
}
