import { readFileSync } from 'node:fs';
import path from 'node:path';
import { foldText, placeLabel, type Place } from '@urbana/shared';
import { apiRoot } from '../paths.ts';

type Row = [name: string, uf: string, lat: number, lng: number, population: number];

// Brazilian cities with coordinates and population, built by scripts/build-places.mjs from GeoNames.
const rows = JSON.parse(readFileSync(path.join(apiRoot, 'src/data/cidades-br.json'), 'utf8')) as Row[];

interface Indexed {
  place: Place;
  /** Folded "name uf" and name, computed once. */
  folded: string;
  name: string;
  words: string[];
}

const index: Indexed[] = rows.map(([name, uf, lat, lng, population]) => ({
  place: { name, uf, label: placeLabel(name, uf), lat, lng, population },
  folded: foldText(`${name} ${uf}`),
  name: foldText(name),
  words: foldText(name).split(/[\s-]+/),
}));

export const DEFAULT_PLACE: Place = index.find(
  (i) => i.place.name === 'Brasília' && i.place.uf === 'DF',
)!.place;

/**
 * City autocomplete: accent-insensitive, names that start with the query first, then names with a
 * word that starts with it, each group most populous first. "sao paulo", "brasilia, df" work.
 */
export function searchPlaces(query: string, limit = 8): Place[] {
  const parts = foldText(query)
    .replace(/,?\s*brasil$/, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const q = parts[0] ?? '';
  if (!q) return [];
  const ufHint = parts[1]?.length === 2 ? parts[1].toUpperCase() : undefined;
  const scored: Array<[number, Indexed]> = [];
  for (const item of index) {
    if (ufHint && item.place.uf !== ufHint) continue;
    const name = item.name;
    let score = -1;
    if (name === q) score = 3;
    else if (name.startsWith(q)) score = 2;
    else if (item.words.some((w) => w.startsWith(q)) || item.folded.includes(q)) score = 1;
    if (score >= 0) scored.push([score, item]);
  }
  // rows are already most populous first, and sort is stable
  scored.sort((a, b) => b[0] - a[0]);
  return scored.slice(0, limit).map(([, i]) => i.place);
}

/** The best match for free text ("brasilia", "Brasília, Distrito Federal, Brasil"), if any. */
export function resolvePlace(text: string): Place | undefined {
  const first = text.split(',')[0] ?? text;
  const uf = Object.entries({ ...ufByName }).find(([n]) => foldText(text).includes(n))?.[1];
  const found = searchPlaces(uf ? `${first}, ${uf}` : first, 1)[0];
  return found ?? searchPlaces(first, 1)[0];
}

const ufByName: Record<string, string> = Object.fromEntries(
  Object.entries({
    acre: 'AC',
    alagoas: 'AL',
    amapa: 'AP',
    amazonas: 'AM',
    bahia: 'BA',
    ceara: 'CE',
    'distrito federal': 'DF',
    'espirito santo': 'ES',
    goias: 'GO',
    maranhao: 'MA',
    'mato grosso do sul': 'MS',
    'mato grosso': 'MT',
    'minas gerais': 'MG',
    para: 'PA',
    paraiba: 'PB',
    parana: 'PR',
    pernambuco: 'PE',
    piaui: 'PI',
    'rio de janeiro': 'RJ',
    'rio grande do norte': 'RN',
    'rio grande do sul': 'RS',
    rondonia: 'RO',
    roraima: 'RR',
    'santa catarina': 'SC',
    'sao paulo': 'SP',
    sergipe: 'SE',
    tocantins: 'TO',
  }).map(([k, v]) => [`, ${k}`, v]),
);
