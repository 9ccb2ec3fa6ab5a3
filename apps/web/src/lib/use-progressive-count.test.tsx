import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count.ts';

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('primeiro os primeiros itens, na tarefa seguinte todos, e depois sempre todos', () => {
    const { result, rerender } = renderHook(() => useProgressiveCount(4));
    expect(result.current).toBe(4);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(Number.POSITIVE_INFINITY);
    rerender();
    expect(result.current).toBe(Number.POSITIVE_INFINITY);
  });
});
