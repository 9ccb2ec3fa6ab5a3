import { z } from 'zod';
import { productStatuses, productTypes, ufNames } from '../catalog.ts';
import { formatMoney } from '../lib/money.ts';
import { parseReais } from '../admin-schemas.ts';
import { parseCount, parseDecimal } from '../lib/numbers.ts';

/**
 * A product of the network as staff create and edit it (docs/spec/product.md §8): the API's request
 * schema, and the form schema that reads what the admin form types into it, field by field, so a
 * field's error is the API's message on the same field.
 */

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} é obrigatório.` })
    .trim()
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

/**
 * A whole number between `min` and `max`. The bounds are checked first: a number past the safe
 * integers (99999999999999999999) is said to be too big or too small, not "not whole".
 */
const wholeNumber = (
  required: string,
  whole: string,
  [min, below]: [number, string],
  [max, above]: [number, string],
) =>
  z
    .number({ error: required })
    .min(min, { error: below, abort: true })
    .max(max, { error: above, abort: true })
    .int({ error: whole });

const towerFields = {
  id: z.uuid({ error: 'Torre inválida.' }).optional(),
  name: text(120, 'Nome da torre').min(1, { error: 'Informe o nome da torre.' }),
  screens: wholeNumber(
    'Informe o número de telas.',
    'Use um número inteiro de telas.',
    [1, 'Ao menos 1 tela.'],
    [1000, 'No máximo 1.000 telas.'],
  ),
  weekly_audience: wholeNumber(
    'Informe a audiência semanal.',
    'Use um número inteiro.',
    [0, 'A audiência não pode ser negativa.'],
    [1_000_000_000, 'Audiência grande demais.'],
  ),
  slots: wholeNumber(
    'Informe os slots.',
    'Use um número inteiro de slots.',
    [1, 'Ao menos 1 slot.'],
    [100, 'No máximo 100 slots.'],
  ),
};
export const towerInputSchema = z.object(towerFields);
export type TowerInput = z.infer<typeof towerInputSchema>;

const productFields = {
  name: text(160, 'Nome').min(3, { error: 'O nome precisa de ao menos 3 letras.' }),
  description: text(4000, 'Descrição').default(''),
  type: z.enum(productTypes, { error: 'Escolha o tipo de mídia.' }),
  address: text(300, 'Endereço').min(3, { error: 'Informe o endereço.' }),
  neighborhood: text(120, 'Bairro').default(''),
  city: text(120, 'Cidade').min(2, { error: 'Informe a cidade.' }),
  state: z.string().refine((v) => v in ufNames, { error: 'Escolha a UF.' }),
  latitude: z
    .number({ error: 'Latitude inválida.' })
    .min(-34, { error: 'Latitude fora do Brasil.' })
    .max(6, { error: 'Latitude fora do Brasil.' }),
  longitude: z
    .number({ error: 'Longitude inválida.' })
    .min(-74, { error: 'Longitude fora do Brasil.' })
    .max(-28, { error: 'Longitude fora do Brasil.' }),
  daily_price: wholeNumber(
    'Informe o preço diário.',
    'Preço em centavos inteiros.',
    [100, `O preço diário mínimo é ${formatMoney(100)}.`],
    [100_000_000, 'Preço diário alto demais.'],
  ),
  is_tower_based: z.boolean().default(false),
  weekly_audience: wholeNumber(
    'Informe a audiência semanal.',
    'Use um número inteiro.',
    [0, 'A audiência não pode ser negativa.'],
    [1_000_000_000, 'Audiência grande demais.'],
  ),
  audience_profile: text(500, 'Perfil de público').default(''),
  // Where the audience comes from (issue #43 item 6): who measured it, how, and the month.
  audience_source: text(120, 'Fonte da audiência').default(''),
  audience_method: text(120, 'Método da audiência').default(''),
  audience_month: z
    .string()
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, { error: 'Informe o mês da medição como AAAA-MM.' })
    .default(''),
  operating_hours: text(200, 'Horário de funcionamento').default(''),
  status: z.enum(productStatuses, { error: 'Status inválido.' }).default('ativo'),
};

const towersOf = <T extends z.ZodType>(tower: T) =>
  z
    .array(tower, { error: 'Informe as torres.' })
    .min(1, { error: 'Cadastre ao menos uma torre ou face.' })
    .max(50, { error: 'No máximo 50 torres.' });

/** The rules across fields, the same for the API and the form. */
function productRules(
  value: { is_tower_based: boolean; towers: Array<{ name: string }> },
  ctx: z.RefinementCtx,
) {
  if (!value.is_tower_based && value.towers.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['towers'],
      message: 'Um produto sem torres tem exatamente uma face.',
    });
  }
  const names = value.towers.map((t) => t.name.toLowerCase());
  if (new Set(names).size !== names.length) {
    ctx.addIssue({ code: 'custom', path: ['towers'], message: 'Cada torre precisa de um nome diferente.' });
  }
}

/** A product is on sale ("ativo") only with at least one photo (issue #40 item 8). */
export const productPhotoMessages = {
  activeNeedsPhoto: 'Envie ao menos uma foto do local antes de ativar o produto.',
  createdInactive: 'Produto criado inativo: envie ao menos uma foto e então ative-o.',
  lastPhoto:
    'Este é a única foto de um produto ativo: envie outra antes de removê-la, ou desative o produto.',
} as const;

export const productInputSchema = z
  .object({ ...productFields, towers: towersOf(towerInputSchema) })
  .superRefine(productRules);
export type ProductInput = z.input<typeof productInputSchema>;

/** Typed text read by `parse`; text that is no number gets `message`, an empty field the field's own. */
const typedNumber =
  (parse: (value: string) => number, message: string) =>
  <T extends z.ZodType<unknown, number>>(field: T) =>
    z
      .string()
      .transform((value, ctx) => {
        const parsed = parse(value);
        if (Number.isNaN(parsed) && value.trim() !== '') {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parsed;
      })
      .pipe(field);
const typedLatitude = typedNumber(parseDecimal, 'Use um número, por exemplo -15,79.');
const typedLongitude = typedNumber(parseDecimal, 'Use um número, por exemplo -47,88.');
const typedCount = typedNumber(parseCount, 'Use só algarismos, por exemplo 120.000.');

const typedReais = z
  .string()
  .transform((value, ctx) => {
    const centavos = parseReais(value);
    // "-10" is a number, only a negative one: said as such, not as an unreadable price (issue #40 item 8).
    if (centavos === null && /^-\s*(R\$)?\s*\d/i.test(value.trim())) {
      ctx.addIssue({
        code: 'custom',
        message: `O preço diário não pode ser negativo: o mínimo é ${formatMoney(100)}.`,
      });
      return z.NEVER;
    }
    if (centavos === null) {
      ctx.addIssue({ code: 'custom', message: 'Informe o preço em reais, por exemplo 150,00.' });
      return z.NEVER;
    }
    return centavos;
  })
  .pipe(productFields.daily_price);

/**
 * The admin product form as typed: price in reais ("1.234,56"), coordinates and counts as text. Each
 * field is read and handed to the API's own rule, so the messages are the API's.
 */
export const productFormSchema = z
  .object({
    ...productFields,
    description: productFields.description.unwrap(),
    neighborhood: productFields.neighborhood.unwrap(),
    audience_profile: productFields.audience_profile.unwrap(),
    operating_hours: productFields.operating_hours.unwrap(),
    is_tower_based: z.boolean(),
    status: z.enum(productStatuses),
    latitude: typedLatitude(productFields.latitude),
    longitude: typedLongitude(productFields.longitude),
    daily_price: typedReais,
    weekly_audience: typedCount(productFields.weekly_audience),
    towers: towersOf(
      z.object({
        id: towerFields.id,
        name: towerFields.name,
        screens: typedCount(towerFields.screens),
        weekly_audience: typedCount(towerFields.weekly_audience),
        slots: typedCount(towerFields.slots),
      }),
    ),
  })
  .superRefine(productRules);
export type ProductFormValues = z.input<typeof productFormSchema>;
