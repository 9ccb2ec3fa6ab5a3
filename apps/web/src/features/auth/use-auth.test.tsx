import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCart } from '../cart/use-cart.ts';
import { useAuth } from './use-auth.ts';

function silence<T>(fn: () => T): T {
  const original = console.error;
  console.error = () => {};
  try {
    return fn();
  } finally {
    console.error = original;
  }
}

describe('contextos fora do provedor (docs/spec/specification.md §8)', () => {
  it('useAuth e useCart lançam erro', () => {
    function A() {
      useAuth();
      return null;
    }
    function C() {
      useCart();
      return null;
    }
    silence(() => expect(() => render(<A />)).toThrow('useAuth deve ser usado dentro de AuthProvider'));
    silence(() => expect(() => render(<C />)).toThrow('useCart deve ser usado dentro de CartProvider'));
  });
});
