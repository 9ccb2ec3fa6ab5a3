/**
 * The payment-provider seam (issue #41, docs/decisions/079-payment-provider-seam.md): the domain's few
 * verbs, which each provider folder translates to its published protocol. The domain never names a
 * provider's wire format; amounts are integer centavos.
 */

/** How many days after its due date a charge with a due date can still be paid (with fine and interest). */
export const DAYS_PAYABLE_AFTER_DUE = 30;

/** A refund as the provider reports it. */
export interface RefundState {
  /** Urbana's id of the refund (the provider's `id` of a devolução). */
  id: string;
  amount: number;
  status: 'processando' | 'devolvido' | 'nao_realizado';
  reason?: string;
}

/** A payment the provider received. */
export interface ReceivedPayment {
  /** The provider's id of the payment (a Pix's endToEndId): each is applied once. */
  reference: string;
  /** The charge it paid (a txid), when it names one. */
  chargeReference: string | undefined;
  amount: number;
  paidAt: Date;
  refunds: RefundState[];
}

export interface ChargeInput {
  /** Urbana's reference of the charge (the txid). */
  reference: string;
  amount: number;
  payer: { document: string; name: string };
  /** What the payer's bank shows (names the order). */
  description: string;
  /** An immediate charge lives this long; a charge with a due date lives until `dueDate` (YYYY-MM-DD). */
  expiresInSeconds?: number;
  dueDate?: string;
}

export interface Charge {
  reference: string;
  /** What the customer copies or scans (the BR Code). */
  copyPaste: string;
  status: 'aberta' | 'paga' | 'removida';
  payments: ReceivedPayment[];
}

export interface PaymentProvider {
  /** The name in `/api/webhooks/{name}` and in the orders' provider column. */
  readonly name: string;
  createCharge(input: ChargeInput): Promise<Charge>;
  readCharge(reference: string, kind: 'imediata' | 'vencimento'): Promise<Charge>;
  /** An immediate charge lives until `until` (a hold staff extended). */
  extendCharge(reference: string, until: Date): Promise<void>;
  listReceived(from: Date, to: Date): Promise<ReceivedPayment[]>;
  /** Asks for a refund; the same `refundId` again is the same refund (idempotent). */
  refund(payment: string, refundId: string, amount: number, description: string): Promise<RefundState>;
  readRefund(payment: string, refundId: string): Promise<RefundState>;
  close(): void;
}
