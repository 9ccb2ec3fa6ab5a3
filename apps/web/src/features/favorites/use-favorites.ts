import { useContext } from 'react';
import { FavoritesContext, type FavoritesContextValue } from './favorites-context.tsx';

export function useFavorites(): FavoritesContextValue {
  const value = useContext(FavoritesContext);
  if (!value) throw new Error('useFavorites deve ser usado dentro de FavoritesProvider');
  return value;
}
