import {
  DEFAULT_LOCATION,
  plannerGoals,
  productTypes,
  type PlannerGoal,
  type ProductType,
  weeksParam,
} from '@urbana/shared';

/** A map area (the visible map of a search), in degrees. */
export interface PlannerArea {
  norte: string;
  sul: string;
  leste: string;
  oeste: string;
}
const AREA_KEYS = ['norte', 'sul', 'leste', 'oeste'] as const;

/** The map area of an address, when all four sides are numbers; the city is used otherwise. */
export function areaFromParams(params: URLSearchParams): PlannerArea | null {
  const sides = AREA_KEYS.map((key) => params.get(key) ?? '');
  if (sides.some((side) => side === '' || !Number.isFinite(Number(side)))) return null;
  const [norte, sul, leste, oeste] = sides as [string, string, string, string];
  return { norte, sul, leste, oeste };
}

/** What the form holds; the page's address carries it (budget in whole reais there). */
export interface PlannerForm {
  budgetReais: string;
  /** A map area brought from the search page; when set, it replaces the city and radius. */
  area: PlannerArea | null;
  local: string;
  raio: number;
  inicio: string;
  semanas: number;
  tipos: ProductType[];
  objetivo: PlannerGoal;
}

export function formFromParams(params: URLSearchParams, earliest: string): PlannerForm {
  const goal = params.get('objetivo');
  return {
    budgetReais: params.get('orcamento') ?? '',
    area: areaFromParams(params),
    local: params.get('local') ?? DEFAULT_LOCATION,
    raio: Number(params.get('raio') ?? 15) || 15,
    inicio: params.get('inicio') ?? earliest,
    semanas: weeksParam(params.get('semanas')),
    tipos: (params.get('tipos') ?? '')
      .split(',')
      .filter((t): t is ProductType => (productTypes as readonly string[]).includes(t)),
    objetivo: (plannerGoals as readonly string[]).includes(goal ?? '') ? (goal as PlannerGoal) : 'impactos',
  };
}

export function paramsFromForm(form: PlannerForm): URLSearchParams {
  const out = new URLSearchParams({ orcamento: form.budgetReais });
  // A map area replaces the city and its radius.
  if (form.area) for (const key of AREA_KEYS) out.set(key, form.area[key]);
  else {
    out.set('local', form.local);
    out.set('raio', String(form.raio));
  }
  out.set('semanas', String(form.semanas));
  out.set('objetivo', form.objetivo);
  if (form.inicio) out.set('inicio', form.inicio);
  if (form.tipos.length > 0) out.set('tipos', form.tipos.join(','));
  return out;
}

/**
 * The API's query from the page's address: the budget from reais to centavos ("5.000,50" and "5000"
 * both read). Null until a budget is given.
 */
export function apiParams(params: URLSearchParams): string | null {
  const raw = params.get('orcamento');
  if (!raw) return null;
  const centavos = budgetCentavos(raw);
  const out = new URLSearchParams(params);
  out.set('orcamento', Number.isFinite(centavos) ? String(centavos) : raw);
  return out.toString();
}

/** A budget typed in reais ("5.000,50", "5000") in centavos; NaN when it is not a number. */
export function budgetCentavos(reais: string): number {
  const value = Number(reais.trim().replace(/\./g, '').replace(',', '.'));
  return reais.trim() !== '' && Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}
