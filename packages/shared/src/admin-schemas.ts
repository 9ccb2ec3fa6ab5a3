import { z } from 'zod';
import { parseDecimal } from './lib/numbers.ts';
import { fromDateTimeInput } from './lib/date-input.ts';
import { formatMoney } from './lib/money.ts';
import { COUPON_CODE_PATTERN, couponKinds } from './orders/rules.ts';
import { userTypes } from './permissions.ts';

/** Admin area forms and queries (docs/spec/product.md §8): one schema for the API and the web forms. */

export const adminPageQuery = {
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int({ error: 'Página inválida.' })
    .min(1, { error: 'Página inválida.' })
    .max(100_000, { error: 'Página inválida.' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int({ error: 'Tamanho de página inválido.' })
    .min(1, { error: 'Tamanho de página inválido.' })
    .max(100, { error: 'Tamanho de página inválido.' })
    .default(20),
  q: z.string().trim().max(200, { error: 'Busca longa demais.' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Ordem inválida.' }).default('desc'),
};

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use aaaa-mm-dd).' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) &&
        d.toISOString().slice(0, 10) === v &&
        v >= '2000-01-01' &&
        v <= '2100-12-31'
      );
    },
    { error: 'Data inválida.' },
  );

/** A date range of calendar days in Brasília time, both ends included. */
export const dateRangeQuery = {
  from: isoDay.optional(),
  to: isoDay.optional(),
};

export const dateRangeMessages = {
  order: 'A data final precisa ser igual ou posterior à inicial.',
};

/** Two `aaaa-mm-dd` days (either may be empty): the message when the range ends before it starts. */
export function dateRangeProblem(from: string, to: string): string | null {
  return from && to && from > to ? dateRangeMessages.order : null;
}

/**
 * A list's query with `dateRangeQuery`, refused when its period ends before it starts (a 400 with
 * `dateRangeMessages.order`, as the reports do) instead of answering an empty list.
 */
export function withDateRange<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  query: T,
): T {
  return query.refine((q) => dateRangeProblem(q.from ?? '', q.to ?? '') === null, {
    message: dateRangeMessages.order,
    path: ['to'],
  });
}

/**
 * Occupancy looks forward: an outdoor seller sells the coming weeks, so by default the report shows
 * today to 12 weeks ahead (issue #17 item 6, docs/decisions/028-readable-audit-log.md), on its own
 * dates, apart from the sales period (which looks back).
 */
export const OCCUPANCY_DEFAULT_WEEKS = 12;
export const occupancyRangeQuery = {
  ocupacao_de: isoDay.optional(),
  ocupacao_ate: isoDay.optional(),
};

/** The list's filter: an account deleted at its holder's request (LGPD) is 'excluido', never 'ativo' or 'bloqueado'. */
export const userStatuses = ['ativo', 'bloqueado', 'nao_confirmado', 'excluido'] as const;
export const roleChangeSchema = z.object({
  tipo_usuario: z.enum(userTypes, { error: 'Papel inválido.' }),
});

const optionalLimit = (label: string) =>
  z
    .number({ error: `${label} inválido.` })
    .int({ error: `${label}: use um número inteiro.` })
    .min(1, { error: `${label}: ao menos 1.` })
    .max(1_000_000, { error: `${label} alto demais.` })
    .nullable()
    .default(null);

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: 'Informe o código.' })
      .trim()
      .toUpperCase()
      .regex(COUPON_CODE_PATTERN, { error: 'Código: 3 a 30 letras, números, - ou _.' }),
    kind: z.enum(couponKinds, { error: 'Escolha percentual ou valor fixo.' }),
    /** Percent (1–100) or centavos. */
    value: z
      .number({ error: 'Informe o valor do desconto.' })
      .int({ error: 'Use um número inteiro.' })
      .min(1, { error: 'O desconto precisa ser maior que zero.' })
      .max(100_000_000, { error: 'Desconto alto demais.' }),
    starts_at: z.iso.datetime({ offset: true, error: 'Data de início inválida.' }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true, error: 'Data de fim inválida.' }).nullable().default(null),
    min_order: z
      .number({ error: 'Pedido mínimo inválido.' })
      .int({ error: 'Pedido mínimo em centavos inteiros.' })
      .min(0, { error: 'O pedido mínimo não pode ser negativo.' })
      .max(1_000_000_000, { error: 'Pedido mínimo alto demais.' })
      .default(0),
    max_uses: optionalLimit('Limite total'),
    max_uses_per_user: optionalLimit('Limite por cliente'),
    first_purchase_only: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percentual' && value.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'O percentual vai de 1 a 100.' });
    }
    if (value.starts_at && value.ends_at && new Date(value.ends_at) <= new Date(value.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'O fim precisa ser depois do início.' });
    }
    // "até 2 usos · 5 por cliente" was saved: no customer can use it more than everyone together.
    if (
      value.max_uses != null &&
      value.max_uses_per_user != null &&
      value.max_uses_per_user > value.max_uses
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_uses_per_user'],
        message: 'O limite por cliente não pode passar do limite total.',
      });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/**
 * The staff coupon form as typed: amounts in reais ("1.234,56"), dates from `datetime-local`
 * inputs (Brasília), limits as text; read into what `couponInputSchema` checks, so the field
 * errors are the API's own.
 */
export const couponFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(couponKinds, { error: 'Escolha percentual ou valor fixo.' }),
    value: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    min_order: z.string(),
    max_uses: z.string(),
    max_uses_per_user: z.string(),
    first_purchase_only: z.boolean(),
    active: z.boolean(),
  })
  .transform((v): CouponInput => {
    const optionalInt = (text: string) => (text.trim() ? Number(text) : null);
    return {
      ...v,
      value: v.kind === 'percentual' ? parseDecimal(v.value) : signedReais(v.value),
      starts_at: fromDateTimeInput(v.starts_at),
      ends_at: fromDateTimeInput(v.ends_at),
      min_order: v.min_order.trim() ? (parseReais(v.min_order) ?? Number.NaN) : 0,
      max_uses: optionalInt(v.max_uses),
      max_uses_per_user: optionalInt(v.max_uses_per_user),
    };
  })
  .pipe(couponInputSchema);

/**
 * A discount in reais as typed, its sign kept: "-50" is a negative discount (the rule says it must be
 * above zero), not an empty field.
 */
function signedReais(value: string): number {
  const negative = /^\s*-/.test(value);
  const centavos = parseReais(value.replace(/^\s*-/, ''));
  return centavos === null ? Number.NaN : negative ? -centavos : centavos;
}

/** "1.234,56" or "1234.56" or "R$ 12" → centavos; null when it is not a price. */
/**
 * A fixed discount larger than the coupon's minimum order makes every order from the minimum up to
 * the discount free (the discount is capped at the order: orders/rules.ts). The coupon form warns;
 * saving is allowed (a "first order free up to R$ 500" coupon is a choice).
 */
export function couponFreeOrdersWarning(
  kind: string,
  value: number | null,
  minOrder: number | null,
): string | null {
  if (kind !== 'valor' || value === null || !(value > (minOrder ?? 0))) return null;
  return `Pedidos de até ${formatMoney(value)} sairão de graça: o desconto cobre o pedido inteiro. Para evitar, defina um pedido mínimo acima do desconto.`;
}

export function parseReais(value: string): number | null {
  let v = value.replace(/R\$\s?/i, '').replace(/\s/g, '');
  if (!v) return null;
  if (v.includes(',')) v = v.replace(/\./g, '').replace(',', '.');
  // "1.500" is one thousand five hundred in pt-BR, not one and a half.
  else if (/^\d{1,3}(\.\d{3})+$/.test(v)) v = v.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

export const reportTables = ['periodo', 'produtos', 'cidades', 'tipos', 'ocupacao', 'clientes'] as const;
export type ReportTable = (typeof reportTables)[number];
