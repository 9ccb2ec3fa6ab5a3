import { useState } from 'react';
import { isScreenType, type AdminProduct, type PlayerCreated } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePlayers } from '../api/use-screens.ts';
import { PlayerForm, PlayerSecret } from './player-form.tsx';
import { PlayerList } from './player-list.tsx';

/**
 * The players of a screen product's faces, on its page (issue #43 item 1): the list with each one's
 * last contact, and the form for a new one, whose secret and QR code are shown once.
 */
export function ProductScreens({ product }: { product: AdminProduct }) {
  const players = usePlayers();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<PlayerCreated | null>(null);
  if (!isScreenType(product.type)) return null;
  const towers = product.towers.filter((t): t is typeof t & { id: string } => Boolean(t.id));
  const own = players.data?.items.filter((p) => p.product_id === product.id) ?? [];
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };
  return (
    <Card className="space-y-3 p-4" data-product-screens="">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">Telas (players)</h2>
        <Button size="sm" onClick={() => setOpen(true)} disabled={towers.length === 0}>
          Cadastrar tela
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Cada face digital precisa do seu player: o aparelho toca a programação e envia a prova de exibição.
      </p>
      {players.isPending ? (
        <Spinner label="Carregando telas..." />
      ) : players.isError ? (
        <Alert>{players.error.message}</Alert>
      ) : own.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma tela cadastrada nesta face ainda.</p>
      ) : (
        <PlayerList players={own} showProduct={false} />
      )}
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title={created ? `Tela ${created.name} cadastrada` : 'Cadastrar tela'}
          className={created ? 'max-w-md' : 'max-w-2xl'}
        >
          {created ? (
            <div className="space-y-4">
              <PlayerSecret created={created} />
              <Button onClick={() => close(false)}>Já anotei a chave</Button>
            </div>
          ) : (
            <PlayerForm towers={towers} onCreated={setCreated} />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
