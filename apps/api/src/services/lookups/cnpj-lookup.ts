import { z } from 'zod';
import {
  cnpjLookupMessages,
  foldText,
  isValidDocument,
  normalizeDocument,
  type CnpjLookup,
} from '@urbana/shared';
import { AppError } from '../../lib/errors.ts';
import { timeProviderCall } from '../../lib/metrics.ts';
import { searchPlaces } from '../places.ts';

/**
 * The CNPJ lookup's seam (issue #42 item 2): Urbana asks a service speaking the BrasilAPI protocol
 * (`GET {base}/cnpj/v1/{cnpj}`), which answers the Receita Federal's public registry of the company.
 * The form is filled from it and the person checks it; nothing is saved from the lookup alone, so a
 * lost call loses nothing (the person types).
 */
export interface CnpjLookupProvider {
  /** The company, or null when the registry has no such CNPJ. Throws when the service fails. */
  find(cnpj: string): Promise<CnpjLookup | null>;
}

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/** The fields Urbana reads of BrasilAPI's `/cnpj/v1` answer (the rest is ignored). */
const brasilApiCompany = z.object({
  cnpj: text,
  razao_social: text,
  nome_fantasia: text,
  descricao_situacao_cadastral: text,
  ddd_telefone_1: text,
  cep: text,
  descricao_tipo_de_logradouro: text,
  logradouro: text,
  numero: text,
  complemento: text,
  bairro: text,
  municipio: text,
  uf: text,
  codigo_municipio_ibge: text,
});

const SMALL_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);

/** The registry writes in capitals ("SETOR BANCARIO SUL"); a form reads better in title case. */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}

export function fromBrasilApi(answer: unknown, asked: string): CnpjLookup {
  const c = brasilApiCompany.parse(answer);
  const street = [c.descricao_tipo_de_logradouro, c.logradouro].filter(Boolean).join(' ');
  const ibge = c.codigo_municipio_ibge.replace(/\D/g, '');
  return {
    document: normalizeDocument(c.cnpj) || asked,
    name: c.razao_social,
    trade_name: c.nome_fantasia || null,
    status: c.descricao_situacao_cadastral || null,
    phone: /^\d{10,11}$/.test(c.ddd_telefone_1.replace(/\D/g, ''))
      ? c.ddd_telefone_1.replace(/\D/g, '')
      : null,
    cep: c.cep.replace(/\D/g, '').padStart(8, '0').slice(0, 8),
    street: titleCase(street),
    number: c.numero || 'S/N',
    complement: c.complemento ? titleCase(c.complemento) : null,
    district: titleCase(c.bairro),
    city: titleCase(c.municipio),
    state: c.uf.toUpperCase(),
    ibge_code: /^\d{7}$/.test(ibge) ? ibge : null,
  };
}

const TIMEOUT_MS = 5_000;

export function brasilApiCnpjLookup(baseUrl: string): CnpjLookupProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    find: (cnpj) =>
      timeProviderCall('cnpj', 'consultar', () => findCompany(base, cnpj), {
        answer: (found) => (found ? 'ok' : 'nao_encontrado'),
      }),
  };
}

async function findCompany(base: string, cnpj: string): Promise<CnpjLookup | null> {
  const response = await fetch(`${base}/cnpj/v1/${encodeURIComponent(cnpj)}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // BrasilAPI answers 404 for a CNPJ the registry does not have.
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`consulta de CNPJ respondeu ${response.status}`);
  return fromBrasilApi(await response.json(), cnpj);
}

/** GET /api/cnpj/:cnpj: the company behind a CNPJ, or an AppError that says the person can type. */
export async function lookUpCnpj(
  config: { cnpjLookupUrl: string },
  typed: string,
  provider: CnpjLookupProvider = brasilApiCnpjLookup(config.cnpjLookupUrl),
): Promise<CnpjLookup> {
  if (!config.cnpjLookupUrl) throw new AppError(404, cnpjLookupMessages.off);
  const cnpj = normalizeDocument(typed);
  if (!isValidDocument(cnpj, 'pj')) throw new AppError(400, cnpjLookupMessages.invalid);
  let found: CnpjLookup | null;
  try {
    found = await provider.find(cnpj);
  } catch {
    throw new AppError(503, cnpjLookupMessages.unavailable);
  }
  if (!found) throw new AppError(404, cnpjLookupMessages.notFound);
  // The registry drops accents ("GOIANIA"); the city list gives the name as it is written.
  const city = searchPlaces(`${found.city}, ${found.state}`, 1)[0];
  return city && foldText(city.name) === foldText(found.city) ? { ...found, city: city.name } : found;
}
