import { z } from 'zod';
import { adminPageQuery } from '../admin-schemas.ts';
import { fromDateTimeInput } from '../lib/date-input.ts';
import { formatInteger } from '../lib/money.ts';
import { validationMessages } from '../auth/messages.ts';

/** Support tickets (docs/spec/product.md §6, §8): states, categories and the forms both sides check. */
export const ticketStatuses = ['aberto', 'em_andamento', 'resolvido', 'fechado'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = {
  aberto: 'Aberto',
  em_andamento: 'Em andamento',
  resolvido: 'Resolvido',
  fechado: 'Fechado',
};

export const ticketCategories = ['pedidos', 'pagamentos', 'anuncios', 'conta', 'outros'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export const ticketCategoryLabels: Record<TicketCategory, string> = {
  pedidos: 'Pedidos e reservas',
  pagamentos: 'Pagamentos e faturas',
  anuncios: 'Anúncios e criativos',
  conta: 'Minha conta',
  outros: 'Outro assunto',
};

// Text the database stores: trimmed, bounded, and never U+0000 (PostgreSQL text cannot hold it).
const text = (message: string, min: number, max: number, tooShort = message) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: tooShort })
    .max(max, { error: `Use no máximo ${max} caracteres.` })
    .refine((v) => !v.includes('\u0000'), { error: message });

export const ticketMessageSchema = text(
  'Escreva sua mensagem.',
  10,
  5000,
  'Escreva sua mensagem (pelo menos 10 caracteres).',
);

/** The contact form of /suporte: a visitor gives name and e-mail; a signed-in user's are taken. */
export const createTicketSchema = z.object({
  name: text('Informe seu nome.', 2, 120).optional(),
  email: z
    .string({ error: validationMessages.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: validationMessages.emailRequired })
    .max(254, { error: validationMessages.emailInvalid })
    .pipe(z.email({ error: validationMessages.emailInvalid }))
    .optional(),
  category: z.enum(ticketCategories, { error: 'Escolha sobre o que é a mensagem.' }),
  subject: text('Informe o assunto.', 3, 160),
  message: ticketMessageSchema,
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

export const ticketReplySchema = z.object({ message: ticketMessageSchema });

export const ticketUpdateSchema = z
  .object({
    status: z.enum(ticketStatuses, { error: 'Status inválido.' }).optional(),
    /** A staff member's id, or null to leave the ticket unassigned. */
    assignee_id: z.string().uuid({ error: 'Responsável inválido.' }).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assignee_id !== undefined, {
    error: 'Informe o status ou o responsável.',
  });
export type TicketUpdate = z.input<typeof ticketUpdateSchema>;

/** A ticket as both the customer and the staff see it in a list. */
export const ticketSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  status: z.enum(ticketStatuses),
  assignee_id: z.string().nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketMessageOutSchema = z.object({
  id: z.string(),
  author_role: z.enum(['cliente', 'equipe']),
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageOutSchema>;

/** A ticket and its conversation, oldest message first. */
export const ticketThreadSchema = ticketSchema.extend({ messages: z.array(ticketMessageOutSchema) });
export type TicketThread = z.infer<typeof ticketThreadSchema>;

export const ticketListSchema = z.object({ items: z.array(ticketSchema) });
export type TicketList = z.infer<typeof ticketListSchema>;

/** The staff inbox's filters (`/admin/suporte?status=…&q=…&meus=1&page=2`). */
export const staffTicketQuerySchema = z.object({
  status: z.enum(ticketStatuses, { error: 'Status inválido.' }).optional(),
  q: z.string().max(200, { error: 'Busca longa demais.' }).optional(),
  meus: z.enum(['1'], { error: 'Filtro inválido.' }).optional(),
  page: adminPageQuery.page,
});
export type StaffTicketQuery = z.output<typeof staffTicketQuerySchema>;

export const staffTicketPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.partialRecord(z.enum(ticketStatuses), z.number()),
  items: z.array(ticketSchema),
});
export type StaffTicketPage = z.infer<typeof staffTicketPageSchema>;

/** Who on the staff may take a ticket. */
export const supportStaffListSchema = z.object({
  items: z.array(z.object({ id: z.string(), nome_completo: z.string() })),
});
export type SupportStaffList = z.infer<typeof supportStaffListSchema>;

/** Invoices (docs/spec/product.md §7). */
export const invoiceStatuses = ['pendente', 'paga', 'vencida', 'cancelada'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  pendente: 'Pendente',
  paga: 'Paga',
  vencida: 'Vencida',
  cancelada: 'Cancelada',
};

/**
 * What an invoice is called: "Fatura 2026-000123" once paid, when it takes its gap-free number;
 * before that "Fatura do pedido URB-…" (docs/decisions/039).
 */
export function invoiceTitle(number: string | null, orderCode: string): string {
  return number ? `Fatura ${number}` : `Fatura do pedido ${orderCode}`;
}

/** Who a staff notification or a scheduled e-mail goes to. */
export const audienceSegments = ['todos', 'cliente', 'operador', 'admin', 'usuario'] as const;
export type AudienceSegment = (typeof audienceSegments)[number];
export const audienceSegmentLabels: Record<AudienceSegment, string> = {
  todos: 'Todos os usuários',
  cliente: 'Clientes',
  operador: 'Operadores',
  admin: 'Administradores',
  usuario: 'Um usuário',
};

/** "5 clientes", "1 usuário": the audience as the broadcast confirmation says it (issue #17 item 2). */
export function audienceCountLabel(segment: AudienceSegment, n: number): string {
  const nouns: Record<AudienceSegment, [string, string]> = {
    todos: ['usuário', 'usuários'],
    cliente: ['cliente', 'clientes'],
    operador: ['operador', 'operadores'],
    admin: ['administrador', 'administradores'],
    usuario: ['usuário', 'usuários'],
  };
  const [one, many] = nouns[segment];
  return `${formatInteger(n)} ${n === 1 ? one : many}`;
}

const audience = {
  segment: z.enum(audienceSegments, { error: 'Escolha para quem enviar.' }),
  user_id: z.string().uuid({ error: 'Escolha o usuário.' }).nullish(),
};
const needsUser = (v: { segment: AudienceSegment; user_id?: string | null | undefined }) =>
  v.segment !== 'usuario' || Boolean(v.user_id);

/**
 * A path inside the app: one leading "/", then no second "/" right after it (`//evil.example` is another
 * site), no scheme, no "//" anywhere, no backslash (browsers read `/\\evil` as `//evil`).
 */
// Segments of allowed characters separated by single slashes (written without a lookahead, which the
// fuzz suite's generator cannot read).
export const IN_APP_PATH = /^\/(?:[A-Za-z0-9_?=&.-]+\/)*[A-Za-z0-9_?=&.-]*$/;
export const IN_APP_PATH_MESSAGE = 'O link deve ser um caminho do site, como /buscar-locais.';
export const inAppPathSchema = z
  .string()
  .trim()
  .max(300, { error: 'Use no máximo 300 caracteres.' })
  .regex(IN_APP_PATH, { error: IN_APP_PATH_MESSAGE });

export const broadcastSchema = z
  .object({
    ...audience,
    title: text('Informe o título.', 3, 120),
    body: text('Escreva a mensagem.', 1, 1000).optional(),
    link: inAppPathSchema.nullish(),
  })
  .refine(needsUser, { path: ['user_id'], error: 'Escolha o usuário.' });

/** The staff form of a notification: blank message and link are left out; the user only for "usuario". */
export const broadcastFormSchema = z
  .object({ ...audience, title: z.string(), body: z.string(), link: z.string() })
  .transform((v): z.input<typeof broadcastSchema> => ({
    segment: v.segment,
    user_id: v.segment === 'usuario' ? (v.user_id ?? null) : null,
    title: v.title,
    ...(v.body.trim() ? { body: v.body } : {}),
    ...(v.link.trim() ? { link: v.link } : {}),
  }))
  .pipe(broadcastSchema);

export const scheduledEmailSchema = z
  .object({
    ...audience,
    subject: text('Informe o assunto.', 3, 160),
    body: text(
      'Escreva o texto do email.',
      10,
      10000,
      'Escreva o texto do email (pelo menos 10 caracteres).',
    ),
    send_at: z.iso.datetime({ offset: true, error: 'Informe data e hora válidas.' }),
  })
  .refine(needsUser, { path: ['user_id'], error: 'Escolha o usuário.' });

/**
 * The staff form of a scheduled e-mail: the date and time as the `datetime-local` input gives them
 * (Brasília), read into the ISO instant `scheduledEmailSchema` checks; the user only for "usuario".
 */
export const scheduledEmailFormSchema = z
  .object({
    ...audience,
    subject: z.string(),
    body: z.string(),
    send_at: z.string(),
  })
  .transform((v): z.input<typeof scheduledEmailSchema> => ({
    ...v,
    user_id: v.segment === 'usuario' ? (v.user_id ?? null) : null,
    send_at: fromDateTimeInput(v.send_at) ?? '',
  }))
  .pipe(scheduledEmailSchema);

/** A ticket that does not exist or is not the asker's. */
export const TICKET_NOT_FOUND = 'Atendimento não encontrado.';
