import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordFormSchema } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { authApi } from './api.ts';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: authApi.forgotPassword });
  const form = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      setDone((await send.mutateAsync(email.trim().toLowerCase())).message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível enviar o link. Tente novamente.');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Recuperar senha">
      <p className="text-sm text-slate-600">
        Informe o email da sua conta e enviaremos um link para criar uma nova senha.
      </p>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {done ? <Alert tone="success">{done}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        Enviar link
      </Button>
      <div className="text-center">
        <Button variant="link" onClick={onBack}>
          Voltar para o login
        </Button>
      </div>
    </form>
  );
}
