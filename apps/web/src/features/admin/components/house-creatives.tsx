import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMediaLibrary } from '../../ads/api.ts';
import {
  useAddHouseCreative,
  useHouseCreatives,
  useRemoveHouseCreative,
  type HouseCreatives,
} from '../api/use-screens.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** One house creative, with the way to take it out of the rotation. */
function HouseCreativeItem({ item: c }: { item: HouseCreatives['items'][number] }) {
  const remove = useRemoveHouseCreative();
  return (
    <li className="space-y-1">
      {c.thumb_url ? (
        <img src={c.thumb_url} alt={c.name} className="aspect-video w-full rounded-lg object-cover" />
      ) : (
        <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-100 text-xs">
          {c.kind === 'video' ? 'Vídeo' : 'Imagem'}
        </div>
      )}
      <p className="truncate text-sm text-slate-800">{c.name}</p>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm">
            Retirar
          </Button>
        }
        title={`Retirar ${c.name} dos criativos da casa?`}
        consequence="As telas deixam de tocá-lo nos spots livres a partir da próxima atualização da programação."
        confirmLabel="Retirar"
        tone="danger"
        onConfirm={async () => {
          await remove.mutateAsync(c.media_id);
        }}
      />
    </li>
  );
}

/**
 * Urbana's house creatives (issue #43 item 2, decision 101): files of the staff member's own media
 * library that every screen plays in the spots nobody bought.
 */
export function HouseCreatives() {
  const list = useHouseCreatives();
  const library = useMediaLibrary();
  const add = useAddHouseCreative();
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inUse = new Set(list.data?.items.map((c) => c.media_id));
  const choices = (library.data?.items ?? []).filter((m) => !inUse.has(m.id));
  const submit = () => {
    setProblem(null);
    add.mutate(chosen || choices[0]?.id || '', {
      onSuccess: () => {
        setChosen('');
        toast.success('Criativo da casa incluído');
      },
      onError: (e) => setProblem(errorMessage(e, 'Não foi possível incluir o criativo.')),
    });
  };
  return (
    <Card className="space-y-3 p-4" data-house-creatives="">
      <h2 className="font-semibold text-slate-900">Criativos da casa</h2>
      <p className="text-sm text-slate-600">
        Tocam nos spots que ninguém comprou, em todas as telas. Escolha arquivos da sua biblioteca de mídias.
      </p>
      {problem ? <Alert>{problem}</Alert> : null}
      {list.isPending ? (
        <Spinner label="Carregando criativos..." />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum criativo da casa: os spots livres ficam escuros.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Criativos da casa">
          {list.data.items.map((c) => (
            <HouseCreativeItem key={c.media_id} item={c} />
          ))}
        </ul>
      )}
      {choices.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label="Arquivo da biblioteca"
            value={chosen || choices[0]!.id}
            onChange={(e) => setChosen(e.target.value)}
            options={choices.map((m) => [m.id, `${m.name} (${m.width}x${m.height})`] as const)}
            className="min-w-0 flex-1"
          />
          <Button onClick={submit} disabled={add.isPending}>
            Incluir
          </Button>
        </div>
      ) : library.isSuccess ? (
        <p className="text-sm text-slate-600">
          Envie imagens ou vídeos à sua biblioteca de mídias para incluí-los aqui.
        </p>
      ) : null}
    </Card>
  );
}
