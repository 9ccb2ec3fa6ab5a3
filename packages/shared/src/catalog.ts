/** Catalogue vocabulary and rules shared by the API, the web app and the upload checks. */
export * from './booking-dates.ts';
export * from './places.ts';

export const productTypes = ['torre', 'painel_led', 'outdoor', 'empena', 'mobiliario_urbano'] as const;
export type ProductType = (typeof productTypes)[number];
/** A product is on sale (`ativo`) or withdrawn by staff (`inativo`). */
export const productStatuses = ['ativo', 'inativo'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const productTypeLabels: Record<ProductType, string> = {
  torre: 'Telas em torres',
  painel_led: 'Painel de LED',
  outdoor: 'Outdoor',
  empena: 'Empena',
  mobiliario_urbano: 'Mobiliário urbano',
};

/** The booked faces of a line as every page lists them: a tower screen's are towers, the rest faces. */
export function facesLine(type: string, towers: ReadonlyArray<{ name: string }>): string {
  return `${type === 'torre' ? 'Torres' : 'Faces'}: ${towers.map((t) => t.name).join(', ')}`;
}

// ---- Availability.

export const availabilityStatuses = ['livre', 'poucas_vagas', 'indisponivel'] as const;
export type AvailabilityStatus = (typeof availabilityStatuses)[number];
export const availabilityLabels: Record<AvailabilityStatus, string> = {
  livre: 'Livre',
  poucas_vagas: 'Poucas vagas',
  indisponivel: 'Indisponível',
};

export interface TowerLoad {
  slots: number;
  /** Reservations overlapping the period (paid, or unpaid and still inside the payment window). */
  booked: number;
}

/**
 * A tower or face has room while its overlapping reservations are fewer than its slots. A product is
 * unavailable when no tower has room, has few places when one is full or a quarter or less of its
 * slots are left, and is free otherwise.
 */
export function availabilityOf(towers: readonly TowerLoad[]): {
  status: AvailabilityStatus;
  remaining: number;
  capacity: number;
} {
  const capacity = towers.reduce((s, t) => s + t.slots, 0);
  const remaining = towers.reduce((s, t) => s + Math.max(0, t.slots - t.booked), 0);
  const anyRoom = towers.some((t) => t.booked < t.slots);
  const anyFull = towers.some((t) => t.booked >= t.slots);
  if (!anyRoom) return { status: 'indisponivel', remaining: 0, capacity };
  if (anyFull || remaining <= Math.max(1, Math.floor(capacity / 4))) {
    return { status: capacity === 1 ? 'livre' : 'poucas_vagas', remaining, capacity };
  }
  return { status: 'livre', remaining, capacity };
}

/** CPM: cost per thousand impressions for a week, in centavos. */
export function cpm(dailyPriceCentavos: number, weeklyAudience: number): number | null {
  if (weeklyAudience <= 0) return null;
  return Math.round((dailyPriceCentavos * 7 * 1000) / weeklyAudience);
}

/** Accent-insensitive, lower-case form for matching ("São Paulo" → "sao paulo"). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
