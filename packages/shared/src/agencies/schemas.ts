import { z } from 'zod';
import {
  billingProfileDataSchema,
  billingProfileSchema,
  isValidDocument,
  normalizeDocument,
} from '../billing/profile.ts';

/** Agencies, their people and their advertisers (issue #44 item 1): messages, requests and answers. */
export const agencyMessages = {
  notFound: 'Agência não encontrada.',
  notAgency: 'Esta conta não é de uma agência. Cadastre a agência em Minha agência.',
  alreadyAgency: 'Esta conta já pertence a uma agência.',
  documentTaken: 'Já existe uma agência com este CNPJ na Urbana. Peça a quem a cadastrou para incluir você.',
  onlyOwner: 'Só o responsável pela agência pode fazer isso.',
  advertiserNotFound: 'Anunciante não encontrado.',
  advertiserTaken: 'Esta agência já tem um anunciante com este CNPJ.',
  advertiserRequired: 'Escolha o anunciante deste pedido.',
  memberNotFound: 'Não há conta na Urbana com este e-mail. Peça à pessoa para criar a conta e tente de novo.',
  memberOtherAgency: 'Esta pessoa já faz parte de outra agência.',
  memberNotClient: 'Só contas de cliente podem fazer parte de uma agência.',
  confirmed: 'Certificado do CENP confirmado.',
} as const;

const cnpj = z
  .string({ error: 'Informe o CNPJ.' })
  .transform(normalizeDocument)
  .refine((v) => v.length > 0, { error: 'Informe o CNPJ.', abort: true })
  .refine((v) => isValidDocument(v, 'pj'), { error: 'CNPJ inválido. Confira as letras e os números.' });

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** POST/PUT /api/agencia: the agency's CNPJ, name and CENP certificate (confirmed by staff). */
export const agencyBodySchema = z.object({
  name: z
    .string({ error: 'Informe a razão social da agência.' })
    .trim()
    .min(1, { error: 'Informe a razão social da agência.' })
    .max(160, { error: 'Use no máximo 160 caracteres.' }),
  document: cnpj,
  cenp_certificate: z
    .string()
    .trim()
    .max(40, { error: 'Use no máximo 40 caracteres.' })
    .nullish()
    .transform((v) => v || null),
  cenp_valid_until: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || (isoDay.test(v) && !Number.isNaN(Date.parse(v))), {
      error: 'Informe a validade do certificado como uma data.',
    }),
});
export type AgencyBody = z.input<typeof agencyBodySchema>;

export const agencyRoles = ['responsavel', 'membro'] as const;
export type AgencyRole = (typeof agencyRoles)[number];
export const agencyRoleLabels: Record<AgencyRole, string> = { responsavel: 'Responsável', membro: 'Equipe' };

export const agencySchema = z.object({
  id: z.string(),
  name: z.string(),
  document: z.string(),
  cenp_certificate: z.string().nullable(),
  cenp_valid_until: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Agency = z.infer<typeof agencySchema>;

export const agencyMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(agencyRoles),
});

/** POST /api/agencia/pessoas: the agency's people after the addition. */
export const agencyMembersResponse = z.object({ members: z.array(agencyMemberSchema) });

/** GET /api/agencia: the signed-in person's agency (null: not an agency), their role and its people. */
export const myAgencyResponse = z.object({
  agency: agencySchema.nullable(),
  role: z.enum(agencyRoles).nullable(),
  members: z.array(agencyMemberSchema),
  /** Whether an order placed today earns the desconto-padrão, and its percent. */
  commission_today: z.boolean(),
  commission_percent: z.number(),
});

/** POST /api/agencia/pessoas: adds an existing Urbana account to the agency by its e-mail. */
export const agencyMemberBodySchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail da pessoa.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Informe um e-mail válido.' })),
});

/** An advertiser's billing data: a company (CNPJ, alphanumeric included) billed for its orders. */
export const advertiserBodySchema = billingProfileSchema.refine((v) => v.person_type === 'pj', {
  path: ['person_type'],
  error: 'Um anunciante é uma empresa: informe o CNPJ.',
});
export type AdvertiserBody = z.input<typeof advertiserBodySchema>;

export const advertiserSchema = billingProfileDataSchema.extend({
  id: z.string(),
  created_at: z.string(),
});
export type Advertiser = z.infer<typeof advertiserSchema>;
export const advertiserListResponse = z.object({ items: z.array(advertiserSchema) });

/**
 * The advertiser a cart, a plan, an order, an ad or a report is for (issue #44, decision 116): its name
 * and CNPJ as the agency's people read them; null for a direct customer's.
 */
export const advertiserRefSchema = z.object({ id: z.string(), name: z.string(), document: z.string() });
export type AdvertiserRef = z.infer<typeof advertiserRefSchema>;

/** An advertiser chosen for a cart or a plan: one of the caller's agency's, or none. */
export const advertiserChoiceSchema = z.uuid({ error: agencyMessages.advertiserNotFound }).nullable();

/** PUT /api/cart/advertiser: the advertiser the signed-in agency person's cart is for. */
export const cartAdvertiserBodySchema = z.object({ advertiser_id: advertiserChoiceSchema });
export const cartAdvertiserSchema = z.object({ advertiser: advertiserRefSchema.nullable() });

/** The staff list of agencies: pending confirmation first. */
export const adminAgencySchema = agencySchema.extend({
  owner_email: z.string().nullable(),
  advertisers: z.number(),
  members: z.number(),
});
export const adminAgencyListResponse = z.object({ items: z.array(adminAgencySchema) });
