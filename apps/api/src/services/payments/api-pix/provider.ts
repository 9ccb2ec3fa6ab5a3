/**
 * The API Pix provider (issue #41): on when PIX_PSP_URL is set. An immediate charge is `PUT /cob`, a
 * charge with a due date (invoiced orders) is `PUT /cobv` with the fine and interest of the settings;
 * what the customer pays is the PSP's `pixCopiaECola`, so the charge expires at the PSP.
 */
import { readFileSync } from 'node:fs';
import { DAYS_PAYABLE_AFTER_DUE, type PaymentProvider, type Charge } from '../provider.ts';
import { createApiPixClient, type ApiPixClient } from './client.ts';
import type { PixPspConfig } from './config.ts';
import type { CobAnswer, CobvAnswer } from './schemas.ts';
import { toValor } from './schemas.ts';
import { toPayment, toRefund } from './translate.ts';

export interface ApiPixProvider extends PaymentProvider {
  readonly client: ApiPixClient;
  /** `PUT /webhook/{chave}`: where the PSP posts received Pix. */
  registerWebhook(url: string): Promise<void>;
}

const percent = (value: number) => toValor(Math.round(value * 100));

function toCharge(answer: CobAnswer | CobvAnswer): Charge {
  return {
    reference: answer.txid,
    copyPaste: answer.pixCopiaECola ?? '',
    status: answer.status === 'ATIVA' ? 'aberta' : answer.status === 'CONCLUIDA' ? 'paga' : 'removida',
    payments: (answer.pix ?? []).map(toPayment),
  };
}

const devedor = (payer: { document: string; name: string }) => {
  const nome = payer.name.slice(0, 200);
  return payer.document.length === 11 ? { cpf: payer.document, nome } : { cnpj: payer.document, nome };
};

export function createApiPixProvider(config: PixPspConfig, pixKey: string): ApiPixProvider {
  const file = (p: string | undefined) => (p ? readFileSync(p, 'utf8') : undefined);
  const client = createApiPixClient({
    url: config.url,
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    cert: file(config.certPath),
    key: file(config.keyPath),
    ca: file(config.caPath),
    maxConnections: config.maxConnections,
  });
  return {
    name: 'pix',
    client,
    async createCharge(input) {
      const common = {
        valor: { original: toValor(input.amount) },
        chave: pixKey,
        solicitacaoPagador: input.description.slice(0, 140),
      };
      if (!input.dueDate)
        return toCharge(
          await client.putCob(input.reference, {
            calendario: { expiracao: input.expiresInSeconds ?? 1800 },
            devedor: devedor(input.payer),
            ...common,
          }),
        );
      return toCharge(
        await client.putCobv(input.reference, {
          calendario: { dataDeVencimento: input.dueDate, validadeAposVencimento: DAYS_PAYABLE_AFTER_DUE },
          devedor: devedor(input.payer),
          ...common,
          valor: {
            original: common.valor.original,
            ...(config.cobvFinePercent > 0
              ? { multa: { modalidade: 2, valorPerc: percent(config.cobvFinePercent) } }
              : {}),
            ...(config.cobvInterestPercentMonth > 0
              ? { juros: { modalidade: 3, valorPerc: percent(config.cobvInterestPercentMonth) } }
              : {}),
          },
        }),
      );
    },
    async readCharge(reference, kind) {
      return toCharge(
        kind === 'vencimento' ? await client.getCobv(reference) : await client.getCob(reference),
      );
    },
    async extendCharge(reference, until) {
      // `expiracao` counts from the charge's creation at the PSP (Calendario.criacao).
      const { calendario } = await client.getCob(reference);
      const expiracao = Math.ceil((until.getTime() - Date.parse(calendario.criacao)) / 1000);
      if (expiracao > calendario.expiracao) await client.patchCob(reference, { calendario: { expiracao } });
    },
    async listReceived(from, to) {
      return (await client.listPix(from, to)).map(toPayment);
    },
    async refund(payment, refundId, amount, description) {
      return toRefund(
        await client.putDevolucao(payment, refundId, {
          valor: toValor(amount),
          natureza: 'ORIGINAL',
          descricao: description.slice(0, 140),
        }),
      );
    },
    readRefund: async (payment, refundId) => toRefund(await client.getDevolucao(payment, refundId)),
    registerWebhook: (url) => client.putWebhook(pixKey, url),
    close: () => client.close(),
  };
}
