import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { accountMessages, newPasswordField, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { authApi } from '../../../features/auth/index.ts';
import { ApiError } from '../../../lib/api-client.ts';

const schema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: 'As senhas não conferem' });

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const reset = useMutation({ mutationFn: (password: string) => authApi.resetPassword(token, password) });
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      setResult({ ok: true, message: (await reset.mutateAsync(password)).message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof ApiError ? e.message : accountMessages.resetLinkInvalid });
    }
  });

  return (
    <div className="mx-auto max-w-md">
      <Card className="p-8">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Criar nova senha</h1>
        {!token ? (
          <Alert>{accountMessages.tokenRequired}</Alert>
        ) : result?.ok ? (
          <div className="space-y-4">
            <Alert tone="success">{result.message}</Alert>
            <Link to={paths.auth} className="font-semibold text-brand-700 hover:underline">
              Entrar
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <Field
              label="Nova senha"
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            <Field
              label="Confirme a nova senha"
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.confirm?.message}
              {...form.register('confirm')}
            />
            {result && !result.ok ? <Alert>{result.message}</Alert> : null}
            <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
              Salvar nova senha
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
