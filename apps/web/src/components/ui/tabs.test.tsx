import { fireEvent, render, screen } from '@testing-library/react';
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

describe('Tabs', () => {
  it('ties tabs and panels for assistive technology and draws only the selected panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Entrar ou criar conta' })).toBeTruthy();
    const entrar = screen.getByRole('tab', { name: 'Entrar' });
    const criar = screen.getByRole('tab', { name: 'Criar conta' });
    expect(entrar.getAttribute('aria-selected')).toBe('true');
    expect(criar.getAttribute('aria-selected')).toBe('false');
    expect([entrar.tabIndex, criar.tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Entrar' });
    expect(panel.id).toBe(entrar.getAttribute('aria-controls'));
    expect(panel.textContent).toBe('Formulário de entrada');
    expect(screen.queryByText('Formulário de cadastro')).toBeNull();
    expect(screen.getByText('Entre com o Google')).toBeTruthy();
  });

  it('selects on click, and with the arrows (wrapping), Home and End, moving the focus along', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Criar conta' }));
    expect(screen.getByRole('tabpanel', { name: 'Criar conta' }).textContent).toBe('Formulário de cadastro');
    const criar = screen.getByRole('tab', { name: 'Criar conta' });
    fireEvent.keyDown(criar, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Entrar' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Entrar' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(criar);
    expect(criar.getAttribute('data-state')).toBe('active');
    fireEvent.keyDown(criar, { key: 'Home' });
    expect(screen.getByRole('tabpanel', { name: 'Entrar' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tabpanel', { name: 'Criar conta' })).toBeTruthy();
  });
});
