import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it("lets a caller's class override the component's own of the same group", () => {
    // The account button: `hidden sm:inline-flex` over the button's `inline-flex`.
    expect(cn('inline-flex items-center', 'hidden sm:inline-flex')).toBe(
      'items-center hidden sm:inline-flex',
    );
    expect(cn('px-4 py-2 bg-brand-700', null, { 'bg-white': false, 'px-2': true })).toBe(
      'py-2 bg-brand-700 px-2',
    );
  });

  it('keeps classes of different variants and classes it does not know', () => {
    expect(cn('p-2 hover:p-4', 'sm:p-6 urbana-card')).toBe('p-2 hover:p-4 sm:p-6 urbana-card');
    expect(cn('text-sm text-slate-600', 'text-brand-700')).toBe('text-sm text-brand-700');
  });
});
