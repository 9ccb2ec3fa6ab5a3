import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '../../lib/toast.ts';
import {
  Toaster,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VISIBLE,
  TOAST_WIDTH_PX,
} from './toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => {
    for (const t of toastStore.snapshot()) toastStore.remove(t.id);
  });
  vi.useRealTimers();
});

const toasts = () => document.querySelectorAll('[data-toast]');

describe('Toaster (seed §9)', () => {
  it('usa as constantes do seed', () => {
    expect([
      TOAST_DURATION_MS,
      TOAST_VISIBLE,
      TOAST_GAP_PX,
      TOAST_WIDTH_PX,
      TOAST_SWIPE_THRESHOLD_PX,
      TOAST_REMOVE_DELAY_MS,
    ]).toEqual([4000, 3, 14, 356, 20, 200]);
  });

  it('mostra no máximo 3, com 14 px entre eles e 356 px de largura', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast.success(`Aviso ${i}`);
    });
    expect(toasts()).toHaveLength(3);
    expect(screen.getByText('Aviso 5')).toBeTruthy();
    expect(screen.queryByText('Aviso 2')).toBeNull();
    expect(screen.getByRole('region', { name: 'Notificações' }).style.gap).toBe('14px');
    expect((toasts()[0] as HTMLElement).style.maxWidth).toBe('356px');
  });

  it('fecha sozinho depois de 4000 ms e some 200 ms depois', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Título', 'Descrição');
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(toasts()).toHaveLength(0);
  });

  it('fecha pelo botão e por um arrasto de 20 px, não por um de 19 px', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Erro', 'Detalhe');
    });
    const el = toasts()[0] as HTMLElement;
    // jsdom's PointerEvent drops clientX; a MouseEvent of the same type carries it.
    const pointer = (type: string, clientX: number) =>
      fireEvent(el, new MouseEvent(type, { clientX, bubbles: true }));
    expect(el.getAttribute('role')).toBe('alert');
    pointer('pointerdown', 100);
    pointer('pointermove', 119);
    pointer('pointerup', 119);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(toasts()).toHaveLength(1);
    pointer('pointerdown', 100);
    pointer('pointermove', 120);
    pointer('pointerup', 120);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(toasts()).toHaveLength(0);

    act(() => {
      toast.success('Outro');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(toasts()).toHaveLength(0);
  });
});
