import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { acceptInvitationBodySchema, paths } from '@urbana/shared';
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
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nome = name ?? preview.data?.nome_completo ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptInvitationBodySchema.safeParse({ token, nome_completo: nome, password });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone((await accountApi.acceptInvitation(parsed.data)).message);
    } catch (e) {
      setErrors({ form: errorMessage(e, 'Não foi possível aceitar o convite.') });
    } finally {
      setBusy(false);
    }
  };

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
          <form onSubmit={submit} noValidate className="space-y-4">
            <p className="text-sm text-slate-700">
              Você foi convidado como <strong>{preview.data.role === 'admin' ? 'admin' : 'operador'}</strong>{' '}
              com o email <strong className="break-all">{preview.data.email}</strong>. Defina seu nome e sua
              senha.
            </p>
            <Field
              label="Nome completo"
              autoComplete="name"
              value={nome}
              onChange={(e) => setName(e.target.value)}
              error={errors.nome_completo}
            />
            <Field
              label="Senha"
              type="password"
              autoComplete="new-password"
              hint="Pelo menos 6 caracteres."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
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
            {errors.form ? <Alert>{errors.form}</Alert> : null}
            <Button type="submit" className="w-full" disabled={busy}>
              Criar minha conta
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
