import { CheckCircle2, UploadCloud, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatBytes, mediaMessages } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import type { MediaItem, MediaLibrary } from './api.ts';
import { uploadFile, UploadError, type UploadHandle } from './upload.ts';

interface Upload {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: 'enviando' | 'concluido' | 'erro' | 'cancelado';
  error?: string;
  handle?: UploadHandle;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,.jpg,.jpeg,.png,.webp,.mp4';

/** What the server would refuse anyway, said before a single byte is sent. */
export function precheck(file: File, library: Pick<MediaLibrary, 'limits' | 'used_bytes' | 'quota_bytes'>) {
  const name = file.name.toLowerCase();
  if (file.type === 'image/svg+xml' || name.endsWith('.svg')) return mediaMessages.svg;
  const video = file.type === 'video/mp4' || name.endsWith('.mp4');
  const image = /^image\/(jpeg|png|webp)$/.test(file.type) || /\.(jpe?g|png|webp)$/.test(name);
  if (!video && !image) return mediaMessages.unsupported;
  if (file.size === 0) return mediaMessages.empty;
  if (video && file.size > library.limits.video_bytes)
    return mediaMessages.videoTooLarge(library.limits.video_bytes);
  if (!video && file.size > library.limits.image_bytes)
    return mediaMessages.imageTooLarge(library.limits.image_bytes);
  if (library.used_bytes + file.size > library.quota_bytes)
    return mediaMessages.quota(library.quota_bytes, library.used_bytes);
  return null;
}

let counter = 0;

/** Drag and drop or choose several files; each shows its own progress bar and can be cancelled. */
export function MediaUploader({
  library,
  onUploaded,
  compact = false,
}: {
  library: MediaLibrary;
  onUploaded?: (item: MediaItem) => void;
  compact?: boolean;
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = (files: File[]) => {
    let pending = library.used_bytes;
    const added: Upload[] = files.map((file) => {
      const key = `envio-${++counter}`;
      const problem = precheck(file, { ...library, used_bytes: pending });
      if (problem)
        return { key, name: file.name, size: file.size, progress: 0, state: 'erro', error: problem };
      pending += file.size;
      const handle = uploadFile(file, (progress) => patch(key, { progress }));
      handle.promise.then(
        (item) => {
          patch(key, { state: 'concluido', progress: 1 });
          void client.invalidateQueries({ queryKey: ['media'] });
          onUploaded?.(item);
        },
        (error: unknown) => {
          const cancelled = error instanceof UploadError && error.cancelled;
          patch(key, {
            state: cancelled ? 'cancelado' : 'erro',
            error: error instanceof Error ? error.message : String(error),
          });
        },
      );
      return { key, name: file.name, size: file.size, progress: 0, state: 'enviando', handle };
    });
    setUploads((list) => [...added, ...list]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="area-envio"
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-white text-center',
          compact ? 'p-4' : 'p-8',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
        )}
      >
        <UploadCloud className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <p className="font-medium text-slate-900">Arraste arquivos para cá ou</p>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          Escolher arquivos
        </Button>
        <p className="text-sm text-slate-600">
          JPG, PNG ou WebP até {formatBytes(library.limits.image_bytes)}; MP4 até{' '}
          {formatBytes(library.limits.video_bytes)}.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          aria-label="Enviar arquivos para a biblioteca"
          tabIndex={-1}
          onChange={(e) => {
            start([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Envios">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{u.name}</p>
                  <p className="text-xs text-slate-600">
                    {formatBytes(u.size)}
                    {u.state === 'enviando' ? ` · ${Math.round(u.progress * 100)}%` : ''}
                    {u.state === 'concluido' ? ' · enviado' : ''}
                    {u.state === 'cancelado' ? ' · cancelado' : ''}
                  </p>
                </div>
                {u.state === 'enviando' ? (
                  <Button variant="ghost" size="sm" onClick={() => u.handle?.cancel()}>
                    Cancelar <span className="sr-only">envio de {u.name}</span>
                  </Button>
                ) : u.state === 'concluido' ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-700" aria-label="Enviado" />
                ) : (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Dispensar ${u.name}`}
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
              {u.state === 'enviando' || u.state === 'concluido' ? (
                <div
                  role="progressbar"
                  aria-label={`Envio de ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                  className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className={cn(
                      'h-full rounded-full',
                      u.state === 'concluido' ? 'bg-emerald-600' : 'bg-brand-600',
                    )}
                    style={{ width: `${Math.round(u.progress * 100)}%` }}
                  />
                </div>
              ) : null}
              {u.state === 'erro' ? (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {u.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
