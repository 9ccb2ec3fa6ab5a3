import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { formatMoney } from '@urbana/shared';

export interface MapPoint {
  id: string;
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  daily_price: number;
}

export interface MapBounds {
  norte: number;
  sul: number;
  leste: number;
  oeste: number;
}

interface Props {
  points: MapPoint[];
  center: { lat: number; lng: number };
  tileUrl: string;
  attribution: string;
  highlighted: string | null;
  onHighlight: (id: string | null) => void;
  onOpen: (slug: string) => void;
  /** When given, a tapped marker is picked (the phone's preview card) instead of opened. */
  onPick?: (id: string) => void;
  /** Shown after the person moves the map: search the visible area. */
  onSearchArea?: (bounds: MapBounds) => void;
  /** Changes when a new search should frame its results. */
  fitKey: string;
  className?: string;
  single?: boolean;
  /** The map region's accessible name. */
  label?: string;
}

type Feature = Supercluster.PointFeature<{ id: string; slug: string; name: string; price: number }>;

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Leaflet map with clustered price markers. Markers are HTML (divIcons), so the map and its markers
 * work even when the tile server cannot be reached.
 */
export default function ResultsMap({
  points,
  center,
  tileUrl,
  attribution,
  highlighted,
  onHighlight,
  onOpen,
  onPick,
  onSearchArea,
  fitKey,
  className,
  single,
  label = 'Mapa dos resultados',
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const clusterRef = useRef<Supercluster<Feature['properties']> | null>(null);
  const handlers = useRef({ onHighlight, onOpen, onPick });
  const highlightedRef = useRef(highlighted);
  const userMoved = useRef(false);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    handlers.current = { onHighlight, onOpen, onPick };
  }, [onHighlight, onOpen, onPick]);

  const render = () => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const index = clusterRef.current;
    if (!map || !layer || !index) return;
    layer.clearLayers();
    const b = map.getBounds();
    const clusters = index.getClusters(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      Math.round(map.getZoom()),
    );
    for (const c of clusters) {
      const [lng, lat] = c.geometry.coordinates as [number, number];
      const props = c.properties as Feature['properties'] & {
        cluster?: boolean;
        point_count?: number;
        cluster_id?: number;
      };
      if (props.cluster) {
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: '',
            html: `<span class="urbana-cluster">${props.point_count}</span>`,
            iconSize: [40, 40],
          }),
          title: `${props.point_count} locais — aproximar`,
          keyboard: true,
        });
        marker.on('click', () => {
          const zoom = Math.min(index.getClusterExpansionZoom(props.cluster_id!), 18);
          map.setView([lat, lng], zoom);
        });
        layer.addLayer(marker);
      } else {
        const active = highlightedRef.current === props.id;
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: '',
            html: `<span class="urbana-pin${active ? ' is-active' : ''}" data-pin="${escape(props.id)}">${escape(formatMoney(props.price))}</span>`,
            iconSize: undefined,
            iconAnchor: [30, 16],
          }),
          title: props.name,
          alt: props.name,
          keyboard: true,
          zIndexOffset: active ? 1000 : 0,
        });
        marker.on('mouseover', () => handlers.current.onHighlight(props.id));
        marker.on('mouseout', () => handlers.current.onHighlight(null));
        marker.on('click', () => {
          const { onPick: pick, onOpen: open } = handlers.current;
          if (pick) pick(props.id);
          else open(props.slug);
        });
        layer.addLayer(marker);
      }
    }
  };

  // Create the map once.
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { zoomControl: true, attributionControl: true }).setView(
      [center.lat, center.lng],
      12,
    );
    L.tileLayer(tileUrl, { attribution: escape(attribution), maxZoom: 19, crossOrigin: true }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // Only the person's own gestures count as "moved" (fitting a new search's results does not).
    const markMoved = () => {
      userMoved.current = true;
    };
    const el = container.current;
    el.addEventListener('pointerdown', markMoved);
    el.addEventListener('wheel', markMoved, { passive: true });
    el.addEventListener('keydown', markMoved);
    map.on('moveend', () => {
      render();
      if (userMoved.current) setMoved(true);
    });
    return () => {
      el.removeEventListener('pointerdown', markMoved);
      el.removeEventListener('wheel', markMoved);
      el.removeEventListener('keydown', markMoved);
      map.remove();
      mapRef.current = null;
    };
    // The map instance lives as long as the component; later props are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // New points: rebuild the clusters.
  useEffect(() => {
    const index = new Supercluster<Feature['properties']>({ radius: 60, maxZoom: 16 });
    index.load(
      points.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
        properties: { id: p.id, slug: p.slug, name: p.name, price: p.daily_price },
      })),
    );
    clusterRef.current = index;
    render();
  }, [points]);

  // A new search frames its results.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    userMoved.current = false;
    const frame = () => {
      if (points.length === 0) map.setView([center.lat, center.lng], 12);
      else if (single || points.length === 1) map.setView([points[0]!.latitude, points[0]!.longitude], 15);
      else
        map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
          padding: [40, 40],
          maxZoom: 15,
        });
      userMoved.current = false;
    };
    frame();
    const timer = window.setTimeout(() => setMoved(false), 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey]);

  useEffect(() => {
    highlightedRef.current = highlighted;
    document.querySelectorAll('.urbana-pin.is-active').forEach((el) => el.classList.remove('is-active'));
    if (highlighted)
      document
        .querySelector(`.urbana-pin[data-pin="${CSS.escape(highlighted)}"]`)
        ?.classList.add('is-active');
  }, [highlighted]);

  const searchHere = () => {
    const map = mapRef.current;
    if (!map || !onSearchArea) return;
    const b = map.getBounds();
    setMoved(false);
    onSearchArea({ norte: b.getNorth(), sul: b.getSouth(), leste: b.getEast(), oeste: b.getWest() });
  };

  return (
    <div className={className} style={{ position: 'relative' }}>
      <div ref={container} className="h-full w-full rounded-xl" role="region" aria-label={label} />
      {moved && onSearchArea ? (
        <button
          type="button"
          onClick={searchHere}
          className="absolute left-1/2 top-3 z-[500] -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Buscar nesta área
        </button>
      ) : null}
    </div>
  );
}
