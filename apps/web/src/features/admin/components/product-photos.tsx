import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { AdminProduct } from '@urbana/shared';
import { useRemovePhoto, useReorderPhotos, useUploadPhoto } from '../index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

export function Photos({ product }: { product: AdminProduct }) {
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos();
  const remove = useRemovePhoto();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const ids = product.photos.map((p) => p.id);
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    reorder.mutate(
      { id: product.id, order: next },
      { onError: (e) => setError(errorMessage(e, 'Não foi possível reordenar.')) },
    );
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">Fotos</h2>
      <p className="text-sm text-slate-600">
        JPG, PNG ou WebP, até 10 MB, no mínimo 400 × 300 pixels. A primeira é a capa.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {product.photos.length === 0 ? <p className="text-sm text-slate-600">Nenhuma foto ainda.</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Fotos do produto">
        {product.photos.map((photo, index) => (
          <li key={photo.id} className="space-y-1">
            <img
              src={photo.thumb_url}
              alt={photo.alt}
              className="aspect-[3/2] w-full rounded-lg object-cover"
            />
            <div className="flex items-center justify-between gap-1">
              <span className="text-xs text-slate-600">{index === 0 ? 'Capa' : `Foto ${index + 1}`}</span>
              <div className="flex">
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label={`Mover foto ${index + 1} para antes`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label={`Mover foto ${index + 1} para depois`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="ghost"
                      size="icon"
                      className="h-8 w-8"
                      aria-label={`Remover foto ${index + 1}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  }
                  title={`Remover a ${index === 0 ? 'capa' : `foto ${index + 1}`}?`}
                  tone="danger"
                  consequence={
                    <div className="space-y-2">
                      <img
                        src={photo.thumb_url}
                        alt=""
                        className="aspect-[3/2] w-40 rounded-lg object-cover"
                      />
                      <p>
                        A foto sai agora da página pública de “{product.name}” e não pode ser recuperada; para
                        tê-la de volta é preciso enviá-la de novo.
                        {index === 0 && ids.length > 1 ? ' A foto 2 passa a ser a capa.' : null}
                        {ids.length === 1 ? ' O local fica sem nenhuma foto.' : null}
                      </p>
                    </div>
                  }
                  confirmLabel="Remover foto"
                  onConfirm={async () => {
                    setError(null);
                    await remove.mutateAsync({ id: product.id, photoId: photo.id });
                    toast.success('Foto removida');
                  }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Enviando foto...' : 'Adicionar foto'}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setError(null);
              upload.mutate(
                { id: product.id, file },
                {
                  onSuccess: () => toast.success('Foto enviada'),
                  onError: (err) => setError(errorMessage(err, 'Não foi possível enviar a foto.')),
                },
              );
            }}
          />
        </label>
      </div>
    </Card>
  );
}
