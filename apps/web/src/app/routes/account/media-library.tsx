import { FileImage } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adStatusLabels, buildPath, formatBytes, knowledgeArticles, paths, formatDate } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  MediaThumb,
  MediaUploader,
  mediaFacts,
  useDeleteMedia,
  useMediaLibrary,
  useRenameMedia,
  type MediaItem,
} from '../../../features/ads/index.ts';
import { HelpLink } from '../../../features/knowledge/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

function Details({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const rename = useRenameMedia();
  const remove = useDeleteMedia();
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string>();
  const [deleteError, setDeleteError] = useState<string>();
  const active = item.used_in.filter((a) => a.status !== 'finalizado');

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Dê um nome de até 120 caracteres ao arquivo.');
    try {
      await rename.mutateAsync({ id: item.id, name });
      setError(undefined);
      toast.success('Nome alterado');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível renomear. Tente novamente.'));
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success('Arquivo excluído');
      onClose();
    } catch (e) {
      setDeleteError(errorMessage(e, 'Não foi possível excluir. Tente novamente.'));
    }
  };

  return (
    <div className="space-y-4">
      {item.kind === 'video' ? (
        <video src={item.url} controls muted playsInline className="max-h-72 w-full rounded-lg bg-black" />
      ) : (
        <img
          src={item.url}
          alt={`Arquivo ${item.name}`}
          className="max-h-72 w-full rounded-lg bg-slate-100 object-contain"
        />
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Tipo</dt>
        <dd className="text-slate-900">{item.kind === 'video' ? 'Vídeo' : 'Imagem'}</dd>
        <dt className="text-slate-600">Detalhes</dt>
        <dd className="text-slate-900">{mediaFacts(item)}</dd>
        <dt className="text-slate-600">Enviado em</dt>
        <dd className="text-slate-900">{formatDate(item.created_at)}</dd>
        <dt className="text-slate-600">Usado em</dt>
        <dd className="text-slate-900">
          {item.used_in.length === 0 ? (
            'Nenhum anúncio'
          ) : (
            <ul>
              {item.used_in.map((a) => (
                <li key={a.id}>
                  <Link
                    className="text-brand-700 underline"
                    to={buildPath(paths.usuario.editarAnuncio, { id: a.id })}
                  >
                    {a.name}
                  </Link>{' '}
                  ({adStatusLabels[a.status]})
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <form onSubmit={(e) => void onRename(e)} className="flex items-end gap-2" noValidate>
        <Field
          label="Nome"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          error={error}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" disabled={rename.isPending}>
          Renomear
        </Button>
      </form>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        {active.length > 0 ? (
          <p className="text-sm text-slate-700">
            Em uso no anúncio “{active[0]!.name}”: remova-o do anúncio antes de excluir.
          </p>
        ) : null}
        <Button
          variant="danger"
          disabled={remove.isPending || active.length > 0}
          onClick={() => void onDelete()}
        >
          Excluir arquivo
        </Button>
        {deleteError ? <Alert>{deleteError}</Alert> : null}
      </div>
    </div>
  );
}

export function Component() {
  const library = useMediaLibrary();
  const [open, setOpen] = useState<string | null>(null);
  const current = library.data?.items.find((m) => m.id === open);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Biblioteca de mídias</h1>
        <p className="mt-1 text-slate-700">
          Suas artes e vídeos para os anúncios. Confira as{' '}
          <Link to={paths.especificacoesCriacao} className="font-medium text-brand-700 underline">
            especificações de criação
          </Link>{' '}
          antes de enviar.
        </p>
        <HelpLink article={knowledgeArticles.envioCriativos} className="mt-2">
          Como preparar e enviar os criativos
        </HelpLink>
      </div>
      {library.isPending ? (
        <Spinner label="Carregando biblioteca..." />
      ) : library.isError ? (
        <Alert>{library.error.message}</Alert>
      ) : (
        <>
          <div>
            <div className="flex justify-between text-sm text-slate-700">
              <span>Espaço usado</span>
              <span>
                {formatBytes(library.data.used_bytes)} de {formatBytes(library.data.quota_bytes)}
              </span>
            </div>
            <div
              role="meter"
              aria-label="Espaço usado da biblioteca"
              aria-valuemin={0}
              aria-valuemax={library.data.quota_bytes}
              aria-valuenow={library.data.used_bytes}
              aria-valuetext={`${formatBytes(library.data.used_bytes)} de ${formatBytes(library.data.quota_bytes)}`}
              className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{
                  width: `${Math.min(100, (library.data.used_bytes / library.data.quota_bytes) * 100)}%`,
                }}
              />
            </div>
          </div>
          <MediaUploader library={library.data} />
          {library.data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <FileImage className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900">Sua biblioteca está vazia</p>
              <p className="text-sm text-slate-700">Envie imagens JPG, PNG ou WebP e vídeos MP4.</p>
            </div>
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Arquivos">
              {library.data.items.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(m.id)}
                    className="block w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <MediaThumb item={m} className="aspect-square" />
                    <span className="block p-3">
                      <span className="block truncate text-sm font-medium text-slate-900">{m.name}</span>
                      <span className="block text-xs text-slate-600">{mediaFacts(m)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Dialog open={Boolean(current)} onOpenChange={(o) => !o && setOpen(null)}>
        {current ? (
          <DialogContent title={current.name} className="max-w-lg">
            <Details key={current.id} item={current} onClose={() => setOpen(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
