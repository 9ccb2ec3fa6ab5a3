import { AppError } from '../lib/errors.ts';
import { observeWebhook } from '../lib/metrics.ts';

/**
 * The reason a webhook was refused, from the status it was answered with: a handful of fixed names
 * (issue #46: no ids or messages in labels).
 */
export function refusalReason(error: unknown): string {
  if (!(error instanceof AppError)) return 'erro_interno';
  switch (error.statusCode) {
    case 400:
      return 'evento_invalido';
    case 401:
      return 'assinatura';
    case 404:
      return 'pedido_desconhecido';
    case 409:
      return 'conflito';
    case 503:
      return 'nao_configurado';
    default:
      return `http_${error.statusCode}`;
  }
}

/** Runs a webhook's handler and counts it, accepted or refused (with its reason). */
export async function countedWebhook<T>(provider: string, handle: () => Promise<T>): Promise<T> {
  try {
    const result = await handle();
    observeWebhook(provider, 'accepted', 'processado');
    return result;
  } catch (error) {
    observeWebhook(provider, 'refused', refusalReason(error));
    throw error;
  }
}
