import { isValidCEP, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { ufNames } from '../catalog.ts';

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The digits of a Brazilian phone however it was typed or pasted: "+55 (61) 99999-0000",
 * "061 99999 0000" and "61999990000" all give "61999990000" (country code and trunk 0 dropped).
 */
export function normalizePhone(value: string): string {
  let d = digits(value);
  if (d.length >= 12 && d.startsWith('55')) d = d.slice(2);
  if (d.length >= 11 && d.startsWith('0')) d = d.slice(1);
  return d.slice(0, 11);
}

/**
 * Puts the characters it has into a mask ("00000-000"): `0` takes a digit, `A` a digit or a letter
 * (the first twelve of an alphanumeric CNPJ); it stops where the characters end or one does not fit.
 */
function applyMask(d: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= d.length) break;
    if (ch === '0' || ch === 'A') {
      if (ch === '0' && !/\d/.test(d[i]!)) break;
      out += d[i++];
    } else out += ch;
  }
  return out;
}

/** "(61) 99999-0000" or "(61) 3333-0000"; partial input is masked as far as it goes. */
export function formatPhone(value: string): string {
  const d = normalizePhone(value);
  return applyMask(d, d.length === 11 ? '(00) 00000-0000' : '(00) 0000-00000');
}

/** "70040-010"; partial input is masked as far as it goes. */
export function formatCEP(value: string): string {
  return applyMask(digits(value).slice(0, 8), '00000-000');
}

/**
 * A CPF or CNPJ as stored: upper-case letters and digits, no punctuation. Since July 2026 the Receita
 * Federal issues alphanumeric CNPJs (IN RFB 2.229/2024: twelve characters 0-9A-Z, two numeric check
 * digits), so letters are kept; a CPF with a letter is then simply invalid.
 */
export const normalizeDocument = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), as stored. */
export function isValidDocument(document: string, personType: 'pf' | 'pj'): boolean {
  const d = normalizeDocument(document);
  return personType === 'pj'
    ? d.length === 14 && isValidCnpj(d, { version: 2 })
    : d.length === 11 && isValidCpf(d);
}

const CNPJ_MASK = 'AA.AAA.AAA/AAAA-00';
const CPF_MASK = '000.000.000-00';

/** CPF "000.000.000-00" or CNPJ "12.ABC.345/01DE-35" as typed so far. */
export function maskDocument(value: string, personType: 'pf' | 'pj'): string {
  const d = normalizeDocument(value);
  return personType === 'pj'
    ? applyMask(d.slice(0, 14), CNPJ_MASK)
    : applyMask(digits(d).slice(0, 11), CPF_MASK);
}
/** The first two digits of every IBGE city code of a state (IBGE's table of federation units). */
export const ufIbgeCodes: Record<string, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

const required = (message: string, max = 160) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Use no máximo ${max} caracteres.` });

function documentPresent(payload: { value: unknown }): boolean {
  const v = payload.value as { document?: unknown; person_type?: unknown } | undefined;
  return typeof v?.document === 'string' && (v.person_type === 'pf' || v.person_type === 'pj');
}

/** The billing profile required before checkout (docs/spec/product.md §4). */
export const billingProfileSchema = z
  .object({
    person_type: z.enum(['pf', 'pj'], { error: 'Escolha pessoa física ou jurídica.' }),
    name: required('Informe o nome completo ou a razão social.'),
    document: z.string({ error: 'Informe o CPF ou o CNPJ.' }).transform(normalizeDocument),
    phone: z
      .string({ error: 'Informe um telefone com DDD.' })
      .transform(normalizePhone)
      .refine((v) => v.length === 10 || v.length === 11, {
        error: 'Informe um telefone com DDD (10 ou 11 dígitos).',
      }),
    cep: z
      .string({ error: 'Informe o CEP.' })
      .transform(digits)
      // Empty says what is missing, as every other field does; a partial or unknown CEP is invalid.
      // One check (an aborting one would keep the form's other messages, e.g. the CPF's, from showing).
      .refine((v) => isValidCEP(v), {
        error: (issue) => (issue.input === '' ? 'Informe o CEP.' : 'CEP inválido.'),
      }),
    street: required('Informe o endereço.'),
    // "123", "1.200", "12A", "S/N", "Bloco C"; never "-5" (it went onto invoices as written).
    number: required('Informe o número.', 20).refine((v) => v === '' || /^[\p{L}\p{N}]/u.test(v), {
      error: 'Use o número do endereço, sem sinal, ou S/N se não houver.',
    }),
    complement: z
      .string()
      .trim()
      .max(80)
      .nullish()
      .transform((v) => v || null),
    district: required('Informe o bairro.', 80),
    city: required('Informe a cidade.', 80),
    state: z
      .string({ error: 'Escolha o estado.' })
      .trim()
      .toUpperCase()
      .refine((v) => v in ufNames, { error: 'Escolha o estado.' }),
    // What an NFS-e names the buyer by (issue #42 item 2): the city's IBGE code, filled by the CEP or
    // CNPJ lookup, and the municipal registration a company may have.
    ibge_code: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || /^\d{7}$/.test(v), { error: 'Código IBGE inválido: são 7 dígitos.' }),
    municipal_registration: z
      .string()
      .nullish()
      .transform((v) => (v ? normalizeDocument(v) : null) || null)
      .refine((v) => v === null || v.length <= 15, {
        error: 'Use no máximo 15 letras e números na inscrição municipal.',
      }),
  })
  .refine((v) => v.ibge_code === null || v.ibge_code.startsWith(ufIbgeCodes[v.state] ?? '--'), {
    path: ['ibge_code'],
    error: 'O código IBGE não é de uma cidade do estado escolhido. Busque o CEP de novo.',
  })
  // Checked even when other fields have errors (`when`), so every message shows at once.
  .refine((v) => v.document.length > 0, {
    path: ['document'],
    error: (issue) =>
      (issue.input as { person_type?: unknown } | undefined)?.person_type === 'pj'
        ? 'Informe o CNPJ.'
        : 'Informe o CPF.',
    when: documentPresent,
    abort: true,
  })
  .refine((v) => v.document.length === 0 || v.person_type !== 'pf' || isValidDocument(v.document, 'pf'), {
    path: ['document'],
    error: 'CPF inválido. Confira os números.',
    when: documentPresent,
  })
  .refine((v) => v.document.length === 0 || v.person_type !== 'pj' || isValidDocument(v.document, 'pj'), {
    path: ['document'],
    error: 'CNPJ inválido. Confira as letras e os números.',
    when: documentPresent,
  });
export type BillingProfileInput = z.input<typeof billingProfileSchema>;

/** A stored CPF or CNPJ with its mask: "529.982.247-25", "12.ABC.345/01DE-35". */
export function formatDocument(document: string): string {
  const d = normalizeDocument(document);
  if (d.length === 11 && /^\d+$/.test(d)) return applyMask(d, CPF_MASK);
  if (d.length === 14) return applyMask(d, CNPJ_MASK);
  return d;
}

/** An address as the billing profile and the CNPJ lookup give it (the city's IBGE code when known). */
const addressShape = {
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
  ibge_code: z.string().nullable(),
};

/** The saved billing profile as GET/PUT /api/billing-profile answer it. */
export const billingProfileDataSchema = z.object({
  person_type: z.enum(['pf', 'pj']),
  name: z.string(),
  document: z.string(),
  phone: z.string(),
  ...addressShape,
  municipal_registration: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileDataSchema>;

/**
 * GET /api/cnpj/:cnpj: what the CNPJ lookup (BrasilAPI protocol) tells of a company, to fill the
 * billing form; the person checks and may change every field.
 */
export const cnpjLookupSchema = z.object({
  document: z.string(),
  name: z.string(),
  trade_name: z.string().nullable(),
  /** "Ativa", "Baixada", "Inapta"…, as the Receita Federal says it. */
  status: z.string().nullable(),
  /** The company's phone in the registry (DDD and number), when it has one. */
  phone: z.string().nullable(),
  ...addressShape,
});
export type CnpjLookup = z.infer<typeof cnpjLookupSchema>;
/** GET /api/billing-profile: null until the customer fills it in. */
export const billingProfileResponseSchema = z.object({ profile: billingProfileDataSchema.nullable() });
/** PUT /api/billing-profile. */
export const billingProfileSavedSchema = z.object({ profile: billingProfileDataSchema });
