/** From the API Pix's shapes to the seam's (provider.ts). */
import type { ReceivedPayment, RefundState } from '../provider.ts';
import { fromValor, type Devolucao, type Pix } from './schemas.ts';

const REFUND_STATUS = {
  EM_PROCESSAMENTO: 'processando',
  DEVOLVIDO: 'devolvido',
  NAO_REALIZADO: 'nao_realizado',
} as const;

export function toRefund(d: Devolucao): RefundState {
  return {
    id: d.id,
    amount: fromValor(d.valor),
    status: REFUND_STATUS[d.status],
    ...(d.motivo ? { reason: d.motivo } : {}),
  };
}

export function toPayment(pix: Pix): ReceivedPayment {
  return {
    reference: pix.endToEndId,
    chargeReference: pix.txid,
    amount: fromValor(pix.valor),
    paidAt: new Date(pix.horario),
    refunds: (pix.devolucoes ?? []).map(toRefund),
  };
}
