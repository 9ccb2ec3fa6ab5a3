/**
 * The staff endpoints' own inputs (queries and bodies that no other code reads), beside the table
 * that declares them (admin.ts). Each list's sort columns are here too: the service orders by them.
 */
import { z } from 'zod';
import { adMessages, campaignMessages } from '../ads/rules.ts';
import {
  adminPageQuery,
  dateRangeQuery,
  occupancyRangeQuery,
  reportTables,
  userStatuses,
  withDateRange,
} from '../admin-schemas.ts';
import { emailStatuses } from '../admin/schemas.ts';
import { campaignRuleMessages } from '../campaign-rules.ts';
import { productStatuses, productTypes } from '../catalog.ts';
import { couponStates } from '../orders/rules.ts';
import { userTypes } from '../permissions.ts';

export const couponSorts = ['created_at', 'code', 'uses', 'ends_at'] as const;
export const userSorts = ['created_at', 'nome_completo', 'email', 'last_access'] as const;
export const productSorts = ['created_at', 'name', 'city', 'daily_price', 'updated_at'] as const;

export const adminCouponListQuery = z.object({
  ...adminPageQuery,
  status: z.enum(couponStates, { error: 'Status inválido.' }).optional(),
  sort: z.enum(couponSorts, { error: 'Ordenação inválida.' }).default('created_at'),
});

export const adminUserListQuery = z.object({
  ...adminPageQuery,
  tipo: z.enum(userTypes, { error: 'Papel inválido.' }).optional(),
  status: z.enum(userStatuses, { error: 'Situação inválida.' }).optional(),
  sort: z.enum(userSorts, { error: 'Ordenação inválida.' }).default('created_at'),
});

export const orderLimitsBody = z.object({
  liberado: z.boolean({ error: 'Informe se os limites ficam liberados.' }),
});

const productStatus = z.enum(productStatuses, { error: 'Status inválido.' });

export const adminProductListQuery = z.object({
  ...adminPageQuery,
  type: z.enum(productTypes, { error: 'Tipo inválido.' }).optional(),
  status: productStatus.optional(),
  sort: z.enum(productSorts, { error: 'Ordenação inválida.' }).default('created_at'),
});
export const productStatusBody = z.object({ status: productStatus });
export const photoOrderBody = z.object({ order: z.array(z.uuid({ error: 'Foto inválida.' })).max(50) });
export const productPhotoParams = z.object({
  id: z.uuid({ error: 'Produto não encontrado.' }),
  photoId: z.uuid({ error: 'Foto não encontrada.' }),
});
export const photoUploadQuery = z.object({
  alt: z.string().trim().max(200, { error: 'Descrição longa demais.' }).default(''),
});

export const emailLogListQuery = withDateRange(
  z.object({
    ...adminPageQuery,
    ...dateRangeQuery,
    status: z.enum(emailStatuses, { error: 'Status inválido.' }).optional(),
    template: z.string().trim().max(80, { error: 'Modelo inválido.' }).optional(),
  }),
);
export const auditLogListQuery = withDateRange(
  z.object({
    ...adminPageQuery,
    ...dateRangeQuery,
    actor: z.string().trim().max(200, { error: 'Busca longa demais.' }).optional(),
    action: z.string().trim().max(80, { error: 'Ação inválida.' }).optional(),
    kind: z.enum(['equipe', 'acesso'], { error: 'Tipo inválido.' }).optional(),
  }),
);

export const salesReportQuery = z.object({ ...dateRangeQuery, ...occupancyRangeQuery });
export const reportCsvQuery = salesReportQuery.extend({
  tabela: z.enum(reportTables, { error: 'Tabela inválida.' }),
});

export const adReviewBody = z.object({
  decisao: z.enum(['aprovar', 'reprovar'], { error: 'Escolha aprovar ou reprovar.' }),
  motivo: z.string().max(2000, { error: adMessages.reasonRequired }).optional(),
});
export const campaignFinishBody = z
  .object({ motivo: z.string().max(2000, { error: campaignRuleMessages.reasonLength }).optional() })
  .nullish();
export const proofUploadQuery = z.object({
  data: z.string({ error: campaignMessages.proofDate }).max(20, { error: campaignMessages.proofDate }),
  legenda: z.string().max(300, { error: 'Legenda longa demais (até 300 caracteres).' }).optional(),
});
export const proofParams = z.object({
  id: z.uuid({ error: campaignMessages.notFound }),
  proofId: z.uuid({ error: campaignMessages.proofNotFound }),
});
export const proofRemovalBody = z.object({
  motivo: z
    .string({ error: campaignMessages.proofRemovalReason })
    .trim()
    .min(1, { error: campaignMessages.proofRemovalReason })
    .max(300, { error: campaignMessages.proofRemovalReason }),
});

/** A POST without a body reaches the validator as null. */
export const confirmPaymentBody = z.object({ note: z.string().max(500).optional() }).nullish();
