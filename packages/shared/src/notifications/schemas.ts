import { z } from 'zod';
import { adminPageQuery } from '../admin-schemas.ts';
import type { broadcastSchema, scheduledEmailSchema } from '../support/schemas.ts';
import { audienceSegments } from '../support/schemas.ts';

/**
 * The bell's notifications: the API's response schemas, and the web's types by z.infer
 * (docs/decisions/037-one-contract-per-endpoint.md).
 */
export const notificationItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The 50 most recent and how many are unread. */
export const notificationListSchema = z.object({
  unread: z.number(),
  items: z.array(notificationItemSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationReadSchema = z.object({ notification: notificationItemSchema, unread: z.number() });
export const unreadCountSchema = z.object({ unread: z.number() });

// ---------- staff messaging: /admin/notificacoes and /admin/emails-agendados (issue #17) ----------

/** A page of the staff's history lists (20 a page, fixed by the API). */
export const messagingPageQuery = z.object({ page: adminPageQuery.page });

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), page_size: z.number(), items: z.array(item) });

/** Whom to send to: a user found by name or e-mail. */
export const recipientQuerySchema = z.object({
  q: z
    .string({ error: 'Digite ao menos 2 letras.' })
    .trim()
    .min(2, { error: 'Digite ao menos 2 letras.' })
    .max(200, { error: 'Busca longa demais.' }),
});
export const recipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome_completo: z.string(),
  tipo_usuario: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = z.object({ items: z.array(recipientSchema) });
export type RecipientList = z.infer<typeof recipientListSchema>;

/** How many active users an audience reaches now (asked before a broadcast is sent). */
export const audienceQuerySchema = z.object({
  segment: z.enum(audienceSegments, { error: 'Escolha para quem enviar.' }),
  user_id: z.string().uuid({ error: 'Escolha o usuário.' }).optional(),
});
export const audienceCountSchema = z.object({ recipients: z.number() });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

/** A notification the staff sent, with how many of its recipients read it. */
export const sentBroadcastSchema = z.object({
  id: z.string(),
  segment: z.enum(audienceSegments),
  target_user_id: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  recipients: z.number(),
  read: z.number(),
  sender: z.string().nullable(),
  created_at: z.string(),
});
export type SentBroadcast = z.infer<typeof sentBroadcastSchema>;
export const sentBroadcastPageSchema = pageOf(sentBroadcastSchema);
export type SentBroadcastPage = z.infer<typeof sentBroadcastPageSchema>;
export type BroadcastInput = z.input<typeof broadcastSchema>;
/** POST /api/admin/notificacoes: the new broadcast and how many it reached. */
export const broadcastSentSchema = z.object({ id: z.string(), recipients: z.number() });
export type BroadcastSent = z.infer<typeof broadcastSentSchema>;

/** The e-mail log's "Modelo" as staff read it (the ids the API writes in email_log.template). */
export const emailTemplateNames: Record<string, string> = {
  anuncio_revisado: 'Anúncio revisado',
  campanha_finalizada: 'Campanha finalizada',
  campanha_iniciada: 'Campanha iniciada',
  campanha_sem_arte: 'Arte da campanha em falta',
  confirmacao_email: 'Confirmação de email',
  convite_equipe: 'Convite para a equipe',
  dados_prontos: 'Cópia dos dados pronta',
  email_agendado: 'Email agendado',
  fatura_vencida: 'Fatura vencida',
  local_observado: 'Local observado',
  nfse_emitida: 'NFS-e emitida',
  pedido_recebido: 'Pedido recebido',
  pedido_cancelado_reembolso: 'Pedido cancelado e reembolso',
  pedido_pix_reemitido: 'Novo código Pix',
  pedido_reserva_prorrogada: 'Reserva prorrogada',
  pedido_status: 'Situação do pedido',
  proposta_enviada: 'Proposta enviada',
  redefinicao_senha: 'Redefinição de senha',
  relatorio_campanha: 'Relatório da campanha',
  senha_alterada: 'Senha alterada',
  suporte_aberto: 'Atendimento aberto',
  suporte_resposta: 'Resposta do atendimento',
  troca_email_aviso: 'Aviso de troca de email',
  troca_email_autorizacao: 'Autorização da troca de email (endereço atual)',
  troca_email_confirmacao: 'Confirmação de troca de email',
};

/** A template's name in words; one without a name of its own is said from its id ("novo_modelo" → "Novo modelo"). */
export function emailTemplateLabel(template: string): string {
  const spaced = template.replaceAll('_', ' ');
  return emailTemplateNames[template] ?? spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const scheduledEmailStatuses = ['agendado', 'enviado', 'cancelado'] as const;
/** A scheduled e-mail that does not exist. */
export const SCHEDULED_NOT_FOUND = 'Email agendado não encontrado.';
/** A scheduled e-mail and, once processed, its delivery counts. */
export const scheduledEmailRowSchema = z.object({
  id: z.string(),
  segment: z.enum(audienceSegments),
  target_user_id: z.string().nullable(),
  /** Who the e-mail goes to when it is for one user: shown in the list and when it is edited. */
  target_user: recipientSchema.nullable(),
  subject: z.string(),
  body: z.string(),
  send_at: z.string(),
  status: z.enum(scheduledEmailStatuses),
  recipients: z.number(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  logged: z.number(),
});
export type ScheduledEmail = z.infer<typeof scheduledEmailRowSchema>;
export const scheduledEmailPageSchema = pageOf(scheduledEmailRowSchema);
export type ScheduledEmailPage = z.infer<typeof scheduledEmailPageSchema>;
export type ScheduledEmailInput = z.input<typeof scheduledEmailSchema>;

/** A notification that does not exist or is not the reader's. */
export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada.';
