import { z } from 'zod';
import { isStartDate, productTypes } from '../catalog.ts';

/**
 * The inventory calendar, blocked weeks and reservas técnicas (issue #19 items 2 and 3,
 * docs/decisions/030-inventory-holds-proposals.md): request and response of every endpoint.
 */

export const INVENTORY_DEFAULT_WEEKS = 12;
export const INVENTORY_MAX_WEEKS = 26;
/** The grid's page: 1,000 faces × 12 weeks answer in ≤ 150 ms (scripts/bench). */
export const INVENTORY_MAX_FACES = 1000;

export const inventoryDay = (message = 'Data inválida.') =>
  z.string({ error: message }).refine(isStartDate, { error: message });

const uuidOf = (message: string) => z.uuid({ error: message });

export const inventoryGridQuery = z.object({
  de: inventoryDay('Data inicial inválida.').optional(),
  semanas: z.coerce
    .number({ error: 'Número de semanas inválido.' })
    .int({ error: 'Número de semanas inválido.' })
    .min(1, { error: `Escolha de 1 a ${INVENTORY_MAX_WEEKS} semanas.` })
    .max(INVENTORY_MAX_WEEKS, { error: `Escolha de 1 a ${INVENTORY_MAX_WEEKS} semanas.` })
    .default(INVENTORY_DEFAULT_WEEKS),
  cidade: z.string().trim().max(120, { error: 'Cidade inválida.' }).optional(),
  tipo: z.enum(productTypes, { error: 'Tipo inválido.' }).optional(),
  produto: uuidOf('Produto inválido.').optional(),
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
    .max(INVENTORY_MAX_FACES, { error: 'Tamanho de página inválido.' })
    .default(200),
});
export type InventoryGridQuery = z.input<typeof inventoryGridQuery>;

export const inventoryCellSchema = z.object({
  sold: z.number(),
  held: z.number(),
  blocked: z.number(),
  free: z.number(),
});
export type InventoryCell = z.infer<typeof inventoryCellSchema>;

export const inventoryFaceSchema = z.object({
  tower_id: z.string(),
  tower_name: z.string(),
  slots: z.number(),
  product_id: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  product_type: z.enum(productTypes),
  is_tower_based: z.boolean(),
  city: z.string(),
  state: z.string(),
  daily_price: z.number(),
  /** One per week, in the order of `weeks`. */
  cells: z.array(inventoryCellSchema),
});
export type InventoryFace = z.infer<typeof inventoryFaceSchema>;

export const inventoryGridResponse = z.object({
  /** Each week: first day and the day after its last. */
  weeks: z.array(z.object({ start: z.string(), end: z.string() })),
  faces: z.array(inventoryFaceSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  cities: z.array(z.object({ city: z.string(), state: z.string() })),
  /** The filter's products; where each is tells apart those of the same name. */
  products: z.array(
    z.object({ id: z.string(), name: z.string(), address: z.string(), city: z.string(), state: z.string() }),
  ),
});
export type InventoryGrid = z.infer<typeof inventoryGridResponse>;

/** Which state a cell is in, for its colour and its accessible text. */
export function cellState(cell: InventoryCell): 'bloqueada' | 'esgotada' | 'parcial' | 'livre' {
  if (cell.blocked > 0 && cell.free === 0) return 'bloqueada';
  if (cell.free === 0) return 'esgotada';
  if (cell.sold + cell.held > 0) return 'parcial';
  return 'livre';
}

export function cellText(cell: InventoryCell): string {
  if (cell.blocked > 0 && cell.free === 0) return 'Bloqueada';
  const parts = [
    cell.sold ? `${cell.sold} ${cell.sold === 1 ? 'vendida' : 'vendidas'}` : null,
    cell.held ? `${cell.held} ${cell.held === 1 ? 'reservada' : 'reservadas'}` : null,
    cell.blocked ? `${cell.blocked} ${cell.blocked === 1 ? 'bloqueada' : 'bloqueadas'}` : null,
    `${cell.free} ${cell.free === 1 ? 'livre' : 'livres'}`,
  ];
  return parts.filter(Boolean).join(', ');
}

export const inventoryCellQuery = z.object({
  torre: uuidOf('Face inválida.'),
  de: inventoryDay('Data inicial inválida.'),
  ate: inventoryDay('Data final inválida.'),
});

export const holdKinds = ['bloqueio', 'reserva_tecnica'] as const;
export type HoldKind = (typeof holdKinds)[number];
export const holdKindLabels: Record<HoldKind, string> = {
  bloqueio: 'Bloqueio',
  reserva_tecnica: 'Reserva técnica',
};
export const holdStatuses = ['ativa', 'expirada', 'liberada'] as const;
export const holdStatusLabels: Record<(typeof holdStatuses)[number], string> = {
  ativa: 'Ativa',
  expirada: 'Expirada',
  liberada: 'Liberada',
};

export const cellOccupantsResponse = z.object({
  tower: z.object({ id: z.string(), name: z.string(), slots: z.number(), product_name: z.string() }),
  orders: z.array(
    z.object({
      order_id: z.string(),
      code: z.string(),
      status: z.string(),
      customer: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      hold_expires_at: z.string().nullable(),
    }),
  ),
  holds: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(holdKinds),
      status: z.enum(holdStatuses),
      customer: z.string().nullable(),
      reason: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      expires_at: z.string().nullable(),
    }),
  ),
});
export type CellOccupants = z.infer<typeof cellOccupantsResponse>;

const towerIds = z
  .array(uuidOf('Face inválida.'), { error: 'Escolha as faces.' })
  .min(1, { error: 'Escolha ao menos uma face.' })
  .max(200, { error: 'Faces demais de uma vez (até 200).' });
const weeks = z.coerce
  .number({ error: 'Número de semanas inválido.' })
  .int({ error: 'Número de semanas inválido.' })
  .min(1, { error: 'Escolha de 1 a 52 semanas.' })
  .max(52, { error: 'Escolha de 1 a 52 semanas.' });

export const blockInputSchema = z.object({
  tower_ids: towerIds,
  start_date: inventoryDay('Data de início inválida.'),
  weeks,
  reason: z
    .string({ error: 'Informe o motivo.' })
    .trim()
    .min(3, { error: 'Informe o motivo (ao menos 3 letras).' })
    .max(300, { error: 'Motivo longo demais (até 300 caracteres).' }),
});
export type BlockInput = z.infer<typeof blockInputSchema>;

/** Longest a reserva técnica may hold slots before the customer decides. */
export const HOLD_MAX_DAYS = 60;

export const holdInputSchema = z.object({
  customer_id: uuidOf('Escolha o cliente.'),
  tower_ids: towerIds,
  start_date: inventoryDay('Data de início inválida.'),
  weeks,
  /** The hold gives the slots back at the end of this day (Brasília). */
  expires_on: inventoryDay('Data de validade inválida.'),
  reason: z.string().trim().max(300, { error: 'Observação longa demais (até 300 caracteres).' }).default(''),
});
export type HoldInput = z.infer<typeof holdInputSchema>;

export const holdResponse = z.object({
  id: z.string(),
  kind: z.enum(holdKinds),
  status: z.enum(holdStatuses),
  starts_on: z.string(),
  ends_on: z.string(),
  weeks: z.number(),
  expires_at: z.string().nullable(),
  tower_count: z.number(),
});
export type HoldSummary = z.infer<typeof holdResponse>;

export const customerSearchQuery = z.object({
  q: z.string().trim().max(200, { error: 'Busca longa demais.' }).default(''),
});
export const customerOptionSchema = z.object({
  id: z.string(),
  nome_completo: z.string(),
  email: z.string(),
  empresa: z.string().nullable(),
});
export const customerSearchResponse = z.object({ items: z.array(customerOptionSchema) });
export type CustomerOption = z.infer<typeof customerOptionSchema>;
