import { FileCode2, FileText } from 'lucide-react';
import { nfseCancelStateLabels, type OrderNfse } from '@urbana/shared';
import { hrefOf } from '../../lib/endpoint-call.ts';
import { billingEndpoints } from '../../lib/endpoints/billing.ts';

/** Plain links: the session cookie goes along, and the server checks the order is the user's. */
export const nfsePdfUrl = (orderId: string) => hrefOf(billingEndpoints.nfsePdf, { params: { id: orderId } });
export const nfseXmlUrl = (orderId: string) => hrefOf(billingEndpoints.nfseXml, { params: { id: orderId } });

const link = 'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline';

/**
 * An order's NFS-e as the customer sees it (issue #42): its state, and once issued its access key, the
 * PDF (DANFSe), the XML and where to check it on the national portal.
 */
export function NfseLinks({ orderId, nfse }: { orderId: string; nfse: OrderNfse | null | undefined }) {
  if (!nfse) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="nfse">
      <p className="text-slate-600">
        NFS-e: <span className="font-medium text-slate-900">{nfse.status_label}</span>
        {nfse.cancel_state ? ` · ${nfseCancelStateLabels[nfse.cancel_state]}` : ''}
      </p>
      {nfse.chave_acesso ? (
        <>
          <p className="break-all text-xs text-slate-600">Chave de acesso {nfse.chave_acesso}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <a className={link} href={nfsePdfUrl(orderId)} download>
              <FileText className="h-4 w-4" aria-hidden="true" /> NFS-e em PDF
            </a>
            <a className={link} href={nfseXmlUrl(orderId)} download>
              <FileCode2 className="h-4 w-4" aria-hidden="true" /> XML da NFS-e
            </a>
            {nfse.verification_url ? (
              <a className={link} href={nfse.verification_url} target="_blank" rel="noreferrer">
                Conferir no portal da NFS-e
              </a>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
