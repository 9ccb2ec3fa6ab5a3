import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import {
  formatDateTime,
  formatMoney,
  insertionOrderMessages,
  insertionOrderStatusLabels,
  type InsertionOrder,
} from '@urbana/shared';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { toast } from '../../lib/toast.ts';
import { agencyEndpoints as agency } from '../../lib/endpoints/agency.ts';

export const insertionOrderPdfUrl = (orderId: string) =>
  hrefOf(agency.insertionOrderPdf, { params: { id: orderId } });
const piKey = (orderId: string) => ['insertion-order', orderId] as const;

/** The values the agency approves: the three figures, or the one value when there is no commission. */
const figuresText = (f: InsertionOrder['figures']) =>
  f.commission > 0
    ? `valor bruto ${formatMoney(f.gross)}, desconto-padrão ${formatMoney(f.commission)}, valor líquido ${formatMoney(f.net)}`
    : `valor ${formatMoney(f.net)}, sem desconto-padrão`;

/** The PI of an agency's order (issue #44 item 3). */
export const useInsertionOrder = (orderId: string) =>
  useQuery({
    queryKey: piKey(orderId),
    queryFn: () => call(agency.insertionOrder, { params: { id: orderId } }),
  });

/** The agency approves the PI; the answer is the approved PI. */
export function useApproveInsertionOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(agency.approveInsertionOrder, { params: { id: orderId } }),
    onSuccess: (pi) => client.setQueryData(piKey(orderId), pi),
  });
}

/**
 * The PI on the agency's order page: its number and state, its PDF and, while it waits, "Aprovar PI"
 * behind a confirmation that states the figures the agency approves (the campaign waits for it).
 */
export function InsertionOrderCard({ orderId }: { orderId: string }) {
  const pi = useInsertionOrder(orderId);
  const approve = useApproveInsertionOrder(orderId);
  const [confirming, setConfirming] = useState(false);
  if (!pi.data) return null;
  const p = pi.data;
  const open = p.status === 'pendente' && !['cancelado', 'expirado'].includes(p.order_status);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Pedido de inserção (PI)</h2>
        <Badge tone={p.status === 'aprovado' ? 'green' : 'amber'}>
          {insertionOrderStatusLabels[p.status]}
        </Badge>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {p.number}
        {p.approved_at
          ? ` · aprovado em ${formatDateTime(p.approved_at)} por ${p.approved_by_name ?? 'pessoa da agência'}`
          : ' · as campanhas deste pedido só entram no ar depois da aprovação.'}
      </p>
      <a
        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        href={insertionOrderPdfUrl(orderId)}
        download
      >
        <FileText className="h-4 w-4" aria-hidden="true" /> PI em PDF
      </a>
      {open ? (
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <Button className="mt-3 w-full" onClick={() => setConfirming(true)}>
            Aprovar PI
          </Button>
          <DialogContent
            title={`Aprovar o pedido de inserção ${p.number}?`}
            description={`Você autoriza a veiculação das faces e períodos do PI para ${p.advertiser?.name ?? 'o anunciante'}: ${figuresText(p.figures)}. Ficam registrados quem aprovou, quando e de onde.`}
          >
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="secondary">Voltar</Button>
              </DialogClose>
              <Button
                disabled={approve.isPending}
                onClick={() =>
                  approve.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      toast.success('PI aprovado', insertionOrderMessages.approved);
                    },
                    onError: (e) => toast.error('Não foi possível aprovar o PI', e.message),
                  })
                }
              >
                {approve.isPending ? 'Aprovando...' : 'Sim, aprovar o PI'}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}
