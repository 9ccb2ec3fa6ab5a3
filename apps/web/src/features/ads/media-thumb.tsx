import { Film } from 'lucide-react';
import { formatBytes, formatDecimal } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';
import type { MediaItem } from './api.ts';

type Thumbable = Pick<MediaItem, 'name' | 'kind' | 'url' | 'thumb_url'>;

/** A file's thumbnail; a video shows its first frame (the browser decodes it) with a film badge. */
export function MediaThumb({ item, className }: { item: Thumbable; className?: string }) {
  return (
    <div className={cn('relative overflow-hidden bg-slate-100', className)}>
      {item.kind === 'video' ? (
        <>
          <video
            src={`${item.url}#t=0.1`}
            preload="metadata"
            muted
            playsInline
            className="h-full w-full object-contain"
            aria-hidden="true"
          />
          <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-medium text-white">
            <Film className="h-3 w-3" aria-hidden="true" /> Vídeo
          </span>
        </>
      ) : (
        <img
          src={item.thumb_url ?? item.url}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
        />
      )}
    </div>
  );
}

export function mediaFacts(
  item: Pick<MediaItem, 'format' | 'width' | 'height' | 'size_bytes' | 'duration_ms'>,
) {
  const parts = [
    item.format === 'webp' ? 'WebP' : item.format.toUpperCase(),
    `${item.width} × ${item.height} px`,
    formatBytes(item.size_bytes),
  ];
  if (item.duration_ms !== null) parts.push(`${formatDecimal(item.duration_ms / 1000, 1)} s`);
  return parts.join(' · ');
}
