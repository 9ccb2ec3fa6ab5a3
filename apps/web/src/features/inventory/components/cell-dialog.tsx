import { useState } from 'react';
import { Link } from 'react-router';
import {
  addDays,
  buildPath,
  cellText,
  formatBookingRange,
  holdKindLabels,
  orderStatusLabels,
  paths,
  todayInBrasilia,
  type InventoryCell,
  type OrderStatus,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '@urbana/shared';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from '../../admin/components/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useCellOccupants, useReleaseHold } from '../api/use-inventory.ts';
import { BlockForm, HoldForm } from './hold-forms.tsx';
import type { CellRef } from './inventory-grid.tsx';

type Mode = 'ver' | 'bloquear' | 'reservar';

/** What occupies a cell (orders with links, holds, blocks), and the staff actions on that week. */
export function CellDialog({ cell, onClose }: { cell: CellRef | null; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('ver');
  const occupants = useCellOccupants(cell);
  const release = useReleaseHold();
  const close = (open: boolean) => {
    if (!open) {
      setMode('ver');
      onClose();
    }
  };
  if (!cell) return null;
  // A week that is over takes no new block, hold or proposal; the one under way, from today on.
  const today = todayInBrasilia();
  const over = addDays(cell.from, 6) < today;
  const start = cell.from < today ? today : cell.from;
  const proposalLink = `${paths.admin.propostaNova}?${new URLSearchParams({
    produto: cell.productId,
    torre: cell.tower,
    inicio: start,
  }).toString()}`;
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent
        title={`${cell.productName} — ${cell.towerName}`}
        description={`Semana de ${formatDate(cell.from)}: ${cellText(cell.cell)}.`}
        className="max-w-lg"
      >
        {mode === 'bloquear' ? (
          <BlockForm tower={cell.tower} start={start} onDone={() => close(false)} />
        ) : mode === 'reservar' ? (
          <HoldForm tower={cell.tower} start={start} onDone={() => close(false)} />
        ) : (
          <div className="space-y-4">
            {occupants.isPending ? <Spinner label="Carregando ocupação" className="py-6" /> : null}
            {occupants.data ? (
              <>
                <section aria-labelledby="celula-pedidos">
                  <h3 id="celula-pedidos" className="text-sm font-semibold text-slate-900">
                    Pedidos
                  </h3>
                  {occupants.data.orders.length === 0 ? (
                    <p className="text-sm text-slate-600">Nenhum pedido nesta semana.</p>
                  ) : (
                    <ul className="mt-1 divide-y divide-slate-100 text-sm">
                      {occupants.data.orders.map((o) => (
                        <li key={`${o.order_id}-${o.starts_on}`} className="py-2">
                          <Link
                            to={buildPath('/admin/pedidos/:id', { id: o.order_id })}
                            className="font-medium text-brand-700 underline"
                          >
                            {o.code}
                          </Link>{' '}
                          · {o.customer} · {orderStatusLabels[o.status as OrderStatus] ?? o.status}
                          <span className="block text-xs text-slate-600">
                            {formatBookingRange(o.starts_on, o.ends_on)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <section aria-labelledby="celula-reservas">
                  <h3 id="celula-reservas" className="text-sm font-semibold text-slate-900">
                    Reservas técnicas e bloqueios
                  </h3>
                  {occupants.data.holds.length === 0 ? (
                    <p className="text-sm text-slate-600">Nenhuma nesta semana.</p>
                  ) : (
                    <ul className="mt-1 divide-y divide-slate-100 text-sm">
                      {occupants.data.holds.map((h) => (
                        <li key={h.id} className="flex items-start justify-between gap-2 py-2">
                          <span>
                            <span className="font-medium">{holdKindLabels[h.kind]}</span>
                            {h.customer ? ` · ${h.customer}` : ''}
                            {h.reason ? ` · ${h.reason}` : ''}
                            <span className="block text-xs text-slate-600">
                              {formatBookingRange(h.starts_on, h.ends_on)}
                              {h.expires_at ? ` · vale até ${formatDate(h.expires_at)}` : ''}
                            </span>
                          </span>
                          <ConfirmDialog
                            trigger={
                              <Button variant="secondary" size="sm">
                                Liberar
                              </Button>
                            }
                            title={`Liberar ${holdKindLabels[h.kind].toLowerCase()}?`}
                            consequence={`As vagas ${formatBookingRange(h.starts_on, h.ends_on)} voltam a ficar livres para venda na busca e no checkout.`}
                            confirmLabel="Liberar vagas"
                            onConfirm={async () => {
                              await release.mutateAsync(h.id);
                              toast.success('Vagas liberadas');
                            }}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </>
            ) : null}
            <CellActions over={over} cell={cell.cell} proposalLink={proposalLink} onMode={setMode} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The staff actions on a week: a proposal, a reserva técnica or a block; none on a week that is over.
 * An action this week cannot take is offered off, with why (the server refused it only after the
 * form was filled): a reserva técnica needs a free slot; a block takes every slot of the face, so
 * a week with sales, reservas or a block already takes none.
 */
function CellActions({
  over,
  cell,
  proposalLink,
  onMode,
}: {
  over: boolean;
  cell: InventoryCell;
  proposalLink: string;
  onMode: (mode: Mode) => void;
}) {
  if (over)
    return (
      <p className="border-t border-slate-200 pt-4 text-sm text-slate-700">
        Esta semana já passou: não recebe bloqueio, reserva técnica nem proposta.
      </p>
    );
  const noHold = cell.free === 0 ? 'Sem vaga livre nesta semana para uma reserva técnica.' : null;
  // A block takes the free slots and leaves what is sold or reserved (decision 110).
  const noBlock =
    cell.free > 0
      ? null
      : cell.sold + cell.held === 0
        ? 'Esta semana já está bloqueada.'
        : 'Sem vaga livre nesta semana para bloquear: todas estão vendidas ou reservadas.';
  const partialBlock =
    cell.free > 0 && cell.sold + cell.held + cell.blocked > 0
      ? `O bloqueio toma ${cell.free === 1 ? 'a vaga livre' : `as ${cell.free} vagas livres`} da face; as vendidas e reservadas continuam.`
      : null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button asChild>
          <Link to={proposalLink}>Criar proposta</Link>
        </Button>
        <Button
          variant="secondary"
          disabled={noHold !== null}
          aria-describedby={noHold ? 'celula-sem-reserva' : undefined}
          onClick={() => onMode('reservar')}
        >
          Reserva técnica
        </Button>
        <Button
          variant="secondary"
          disabled={noBlock !== null}
          aria-describedby={noBlock ? 'celula-sem-bloqueio' : undefined}
          onClick={() => onMode('bloquear')}
        >
          Bloquear semanas
        </Button>
      </div>
      {noHold ? (
        <p id="celula-sem-reserva" className="text-sm text-slate-600">
          {noHold}
        </p>
      ) : null}
      {noBlock ? (
        <p id="celula-sem-bloqueio" className="text-sm text-slate-600">
          {noBlock}
        </p>
      ) : null}
      {partialBlock ? <p className="text-sm text-slate-600">{partialBlock}</p> : null}
    </div>
  );
}
