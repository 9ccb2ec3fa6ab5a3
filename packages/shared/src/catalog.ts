/** Catalogue vocabulary and rules shared by the API, the web app and the upload checks. */
import { formatDate } from './lib/dates.ts';

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

export const ufNames: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/** "Brasília, Distrito Federal, Brasil" (docs/spec/specification.md §3's default location reads this way). */
export function placeLabel(city: string, uf: string): string {
  return `${city}, ${ufNames[uf] ?? uf}, Brasil`;
}

export type CreativeFormat = 'jpg' | 'png' | 'webp' | 'mp4';

export interface CreativeSpec {
  /** Pixel size of the artwork the screen or print expects. */
  width: number;
  height: number;
  orientation: 'horizontal' | 'vertical';
  formats: CreativeFormat[];
  maxSizeMb: number;
  /** Spot length for digital media; null for static media. */
  spotSeconds: number | null;
  /** Insertions per day per advertiser (digital); null when the art is on show all day. */
  insertionsPerDay: number | null;
  notes: string;
}

/**
 * The creative specification per product type: the one source that the upload check, the product
 * page and /especificacoes-criacao read.
 */
export const creativeSpecs: Record<ProductType, CreativeSpec> = {
  torre: {
    width: 1080,
    height: 1920,
    orientation: 'vertical',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 50,
    spotSeconds: 15,
    insertionsPerDay: 240,
    notes: 'Telas verticais em elevadores e halls. Vídeo sem áudio.',
  },
  painel_led: {
    width: 1920,
    height: 1080,
    orientation: 'horizontal',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 100,
    spotSeconds: 10,
    insertionsPerDay: 720,
    notes: 'Painel em via de grande fluxo. Vídeo sem áudio; evite letras pequenas.',
  },
  outdoor: {
    width: 4500,
    height: 1500,
    orientation: 'horizontal',
    formats: ['jpg', 'png'],
    maxSizeMb: 20,
    spotSeconds: null,
    insertionsPerDay: null,
    notes: 'Impressão em lona 9 × 3 m, visível o dia todo. Arquivo em RGB, 1:20 da escala real.',
  },
  empena: {
    width: 3000,
    height: 5000,
    orientation: 'vertical',
    formats: ['jpg', 'png'],
    maxSizeMb: 20,
    spotSeconds: null,
    insertionsPerDay: null,
    notes: 'Lona na lateral de prédio. Textos grandes, leitura a mais de 100 m.',
  },
  mobiliario_urbano: {
    width: 1080,
    height: 1920,
    orientation: 'vertical',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 50,
    spotSeconds: 10,
    insertionsPerDay: 540,
    notes: 'Abrigos de ônibus e totens digitais. Vídeo sem áudio.',
  },
};

/** "JPG, PNG, WebP ou MP4". */
export function formatSpecFormats(formats: readonly string[]): string {
  const names = formats.map((f) => (f === 'webp' ? 'WebP' : f.toUpperCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}

// ---- Dates: ISO yyyy-mm-dd strings in the Brasília calendar, never Date arithmetic on local time.

export type IsoDate = string;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The latest booking start: a start plus up to 52 weeks must stay a four-digit year, the only form
 * yyyy-mm-dd (and the database's date input) takes.
 */
export const LATEST_START_DATE: IsoDate = '9998-12-31';

/** A real calendar date that a booking may start on as far as the format goes (lead time aside). */
export function isStartDate(value: string): boolean {
  return isIsoDate(value) && value <= LATEST_START_DATE;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week of `day`: the inventory calendar starts on this week's Monday by default. */
export function mondayOf(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Whole weeks from the chosen date, as a half-open range [start, end) with end = start + 7 × weeks:
 * the form the database's date ranges take. People never see `end`: they see the last day
 * (`bookingLastDay`), see decision 021.
 */
export function periodEnd(start: IsoDate, weeks: number): IsoDate {
  return addDays(start, 7 * weeks);
}

/** The booking's last day on air, inclusive: start + 7 × weeks − 1 (issue #16 item 4, decision 021). */
export function bookingLastDay(start: IsoDate, weeks: number): IsoDate {
  return addDays(start, 7 * weeks - 1);
}

/** The one way a booking period is written: "de 09/12/2026 até 22/12/2026" (inclusive last day). */
export function formatBookingPeriod(start: IsoDate, weeks: number): string {
  return `de ${formatDate(start)} até ${formatDate(bookingLastDay(start, weeks))}`;
}

/** The same text from a database range [start, end): for pages that hold the range, not the weeks. */
export function formatBookingRange(start: IsoDate, endExclusive: IsoDate): string {
  return `de ${formatDate(start)} até ${formatDate(addDays(endExclusive, -1))}`;
}

export const DEFAULT_LEAD_BUSINESS_DAYS = 2;

/** The first day a booking may start: today plus the lead time in business days (Mon–Fri). */
export function earliestBookableStart(
  today: IsoDate,
  leadBusinessDays: number = DEFAULT_LEAD_BUSINESS_DAYS,
): IsoDate {
  let date = today;
  let left = leadBusinessDays;
  while (left > 0) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
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
