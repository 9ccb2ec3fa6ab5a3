import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const tabs = [
  { value: 'entrar', label: 'Entrar' },
  { value: 'cadastro', label: 'Criar conta' },
] as const;

function Harness() {
  const [value, setValue] = useState<'entrar' | 'cadastro'>('entrar');
  return (
    <Tabs
      value={value}
      onValueChange={setValue}
      label="Entrar ou criar conta"
      tabs={tabs}
      between={<p>Entre com o Google</p>}
      panels={{ entrar: <p>Formulário de entrada</p>, cadastro: <p>Formulário de cadastro</p> }}
    />
  );
}

/** A key on the focused tab; Radix moves the focus in the next task, and the tab follows it. */
async function press(key: string, expected: string) {
  fireEvent.keyDown(document.activeElement!, { key });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: expected })));
  expect(screen.getByRole('tab', { name: expected }).getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tabpanel', { name: expected })).toBeTruthy();
}

describe('Tabs', () => {
  it('ties tabs and panels for assistive technology and draws only the selected panel', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Entrar ou criar conta' });
    const entrar = screen.getByRole('tab', { name: 'Entrar' });
    const criar = screen.getByRole('tab', { name: 'Criar conta' });
    expect(entrar.getAttribute('aria-selected')).toBe('true');
    expect(criar.getAttribute('aria-selected')).toBe('false');
    expect([entrar.dataset.state, criar.dataset.state]).toEqual(['active', 'inactive']);
    const panel = screen.getByRole('tabpanel', { name: 'Entrar' });
    expect(panel.id).toBe(entrar.getAttribute('aria-controls'));
    expect(panel.tabIndex).toBe(0);
    expect(panel.textContent).toBe('Formulário de entrada');
    expect(screen.queryByText('Formulário de cadastro')).toBeNull();
    expect(screen.getByText('Entre com o Google')).toBeTruthy();
    // One Tab stop: the keyboard's arrival on the list lands on the selected tab, which then keeps it.
    act(() => list.focus());
    expect(document.activeElement).toBe(entrar);
    expect([entrar.tabIndex, criar.tabIndex]).toEqual([0, -1]);
  });

  it('selects on press, and with the arrows (wrapping), Home and End, moving the focus along', async () => {
    render(<Harness />);
    const criar = screen.getByRole('tab', { name: 'Criar conta' });
    fireEvent.mouseDown(criar, { button: 0 });
    expect(screen.getByRole('tabpanel', { name: 'Criar conta' }).textContent).toBe('Formulário de cadastro');
    expect(document.activeElement).toBe(criar);
    await press('ArrowRight', 'Entrar');
    await press('ArrowLeft', 'Criar conta');
    await press('Home', 'Entrar');
    await press('End', 'Criar conta');
    expect(criar.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Entrar' }).tabIndex).toBe(-1);
  });

  it('leaves the selection alone on a right click or a Ctrl click', () => {
    render(<Harness />);
    const criar = screen.getByRole('tab', { name: 'Criar conta' });
    fireEvent.mouseDown(criar, { button: 2 });
    fireEvent.mouseDown(criar, { button: 0, ctrlKey: true });
    expect(criar.getAttribute('aria-selected')).toBe('false');
  });
});
