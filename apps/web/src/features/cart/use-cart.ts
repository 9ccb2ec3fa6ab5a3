import { useContext } from 'react';
import { CartContext, type CartContextValue } from './cart-context.tsx';

/** Specification §8 (docs/spec/specification.md): using the cart outside its provider is an error. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart deve ser usado dentro de CartProvider');
  return value;
}
