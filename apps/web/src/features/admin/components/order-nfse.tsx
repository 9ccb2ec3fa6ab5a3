import { FileCode2, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, paths, type AdminOrderNfse, type NfseStatus } from '@urbana/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { hrefOf } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { useRetryFiscal } from '../api/use-fiscal-queue.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

/** The colour of each NFS-e state, on the order page and in the fiscal queue. */
export const nfseTones = {
  nao_emitida: 'muted',
  pendente: 'blue',
  emitida: 'green',
  recusada: 'red',
  cancelada: 'slate',
} as const satisfies Record<NfseStatus, BadgeTone>;

const fileLink =
  'inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline';

/** Staff's downloads of an order's NFS-e (the customer's are /api/orders/{id}/nfse.*). */
export const staffNfseUrl = (orderId: string, kind: 'pdf' | 'xml') =>
  hrefOf(kind === 'pdf' ? adminEndpoints.orders.nfsePdf : adminEndpoints.orders.nfseXml, {
    params: { id: orderId },
  });

function RetryNfse({ nfse }: { nfse: AdminOrderNfse }) {
  const retry = useRetryFiscal();
  if (!nfse.can_retry) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      className="mt-3"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(nfse.id, {
          onSuccess: (r) => toast.success(r.message),
          onError: (e) => toast.error(e.message),
        })
      }
    >
      {retry.isPending ? 'Enviando…' : 'Tentar de novo'}
    </Button>
  );
}

/** Why it is stuck: the Sefin's messages (a refusal's reason) and the last attempt with no answer. */
function Problems({ nfse }: { nfse: AdminOrderNfse }) {
  if (nfse.messages.length === 0 && !nfse.last_error) return null;
  return (
    <div className="mt-2" data-testid="nfse-motivo">
      {nfse.messages.length > 0 ? (
        <>
          <p className="font-medium text-red-800">
            {nfse.status === 'recusada' || nfse.cancel_state === 'recusado'
              ? 'Motivo da recusa'
              : 'Mensagens da Sefin'}
          </p>
          <ul className="space-y-1">
            {nfse.messages.map((m, i) => (
              <li key={i}>
                <span className="font-mono">{m.codigo}</span> {m.descricao}
                {m.complemento ? ` (${m.complemento})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {nfse.last_error ? <p>Última tentativa sem resposta: {nfse.last_error}</p> : null}
    </div>
  );
}

function Issued({ orderId, nfse }: { orderId: string; nfse: AdminOrderNfse }) {
  if (!nfse.chave_acesso) return null;
  return (
    <>
      <p className="mt-2 text-xs text-slate-600">Chave de acesso</p>
      <p className="font-mono text-xs break-all">{nfse.chave_acesso}</p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a className={fileLink} href={staffNfseUrl(orderId, 'pdf')} target="_blank" rel="noreferrer">
          <FileText className="h-4 w-4" aria-hidden="true" /> DANFSe em PDF
        </a>
        <a className={fileLink} href={staffNfseUrl(orderId, 'xml')} download>
          <FileCode2 className="h-4 w-4" aria-hidden="true" /> XML da NFS-e
        </a>
        {nfse.verification_url ? (
          <a className={fileLink} href={nfse.verification_url} target="_blank" rel="noreferrer">
            Conferir no portal da NFS-e
          </a>
        ) : null}
      </div>
    </>
  );
}

/**
 * An order's NFS-e on its staff page (issue #42): where it stands, its numbers and access key, the
 * DANFSe and XML, and, when the Sefin refused it, why and the fiscal queue's "Tentar de novo".
 */
export function OrderNfse({ orderId, nfse }: { orderId: string; nfse: AdminOrderNfse | null }) {
  return (
    <Card className="min-w-0 p-4" data-testid="pedido-nfse">
      <h2 className="font-semibold text-slate-900">NFS-e</h2>
      <div className="mt-3 text-sm text-slate-700">
        {nfse ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={nfseTones[nfse.status]}>{nfse.status_label}</Badge>
              {nfse.nfse_number ? <span className="font-semibold">nº {nfse.nfse_number}</span> : null}
            </div>
            {nfse.cancel_state_label ? (
              <p className="mt-2 font-medium text-amber-800">{nfse.cancel_state_label}</p>
            ) : null}
            <p className="mt-2">
              {nfse.number === null ? 'DPS sem número' : `DPS série ${nfse.series} nº ${nfse.number}`}
              {nfse.issued_at ? ` · emitida em ${formatDateTime(nfse.issued_at)}` : ''}
            </p>
            {nfse.status === 'cancelada' && nfse.cancel_reason ? (
              <p className="mt-1 break-words">Motivo enviado à Sefin: {nfse.cancel_reason}</p>
            ) : null}
            <Issued orderId={orderId} nfse={nfse} />
            <Problems nfse={nfse} />
            <RetryNfse nfse={nfse} />
            <p className="mt-3">
              <Link className={fileLink} to={paths.admin.fiscal}>
                Ver na fila fiscal
              </Link>
            </p>
          </>
        ) : (
          <p>Sem NFS-e: ela entra na fila fiscal quando o pedido é pago.</p>
        )}
      </div>
    </Card>
  );
}
