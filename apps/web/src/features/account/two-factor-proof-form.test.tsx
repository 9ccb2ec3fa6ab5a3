import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountSettingsMessages, twoFactorMessages, validationMessages as v } from '@urbana/shared';
import { ApiError } from '../../lib/api-client.ts';
import { TwoFactorProofForm, type TwoFactorProof } from './two-factor-proof-form.tsx';

function renderForm(onSubmit: (proof: TwoFactorProof) => Promise<void>) {
  render(
    <TwoFactorProofForm
      name="Desativar verificação em duas etapas"
      codeLabel="Código do aplicativo"
      submitLabel="Desativar"
      pending={false}
      onSubmit={onSubmit}
      fallback="Não foi possível desativar."
    />,
  );
}

const password = () => screen.getByLabelText('Senha atual');
const code = () => screen.getByLabelText('Código do aplicativo');
const fill = (values: { password: string; code: string }) => {
  fireEvent.change(password(), { target: { value: values.password } });
  fireEvent.change(code(), { target: { value: values.code } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
/** The error tied to a field for screen readers (aria-describedby), as the person sees it under it. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('formulário de senha e código das duas etapas', () => {
  it('sem senha, pede a senha ao lado do campo e não envia', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    fill({ password: '', code: '123456' });
    submit();
    await waitFor(() => expect(password().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(password())).toContain(v.passwordRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('envia senha e código; a senha errada aparece ao lado da senha, o código errado ao lado do código', async () => {
    const onSubmit = vi
      .fn<(proof: TwoFactorProof) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, accountSettingsMessages.wrongPassword))
      .mockRejectedValueOnce(new ApiError(400, twoFactorMessages.invalidCode));
    renderForm(onSubmit);
    fill({ password: 'nao-e-a-senha', code: '123 456' });
    submit();
    await waitFor(() => expect(describedBy(password())).toContain(accountSettingsMessages.wrongPassword));
    expect(onSubmit).toHaveBeenLastCalledWith({ password: 'nao-e-a-senha', code: '123456' });
    expect(code().getAttribute('aria-invalid')).toBeNull();

    fill({ password: 'a-certa', code: '654321' });
    submit();
    await waitFor(() => expect(describedBy(code())).toContain(twoFactorMessages.invalidCode));
    expect(password().getAttribute('aria-invalid')).toBeNull();
  });
});
