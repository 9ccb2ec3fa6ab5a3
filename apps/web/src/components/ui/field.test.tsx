import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SelectField, TextareaField } from './field.tsx';

function Form({ onSubmit }: { onSubmit(values: { kind: string; text: string }): void }) {
  const form = useForm({ defaultValues: { kind: '', text: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <SelectField
        label="Sobre o quê?"
        options={[
          ['', 'Escolha'],
          ['pedido', 'Pedido'],
        ]}
        {...form.register('kind')}
      />
      <TextareaField label="Mensagem" {...form.register('text')} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('SelectField e TextareaField', () => {
  it('o rótulo dá o nome; o erro fica logo abaixo, ligado ao controle', () => {
    render(<SelectField id="ano" label="Ano" error="Escolha um ano." options={[['2026', '2026']]} />);
    const select = screen.getByRole('combobox', { name: 'Ano' });
    expect(select.id).toBe('ano');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('ano-erro');
    expect(document.getElementById('ano-erro')?.textContent).toBe('Escolha um ano.');
  });

  it('sem erro, a dica descreve o controle e ele não se diz inválido', () => {
    render(<TextareaField label="Motivo" hint="De 5 a 500 caracteres." />);
    const box = screen.getByRole('textbox', { name: 'Motivo' });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'De 5 a 500 caracteres.',
    );
  });

  it('um rótulo só para leitores de tela ainda nomeia o controle', () => {
    render(<TextareaField label="Pix copia e cola" hideLabel readOnly value="000201" />);
    expect(screen.getByText('Pix copia e cola').className).toBe('sr-only');
    expect(screen.getByRole('textbox', { name: 'Pix copia e cola' })).toBeTruthy();
  });

  it('funciona com o register do react-hook-form', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Sobre o quê?'), { target: { value: 'pedido' } });
    fireEvent.change(screen.getByLabelText('Mensagem'), { target: { value: 'Olá' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ kind: 'pedido', text: 'Olá' });
  });
});
