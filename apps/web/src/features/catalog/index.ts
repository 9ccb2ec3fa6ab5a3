export * from './api.ts';
export type { MapBounds as MapBoundsChange, MapPoint, MapView } from './components/results-map.tsx';
export { AvailabilityBadge } from './components/availability-badge.tsx';
export { FavoriteButton } from './components/favorite-button.tsx';
export { ProductCard, ProductCardSkeleton, type CardProduct } from './components/product-card.tsx';
export { PlaceCombobox } from './components/place-combobox.tsx';
