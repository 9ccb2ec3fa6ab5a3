import { afterEach, vi } from 'vitest';

// A test that logs an error has hidden a failure: make it fail (ARCHITECTURE.md, convention 9).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error chamado durante o teste: ${calls.map((c) => c.join(' ')).join(' | ')}`);
});
