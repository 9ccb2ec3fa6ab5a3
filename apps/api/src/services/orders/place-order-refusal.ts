import { orderLimitMessages } from '@urbana/shared';
import { findPgError, pgErrors } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { QuotedItem } from './quote.ts';
import { unavailable } from './take-slots.ts';
import type { OrderDeps } from './transition.ts';

/** The customer's words for a refusal raised by `place_order` (SQLSTATE U0001). */
export function refusalOf(
  error: unknown,
  items: QuotedItem[],
  faceWeeks: number,
  deps: OrderDeps,
): AppError | null {
  const found = findPgError(error, pgErrors.refusal);
  if (!found) return null;
  const limits = deps.config.orderLimits;
  switch (found?.message) {
    case 'sem_vaga': {
      const item = items.find((i) => i.towers.some((t) => t.id === found.detail));
      const tower = item?.towers.find((t) => t.id === found.detail);
      return unavailable(item?.name ?? '', item?.is_tower_based ? (tower?.name ?? null) : null);
    }
    case 'limite_pedidos':
      return new AppError(409, orderLimitMessages.tooManyUnpaid(limits.unpaidPerAccount));
    case 'limite_semanas':
      return new AppError(
        409,
        orderLimitMessages.faceWeeks(limits.faceWeeksPerAccount, Number(found.detail ?? faceWeeks)),
      );
    case 'limite_ip':
      return new AppError(409, orderLimitMessages.tooManyFromNetwork);
    default:
      return null;
  }
}
