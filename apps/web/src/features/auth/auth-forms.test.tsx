import { zodResolver } from '@hookform/resolvers/zod';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { signInFormSchema, validationMessages as v } from '@urbana/shared';
import { Field } from '../../components/ui/field.tsx';

/**
 * The sign-in page's forms (sign in, sign up, forgotten password) as they are set up: react-hook-form
 * with the zod resolver over the shared schema, the inputs uncontrolled through `Field`.
 */
function SignIn({ onValid }: { onValid: (values: { email: string; password: string }) => Promise<void> }) {
  const form = useForm({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Field label="Email" error={errors.email?.message} {...form.register('email')} />
      <Field label="Senha" type="password" error={errors.password?.message} {...form.register('password')} />
      <button
        type="button"
        onClick={() => form.setError('password', { message: 'Senha fraca' }, { shouldFocus: true })}
      >
        Recusar
      </button>
      <button type="submit">{isSubmitting ? 'Entrando...' : 'Entrar'}</button>
    </form>
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Senha');
const submit = () => fireEvent.submit(screen.getByRole('button', { name: /Entra/ }).closest('form')!);

describe('the sign-in forms (react-hook-form + zod resolver)', () => {
  it('checks nothing before the first submit, then shows each first message and focuses the first field', async () => {
    const onValid = vi.fn(async () => undefined);
    render(<SignIn onValid={onValid} />);
    fireEvent.change(email(), { target: { value: 'nao-e-email' } });
    await act(async () => undefined);
    expect(screen.queryByText(v.emailInvalid)).toBeNull();
    await act(async () => submit());
    expect(await screen.findByText(v.emailInvalid)).toBeTruthy();
    expect(screen.getByText(v.passwordRequired)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, a change checks that field again and leaves the others as they were', async () => {
    render(<SignIn onValid={vi.fn(async () => undefined)} />);
    await act(async () => submit());
    expect(await screen.findByText(v.emailRequired)).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'ana@exemplo.com.br' } });
    await waitFor(() => expect(screen.queryByText(v.emailRequired)).toBeNull());
    expect(screen.getByText(v.passwordRequired)).toBeTruthy();
    fireEvent.change(password(), { target: { value: '123' } });
    expect(await screen.findByText(v.passwordTooShort)).toBeTruthy();
  });

  it('hands the checked values to the handler and says it is submitting meanwhile', async () => {
    let finish = () => undefined as void;
    const onValid = vi.fn(
      (_values: { email: string; password: string }) => new Promise<void>((resolve) => (finish = resolve)),
    );
    render(<SignIn onValid={onValid} />);
    fireEvent.change(email(), { target: { value: '  Ana@Exemplo.COM.br ' } });
    fireEvent.change(password(), { target: { value: 'segredo1' } });
    await act(async () => submit());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'ana@exemplo.com.br', password: 'segredo1' });
    expect(screen.getByRole('button', { name: 'Entrando...' })).toBeTruthy();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
  });

  it("after a submit, puts the server's refusal under a field, focused, until the field changes", async () => {
    render(<SignIn onValid={vi.fn(async () => undefined)} />);
    fireEvent.change(email(), { target: { value: 'ana@exemplo.com.br' } });
    fireEvent.change(password(), { target: { value: '123456' } });
    await act(async () => submit());
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(screen.getByText('Senha fraca')).toBeTruthy();
    expect(document.activeElement).toBe(password());
    fireEvent.change(password(), { target: { value: 'outra-senha' } });
    await waitFor(() => expect(screen.queryByText('Senha fraca')).toBeNull());
  });
});
