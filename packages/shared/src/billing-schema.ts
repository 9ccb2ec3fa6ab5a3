import { isValidCEP, isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { isStartDate, ufNames } from './catalog.ts';

const digits = (value: string) => value.replace(/\D/g, '');
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

/** The billing profile required before checkout (PRODUCT.md §4). */
export const billingProfileSchema = z
  .object({
    person_type: z.enum(['pf', 'pj'], { error: 'Escolha pessoa física ou jurídica.' }),
    name: required('Informe o nome completo ou a razão social.'),
    document: z.string({ error: 'Informe o CPF ou o CNPJ.' }).transform(digits),
    phone: z
      .string({ error: 'Informe um telefone com DDD.' })
      .transform(digits)
      .refine((v) => v.length === 10 || v.length === 11, {
        error: 'Informe um telefone com DDD (10 ou 11 dígitos).',
      }),
    cep: z
      .string({ error: 'Informe o CEP.' })
      .transform(digits)
      .refine((v) => isValidCEP(v), { error: 'CEP inválido.' }),
    street: required('Informe o endereço.'),
    number: required('Informe o número.', 20),
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
  })
  // Checked even when other fields have errors (`when`), so every message shows at once.
  .refine((v) => v.person_type !== 'pf' || (v.document.length === 11 && isValidCPF(v.document)), {
    path: ['document'],
    error: 'CPF inválido. Confira os números.',
    when: documentPresent,
  })
  .refine((v) => v.person_type !== 'pj' || (v.document.length === 14 && isValidCNPJ(v.document)), {
    path: ['document'],
    error: 'CNPJ inválido. Confira os números.',
    when: documentPresent,
  });
export type BillingProfileInput = z.input<typeof billingProfileSchema>;
export type BillingProfile = z.output<typeof billingProfileSchema>;

export function formatDocument(document: string): string {
  const d = digits(document);
  if (d.length === 11) return d.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return d;
}

export const orderItemInputSchema = z.object({
  product_id: z.string().uuid({ error: 'Produto inválido.' }),
  start_date: z.string({ error: 'Data de início inválida.' }).refine(isStartDate, {
    error: 'Data de início inválida.',
  }),
  weeks: z
    .number({ error: 'Número de semanas inválido.' })
    .int()
    .min(1, { error: 'Escolha de 1 a 52 semanas.' })
    .max(52, { error: 'Escolha de 1 a 52 semanas.' }),
  tower_ids: z
    .array(z.string().uuid({ error: 'Torre inválida.' }))
    .max(100)
    .default([]),
});

export const checkoutBodySchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .min(1, { error: 'O carrinho está vazio.' })
    .max(50, { error: 'Itens demais em um pedido.' }),
  coupon_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  payment_method: z.enum(['pix', 'faturado'], { error: 'Escolha a forma de pagamento.' }).default('pix'),
});
export type CheckoutBody = z.output<typeof checkoutBodySchema>;

/** A quote: every price recomputed by the server (POST /api/checkout/quote). */
export const quoteItemSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  is_tower_based: z.boolean(),
  start: z.string(),
  end: z.string(),
  weeks: z.number(),
  daily_price: z.number(),
  towers: z.array(z.object({ id: z.string(), name: z.string() })),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** Impacts in the whole period: the chosen towers' weekly audience × weeks (`bookingAudience`). */
  audience: z.number(),
  /** Centavos per thousand impacts of the item's total (`bookingCpm`); null without an audience. */
  cpm: z.number().nullable(),
});
export const quoteSchema = z.object({
  items: z.array(quoteItemSchema),
  subtotal: z.number(),
  discount: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  coupon_error: z.string().nullable(),
  total: z.number(),
  earliest_start: z.string(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;
export type Quote = z.infer<typeof quoteSchema>;
