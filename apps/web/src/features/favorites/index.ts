export { FavoritesProvider } from './favorites-context.tsx';
export { useFavorites } from './use-favorites.ts';
export { WatchButton } from './watch-button.tsx';
