/** The e-mail that tells the customer an order's NFS-e was issued, with where to download and check it. */
import { render } from '../messaging/email-templates.ts';
import { nfseVerificationUrl } from './sefin-provider.ts';

export function nfseIssuedEmail(m: { name: string; code: string; chaveAcesso: string; url: string }) {
  return render(
    'nfse_emitida',
    `NFS-e do pedido ${m.code} emitida`,
    `Olá, ${m.name || 'tudo bem'}!`,
    [
      `A nota fiscal de serviço eletrônica (NFS-e) do pedido ${m.code} foi emitida pela Urbana.`,
      `Chave de acesso: ${m.chaveAcesso}.`,
      `Você baixa a NFS-e em PDF e em XML na página do pedido e em Faturamento. Para conferir a nota no portal nacional: ${nfseVerificationUrl(m.chaveAcesso)}`,
    ],
    { label: 'Baixar a NFS-e', url: m.url },
  );
}
