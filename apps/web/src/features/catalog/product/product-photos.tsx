import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { ProductDetail } from '@urbana/shared';

/** The large photo and, when there are several, the thumbnails that choose it. */
export function ProductPhotos({ data }: { data: ProductDetail }) {
  const [photo, setPhoto] = useState(0);
  const mainPhoto = data.photos[photo] ?? data.photos[0];
  if (!mainPhoto) return null;
  return (
    <section aria-label="Fotos" className="space-y-3">
      <img
        src={mainPhoto.url}
        alt={mainPhoto.alt}
        width={mainPhoto.width}
        height={mainPhoto.height}
        // The page's largest picture: the server also preloads the first one (page-head.ts).
        fetchPriority="high"
        className="aspect-[3/2] w-full rounded-xl object-cover"
      />
      {data.photos.length > 1 ? (
        <div className="flex gap-3">
          {data.photos.map((p, i) => (
            <button
              key={p.url}
              type="button"
              onClick={() => setPhoto(i)}
              aria-label={`Ver foto ${i + 1}`}
              aria-pressed={i === photo}
              className={cn(
                'overflow-hidden rounded-lg ring-2',
                i === photo ? 'ring-brand-600' : 'ring-transparent',
              )}
            >
              <img
                src={p.thumb}
                alt=""
                width={120}
                height={80}
                loading="lazy"
                className="h-20 w-30 object-cover"
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
