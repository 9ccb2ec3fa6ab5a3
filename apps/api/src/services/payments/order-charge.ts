/**
 * The Pix charge of a new order (issue #41, docs/decisions/099-pix-charge-at-checkout.md). With a PSP
 * (PIX_PSP_URL), the code the customer pays is the PSP's `pixCopiaECola` of an immediate charge
 * (`PUT /cob/{txid}`) that expires with the payment window, so it expires at the PSP too; an invoiced
 * order's, a charge due on its invoice's due date (`PUT /cobv/{txid}`, with the fine and interest of
 * the settings), which settles by itself like an immediate one. It is made
 * before the order is written: if the PSP cannot be reached or refuses, the checkout fails with nothing
 * written and nothing held. A charge whose order is then refused (a face taken meanwhile) was never
 * shown to anyone and expires at the PSP by itself. Without a PSP, the static BR Code of PIX_KEY (an
 * invoiced order's is not shown: staff confirm the boleto or transfer).
 */
import { paymentMethodRules, type PaymentMethod } from '@urbana/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { newTxid, pixPayload } from '../pix.ts';
import type { PaymentProvider } from './provider.ts';

export const PSP_UNAVAILABLE =
  'Não foi possível gerar o código Pix agora. Nada foi reservado: tente de novo em instantes.';

export interface OrderCharge {
  /** The charge's txid (the order's payment_reference). */
  txid: string;
  /** What the customer copies or scans. */
  payload: string;
  /** The provider whose charge it is; null for the static code staff confirm. */
  provider: string | null;
}

export interface OrderChargeInput {
  /** A Pix order's charge is immediate (cob); an invoiced order's has its due date (cobv). */
  method: PaymentMethod;
  /** The invoice's due date (YYYY-MM-DD): an invoiced order's charge is due then. */
  dueDate?: string;
  code: string;
  amount: number;
  payer: { document: string; name: string };
  /** How long the code lives; the payment window by default. */
  expiresInSeconds?: number;
}

/** How long after a code is shown reconciliation first asks the PSP about it. */
export const RECONCILE_FIRST_MS = 30_000;

/** The order's columns for its charge: none (reference null) when nothing is charged (decision 112). */
export function chargeColumns(charge: OrderCharge | null, now = Date.now()) {
  return {
    payment_reference: charge?.txid ?? null,
    payment_data: charge ? { pix_copia_e_cola: charge.payload } : null,
    payment_provider: charge?.provider ?? null,
    payment_check_at: charge?.provider ? new Date(now + RECONCILE_FIRST_MS) : null,
  };
}

/** The Pix code (BR Code) an order is paid with, from its provider's data; null when it has none. */
export function pixCodeOf(order: { payment_data: { pix_copia_e_cola?: string } | null }): string | null {
  return order.payment_data?.pix_copia_e_cola ?? null;
}

/**
 * The charge of an order to be paid now: a Pix order's BR Code; an invoiced order's charge due on its
 * invoice's due date when there is a PSP, and none without one (staff confirm the transfer).
 */
export async function orderCharge(
  deps: { config: Config; payments?: PaymentProvider | undefined },
  input: OrderChargeInput,
): Promise<OrderCharge | null> {
  const { config } = deps;
  const kind = paymentMethodRules[input.method].charge;
  const payments = kind === 'imediata' || input.dueDate ? deps.payments : undefined;
  if (!payments) {
    if (kind !== 'imediata') return null;
    const txid = newTxid();
    return {
      txid,
      payload: await pixPayload({ ...config.pix, amount: input.amount, txid, info: input.code }),
      provider: null,
    };
  }
  const txid = newTxid(32);
  try {
    const charge = await payments.createCharge({
      reference: txid,
      amount: input.amount,
      payer: {
        document: input.payer.document.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
        name: input.payer.name,
      },
      description: `Pedido ${input.code} na Urbana`,
      ...(kind === 'vencimento' && input.dueDate
        ? { dueDate: input.dueDate }
        : { expiresInSeconds: input.expiresInSeconds ?? Math.round(config.paymentWindowMs / 1000) }),
    });
    if (!charge.copyPaste) throw new Error('cobrança sem pixCopiaECola');
    return { txid, payload: charge.copyPaste, provider: payments.name };
  } catch (error) {
    throw Object.assign(new AppError(503, PSP_UNAVAILABLE), { cause: error });
  }
}
