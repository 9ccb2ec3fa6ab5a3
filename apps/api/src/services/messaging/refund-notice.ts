import { formatMoney } from '@urbana/shared';
import { render, type RenderedEmail } from './email-templates.ts';

/** What staff decided when cancelling a paid order, as the customer is told it (issue #40 item 3). */
export interface RefundDecision {
  code: string;
  /** Why staff cancelled the order. */
  reason: string;
  amount: number;
  /** Why the amount differs from the policy's; null when it is the policy's (decision 076). */
  refundReason: string | null;
  creditNote: string | null;
  /** The amount goes back by Pix through the PSP (issue #41): the credit note comes when it is back. */
  viaProvider?: boolean;
}

/** A sentence ends with its own stop: a reason typed with a full stop does not get a second one. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function refundLine(d: RefundDecision): string {
  if (d.amount === 0) return 'Reembolso: R$ 0,00.';
  if (d.viaProvider)
    return `Reembolso: ${formatMoney(d.amount)}, devolvido por Pix à conta que pagou o pedido.`;
  return d.creditNote
    ? `Reembolso: ${formatMoney(d.amount)}, registrado na nota de crédito ${d.creditNote}.`
    : `Reembolso: ${formatMoney(d.amount)}.`;
}

function basisLine(d: RefundDecision): string {
  if (d.refundReason) return `Sobre o valor do reembolso: ${sentence(d.refundReason)}`;
  return d.amount === 0
    ? 'Pela política de cancelamento mostrada na compra, não há reembolso a menos de 5 dias úteis do início da veiculação.'
    : 'O valor segue a política de cancelamento mostrada na compra.';
}

/** The bell's title and body: the reason, the amount, the credit note and why that amount. */
export function refundNotice(d: RefundDecision): { title: string; body: string } {
  return {
    title: `O pedido ${d.code} foi cancelado pela equipe da Urbana`,
    body: [`Motivo: ${sentence(d.reason)}`, refundLine(d), basisLine(d)].join(' '),
  };
}

/**
 * The e-mail of the same decision. Paid through a PSP, the amount goes back by Pix (decision 102);
 * otherwise the refund is a record, and the e-mail says that the team arranges the return of the amount.
 */
export function refundEmail(d: RefundDecision, to: { name: string; url: string }): RenderedEmail {
  const paragraphs = [
    `A equipe da Urbana cancelou o seu pedido ${d.code}. Motivo: ${sentence(d.reason)}`,
    refundLine(d),
    basisLine(d),
    ...(d.amount > 0
      ? [
          d.viaProvider
            ? 'Você recebe um aviso quando a devolução for concluída; a nota de crédito em PDF fica então na página do pedido.'
            : 'A equipe da Urbana entra em contato para combinar a devolução do valor. A nota de crédito em PDF está na página do pedido.',
        ]
      : []),
    'As datas reservadas foram liberadas.',
  ];
  return render(
    'pedido_cancelado_reembolso',
    `O pedido ${d.code} foi cancelado — reembolso de ${formatMoney(d.amount)}`,
    `Olá, ${to.name || 'tudo bem'}!`,
    paragraphs,
    { label: 'Ver pedido', url: to.url },
  );
}
