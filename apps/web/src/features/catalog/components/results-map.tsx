import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { formatInteger, formatMoney, type SearchMapCluster } from '@urbana/shared';

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

/** What the map shows: its zoom and visible bounds (the search map asks the server for these). */
export interface MapView {
  zoom: number;
  bounds: MapBounds;
}

interface Props {
  points: MapPoint[];
  /** Groups counted by the server (past its marker cap): shown instead of the points. */
  clusters?: SearchMapCluster[];
  /** Called after every move of the map (the person's or a new search's framing). */
  onView?: (view: MapView) => void;
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

type Handlers = Pick<Props, 'onHighlight' | 'onOpen' | 'onPick'>;

/** A count bubble (the server's groups carry their count in data-cluster); a click zooms in. */
function clusterMarker(count: number, lat: number, lng: number, zoomIn: () => void, fromServer = false) {
  const label = formatInteger(count);
  const marker = L.marker([lat, lng], {
    icon: L.divIcon({
      className: '',
      html: `<span class="urbana-cluster"${fromServer ? ` data-cluster="${count}"` : ''}>${label}</span>`,
      iconSize: [44, 44],
    }),
    title: `${label} ${count === 1 ? 'local' : 'locais'} — aproximar`,
    keyboard: true,
  });
  marker.on('click', zoomIn);
  return marker;
}

/** A place's price marker: hover highlights its card, a click opens it (or picks it on a phone). */
function priceMarker(
  p: { id: string; slug: string; name: string; price: number },
  lat: number,
  lng: number,
  active: boolean,
  handlers: { current: Handlers },
): L.Marker {
  const marker = L.marker([lat, lng], {
    icon: L.divIcon({
      className: '',
      html: `<span class="urbana-pin${active ? ' is-active' : ''}" data-pin="${escape(p.id)}">${escape(formatMoney(p.price))}</span>`,
      iconSize: undefined,
      iconAnchor: [30, 16],
    }),
    title: p.name,
    alt: p.name,
    keyboard: true,
    zIndexOffset: active ? 1000 : 0,
  });
  marker.on('mouseover', () => handlers.current.onHighlight(p.id));
  marker.on('mouseout', () => handlers.current.onHighlight(null));
  marker.on('click', () => {
    const { onPick: pick, onOpen: open } = handlers.current;
    if (pick) pick(p.id);
    else open(p.slug);
  });
  return marker;
}

const clusterBounds = (c: SearchMapCluster) =>
  L.latLngBounds([
    [c.sul, c.oeste],
    [c.norte, c.leste],
  ]);

/**
 * Frames a search's results: the server's groups, else the points (one point close up), else the
 * searched place. `animated` false sets the view at once (a new map's first view).
 */
function frameResults(
  map: L.Map,
  { clusters, points, center, single }: Pick<Props, 'clusters' | 'points' | 'center' | 'single'>,
  animated: boolean,
) {
  // Leaflet animates a move that it can unless told not to (`animate: true` would force far moves too).
  const options = animated ? {} : { animate: false };
  if (clusters?.length) {
    const area = clusters.map(clusterBounds).reduce((all, b) => all.extend(b));
    map.fitBounds(area, { padding: [20, 20], ...options });
  } else if (points.length === 0) map.setView([center.lat, center.lng], 12, options);
  else if (single || points.length === 1)
    map.setView([points[0]!.latitude, points[0]!.longitude], 15, options);
  else
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
      padding: [40, 40],
      maxZoom: 15,
      ...options,
    });
}

/**
 * Leaflet map with clustered price markers. Markers are HTML (divIcons), so the map and its markers
 * work even when the tile server cannot be reached.
 */
export default function ResultsMap({
  points,
  clusters,
  onView,
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
  const handlers = useRef<Handlers>({ onHighlight, onOpen, onPick });
  const serverClusters = useRef(clusters);
  const viewRef = useRef(onView);
  const highlightedRef = useRef(highlighted);
  const userMoved = useRef(false);
  /** The search (fitKey) the map last framed. */
  const framedKey = useRef<string | null>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    handlers.current = { onHighlight, onOpen, onPick };
    viewRef.current = onView;
  }, [onHighlight, onOpen, onPick, onView]);

  const render = () => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const index = clusterRef.current;
    if (!map || !layer || !index) return;
    layer.clearLayers();
    // The server's groups (a search with more places than its marker cap), each zooming into its box.
    for (const c of serverClusters.current ?? []) {
      const zoomIn = () => map.fitBounds(clusterBounds(c), { padding: [40, 40], maxZoom: 18 });
      layer.addLayer(clusterMarker(c.count, c.latitude, c.longitude, zoomIn, true));
    }
    if (serverClusters.current?.length) return;
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
        const zoomIn = () =>
          map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id!), 18));
        layer.addLayer(clusterMarker(props.point_count!, lat, lng, zoomIn));
      } else {
        const active = highlightedRef.current === props.id;
        layer.addLayer(priceMarker(props, lat, lng, active, handlers));
      }
    }
  };

  // Create the map once.
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { zoomControl: true, attributionControl: true });
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
      const b = map.getBounds();
      viewRef.current?.({
        zoom: Math.round(map.getZoom()),
        bounds: { norte: b.getNorth(), sul: b.getSouth(), leste: b.getEast(), oeste: b.getWest() },
      });
    });
    // The first view is the results' frame, set at once: no tiles of a wider view first and no zoom
    // animation whose tiles, scaled up mid-way, would be the page's largest paint (decision 047).
    frameResults(map, { clusters, points, center, single }, false);
    framedKey.current = fitKey;
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
    serverClusters.current = clusters;
    render();
  }, [points, clusters]);

  // A new search frames its results (the map's first search was framed as it was made).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    userMoved.current = false;
    if (framedKey.current !== fitKey) frameResults(map, { clusters, points, center, single }, true);
    framedKey.current = fitKey;
    userMoved.current = false;
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
