export { CartProvider, type AddToCartInput } from './cart-context.tsx';
export { useCart } from './use-cart.ts';
