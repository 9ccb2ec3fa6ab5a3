import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { acceptInvitationBodySchema, paths, type InvitationPreview } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { accountApi } from '../../../features/account/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';

/** /auth/convite?token=…: a staff invitation; the link sets the password (issue #24 item 4). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['convite', token],
    queryFn: () => accountApi.invitationPreview(token),
    enabled: token !== '',
    retry: false,
  });
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-md">
      <Card className="space-y-4 p-8">
        <h1 className="text-2xl font-bold text-slate-900">Convite para a equipe</h1>
        {!token || preview.isError ? (
          <Alert>
            {errorMessage(
              preview.error,
              'Este convite é inválido, expirou ou já foi usado. Peça um novo convite à equipe.',
            )}
          </Alert>
        ) : !preview.data ? (
          <Spinner label="Abrindo o convite..." />
        ) : done ? (
          <>
            <Alert tone="success">{done}</Alert>
            <Link to={paths.admin.login} className="font-semibold text-brand-700 hover:underline">
              Entrar no painel
            </Link>
          </>
        ) : (
          <AcceptForm token={token} preview={preview.data} onAccepted={(message) => setDone(message)} />
        )}
      </Card>
    </div>
  );
}

const acceptFormSchema = acceptInvitationBodySchema.omit({ token: true });

function AcceptForm({
  token,
  preview,
  onAccepted,
}: {
  token: string;
  preview: InvitationPreview;
  onAccepted(message: string): void;
}) {
  const accept = useMutation({ mutationFn: accountApi.acceptInvitation });
  const form = useForm<z.input<typeof acceptFormSchema>, unknown, z.output<typeof acceptFormSchema>>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { nome_completo: preview.nome_completo, password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      onAccepted((await accept.mutateAsync({ ...body, token })).message);
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível aceitar o convite.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Você foi convidado como <strong>{preview.role === 'admin' ? 'admin' : 'operador'}</strong> com o email{' '}
        <strong className="break-all">{preview.email}</strong>. Defina seu nome e sua senha.
      </p>
      <Field
        label="Nome completo"
        autoComplete="name"
        error={errors.nome_completo?.message}
        {...form.register('nome_completo')}
      />
      <Field
        label="Senha"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 6 caracteres."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <p className="text-xs text-slate-600">
        Ao criar a conta você concorda com os{' '}
        <Link to={paths.termos} target="_blank" className="text-brand-700 underline">
          termos de uso
        </Link>{' '}
        e a{' '}
        <Link to={paths.privacidade} target="_blank" className="text-brand-700 underline">
          política de privacidade
        </Link>
        .
      </p>
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        Criar minha conta
      </Button>
    </form>
  );
}
