import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

const ResultsMap = lazy(() => import('../components/results-map.tsx'));

/** The location map, built (Leaflet and its tiles) only when it nears the screen. */
export function ProductMap({
  product,
  tileUrl,
  attribution,
}: {
  product: {
    id: string;
    slug: string;
    name: string;
    latitude: number;
    longitude: number;
    daily_price: number;
  };
  tileUrl: string | undefined;
  attribution: string | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div className="h-full animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />;
  return (
    // isolate: Leaflet's panes (z-index 400+) stay under the page's fixed bar.
    <div ref={box} className="isolate h-72">
      {tileUrl && near ? (
        <Suspense fallback={placeholder}>
          <ResultsMap
            className="h-full"
            single
            points={[
              {
                id: product.id,
                slug: product.slug,
                name: product.name,
                latitude: product.latitude,
                longitude: product.longitude,
                daily_price: product.daily_price,
              },
            ]}
            center={{ lat: product.latitude, lng: product.longitude }}
            tileUrl={tileUrl}
            attribution={attribution ?? ''}
            highlighted={product.id}
            onHighlight={() => {}}
            onOpen={() => {}}
            fitKey={product.id}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
