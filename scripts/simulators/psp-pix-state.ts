/**
 * What the simulated PSP remembers and does besides answering requests: charges (cob and cobv), the Pix
 * it received, refunds and their settlement, registered webhooks and every webhook delivery (kept, so
 * that one can be dropped or repeated). Amounts are centavos inside, "1234.56" on the wire.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  fromValor,
  toValor,
  type CobRequest,
  type CobvRequest,
  type Devolucao,
  type Pix,
} from '../../apps/api/src/services/payments/api-pix/schemas.ts';

export interface Charge {
  kind: 'cob' | 'cobv';
  txid: string;
  body: CobRequest | CobvRequest;
  criacao: Date;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  location: string;
  pixCopiaECola: string;
  pix: string[];
}

export interface Delivery {
  id: number;
  url: string;
  body: { pix: Pix[] };
  /** The HTTP status Urbana answered; 'dropped' when the simulator did not send it (a lost webhook). */
  outcome?: number | 'dropped' | 'error';
}

/** The settings a test or a developer changes while the simulator runs. */
export interface PspControl {
  /** 'fail': every API call answers 503; 'timeout': no answer; 'ok' (the default). */
  mode: 'ok' | 'fail' | 'timeout';
  /** How many of the next webhook calls are lost (recorded as 'dropped', not sent). */
  dropWebhooks: number;
  /** What a refund becomes; 'manual' leaves it EM_PROCESSAMENTO until settleRefund. */
  refundOutcome: 'DEVOLVIDO' | 'NAO_REALIZADO' | 'manual';
  /** Lifetime of the OAuth2 tokens it issues, in seconds. */
  tokenLifetimeSeconds: number;
  /** How long each API call waits before it is answered (a slow PSP), in milliseconds. */
  delayMs: number;
}

const ISPB = '99999999';
const alnum = (n: number) =>
  Array.from(randomBytes(n), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[b % 36]).join('');
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 12);
/** An endToEndId: "E", the payer's ISPB, yyyyMMddHHmm, 11 characters — 32 in all. */
export const newEndToEndId = (at: Date) => `E${ISPB}${stamp(at)}${alnum(11)}`;
const newRtrId = (at: Date) => `D${ISPB}${stamp(at)}${alnum(11)}`;

/** The amount a cobv asks on a day: the original, plus fine and interest after the due date. */
export function cobvAmountDue(body: CobvRequest, paidAt: Date): number {
  const original = fromValor(body.valor.original);
  const due = Date.parse(`${body.calendario.dataDeVencimento}T23:59:59.999-03:00`);
  if (paidAt.getTime() <= due) return original;
  const daysLate = Math.ceil((paidAt.getTime() - due) / 86_400_000);
  const multa = body.valor.multa;
  const juros = body.valor.juros;
  const fine = !multa
    ? 0
    : multa.modalidade === 1
      ? fromValor(multa.valorPerc)
      : Math.round((original * fromValor(multa.valorPerc)) / 10_000);
  // Only the monthly percentage over calendar days (modalidade 3) is simulated; others count as a value a day.
  const interest = !juros
    ? 0
    : juros.modalidade === 3
      ? Math.round((original * fromValor(juros.valorPerc) * daysLate) / (10_000 * 30))
      : fromValor(juros.valorPerc) * daysLate;
  return original + fine + interest;
}

/** Whether a charge can still be paid at an instant (cob: its expiracao; cobv: due date + validity). */
export function payable(charge: Charge, at: Date): boolean {
  if (charge.status !== 'ATIVA') return false;
  if (charge.kind === 'cob') {
    const body = charge.body as CobRequest;
    return at.getTime() < charge.criacao.getTime() + body.calendario.expiracao * 1000;
  }
  const body = charge.body as CobvRequest;
  const days = body.calendario.validadeAposVencimento ?? 30;
  const last = Date.parse(`${body.calendario.dataDeVencimento}T23:59:59.999-03:00`) + days * 86_400_000;
  return at.getTime() <= last;
}

export class PspState {
  charges = new Map<string, Charge>();
  pix = new Map<string, Pix>();
  webhooks = new Map<string, string>();
  deliveries: Delivery[] = [];
  control: PspControl = {
    mode: 'ok',
    dropWebhooks: 0,
    refundOutcome: 'DEVOLVIDO',
    tokenLifetimeSeconds: 3600,
    delayMs: 0,
  };

  constructor(
    readonly chave: string,
    private readonly webhookTls: { cert?: string; key?: string; ca?: string } = {},
  ) {}

  /** A payer pays a charge (its current amount unless `valor` says otherwise). */
  pay(txid: string, options: { valorCentavos?: number; at?: Date; ignoreExpiry?: boolean } = {}): Pix {
    const charge = this.charges.get(txid);
    if (!charge) throw new Error(`cobrança ${txid} não existe`);
    const at = options.at ?? new Date();
    if (!options.ignoreExpiry && !payable(charge, at)) throw new Error(`cobrança ${txid} não pode ser paga`);
    const due =
      charge.kind === 'cobv'
        ? cobvAmountDue(charge.body as CobvRequest, at)
        : fromValor(charge.body.valor.original);
    const pix: Pix = {
      endToEndId: newEndToEndId(at),
      txid,
      valor: toValor(options.valorCentavos ?? due),
      horario: at.toISOString(),
      infoPagador: 'Pagamento simulado',
      devolucoes: [],
    };
    charge.status = 'CONCLUIDA';
    charge.pix.push(pix.endToEndId);
    this.pix.set(pix.endToEndId, pix);
    void this.notify([pix]);
    return pix;
  }

  /** A Pix that names no charge of ours (paid to the key with a static code, or a txid we never made). */
  receive(valorCentavos: number, txid?: string, at = new Date()): Pix {
    const pix: Pix = {
      endToEndId: newEndToEndId(at),
      ...(txid ? { txid } : {}),
      valor: toValor(valorCentavos),
      horario: at.toISOString(),
      devolucoes: [],
    };
    this.pix.set(pix.endToEndId, pix);
    void this.notify([pix]);
    return pix;
  }

  /** A refund asked by the receiver; settles now unless refundOutcome is 'manual'. */
  refund(pix: Pix, id: string, valor: string, descricao?: string): Devolucao {
    const devolucao: Devolucao = {
      id,
      rtrId: newRtrId(new Date()),
      valor,
      natureza: 'ORIGINAL',
      ...(descricao ? { descricao } : {}),
      horario: { solicitacao: new Date().toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    if (this.control.refundOutcome !== 'manual')
      setImmediate(
        () => void this.settleRefund(pix.endToEndId, id, this.control.refundOutcome as 'DEVOLVIDO'),
      );
    return devolucao;
  }

  /** A refund reaches its end; the PSP tells the webhook (the standard sends the Pix with its refunds). */
  async settleRefund(e2eid: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): Promise<void> {
    const pix = this.pix.get(e2eid);
    const devolucao = pix?.devolucoes?.find((d) => d.id === id);
    if (!pix || !devolucao || devolucao.status !== 'EM_PROCESSAMENTO') return;
    devolucao.status = status;
    if (status === 'DEVOLVIDO') devolucao.horario.liquidacao = new Date().toISOString();
    else devolucao.motivo = 'Conta do pagador encerrada (simulado).';
    await this.notify([pix]);
  }

  /** Refunded so far (refunds not refused), in centavos. */
  refunded(pix: Pix): number {
    return (pix.devolucoes ?? [])
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + fromValor(d.valor), 0);
  }

  /** POST {webhookUrl}/pix with the Pix, to every registered webhook (one key here). */
  async notify(pix: Pix[]): Promise<void> {
    const registered = this.webhooks.get(this.chave);
    if (!registered) return;
    const url = new URL(registered);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/pix`;
    const delivery: Delivery = { id: this.deliveries.length + 1, url: url.toString(), body: { pix } };
    this.deliveries.push(delivery);
    if (this.control.dropWebhooks > 0) {
      this.control.dropWebhooks -= 1;
      delivery.outcome = 'dropped';
      return;
    }
    await this.deliver(delivery);
  }

  /** Sends (or sends again) a delivery; the simulator presents its own certificate, as a PSP does. */
  deliver(delivery: Delivery): Promise<void> {
    const url = new URL(delivery.url);
    const payload = Buffer.from(JSON.stringify(delivery.body));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': payload.length },
          timeout: 10_000,
          ...(url.protocol === 'https:' ? this.webhookTls : {}),
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            delivery.outcome = res.statusCode ?? 0;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        delivery.outcome = 'error';
        resolve();
      });
      req.end(payload);
    });
  }
}
