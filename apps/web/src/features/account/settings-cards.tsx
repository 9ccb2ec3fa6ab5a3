import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  accountSettingsMessages,
  accountUpdateBodySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  type Profile,
} from '@urbana/shared';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../auth/use-auth.ts';
import { accountApi, accountKeys, useAccountMutation, type AccountOverview } from './api.ts';

export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Notice = { tone: 'error' | 'success'; text: string } | null;

/**
 * Sends a settings form through its mutation and keeps the server's answer to show under it: its
 * message on success (and the form emptied), its refusal otherwise, unless `onRefusal` places it on
 * a field (returns true).
 */
function useAnsweredSubmit<V>(
  send: (values: V) => Promise<{ message: string }>,
  reset: () => void,
  fallback: string,
  onRefusal?: (text: string) => boolean,
) {
  const [notice, setNotice] = useState<Notice>(null);
  const submit = async (values: V) => {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await send(values)).message });
      reset();
    } catch (e) {
      const text = errorMessage(e, fallback);
      if (!onRefusal?.(text)) setNotice({ tone: 'error', text });
    }
  };
  return { notice, submit };
}

/** The wrong current password is said next to its field, not under the form. */
function placeWrongPassword(text: string, setFieldError: (message: string) => void): boolean {
  if (text !== accountSettingsMessages.wrongPassword) return false;
  setFieldError(text);
  return true;
}

function SubmitRow({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="sm:col-span-2">
      <Button type="submit" variant="secondary" disabled={pending}>
        {children}
      </Button>
    </div>
  );
}

export function ProfileCard({ user }: { user: Profile }) {
  const { setUser } = useAuth();
  const form = useForm<
    z.input<typeof accountUpdateBodySchema>,
    unknown,
    z.output<typeof accountUpdateBodySchema>
  >({
    resolver: zodResolver(accountUpdateBodySchema),
    defaultValues: {
      nome_completo: user.nome_completo,
      telefone: user.telefone ?? '',
      empresa: user.empresa ?? '',
    },
  });
  const update = useAccountMutation(accountApi.updateProfile, []);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      setUser(await update.mutateAsync(values));
      toast.success('Dados atualizados.');
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível salvar.') });
    }
  });
  return (
    <SettingsCard id="conta-dados" title="Seus dados">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nome completo"
          autoComplete="name"
          error={errors.nome_completo?.message}
          {...form.register('nome_completo')}
        />
        <Field
          label="Telefone"
          type="tel"
          autoComplete="tel"
          error={errors.telefone?.message}
          {...form.register('telefone')}
        />
        <Field
          label="Empresa (opcional)"
          autoComplete="organization"
          error={errors.empresa?.message}
          {...form.register('empresa')}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={isSubmitting}>
            Salvar dados
          </Button>
        </div>
        {errors.root ? (
          <div className="sm:col-span-2">
            <Alert>{errors.root.message}</Alert>
          </div>
        ) : null}
      </form>
    </SettingsCard>
  );
}

export function EmailCard({ overview }: { overview: AccountOverview }) {
  const change = useAccountMutation(accountApi.changeEmail, [accountKeys.overview]);
  const form = useForm<
    z.input<typeof changeEmailBodySchema>,
    unknown,
    z.output<typeof changeEmailBodySchema>
  >({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { notice, submit } = useAnsweredSubmit(
    change.mutateAsync,
    () => form.reset(),
    'Não foi possível pedir a troca.',
    (text) => placeWrongPassword(text, (message) => form.setError('password', { message })),
  );
  return (
    <SettingsCard id="conta-email" title="Email">
      <p className="text-sm text-slate-700">
        Email atual: <strong className="break-all">{overview.email}</strong>
        {overview.pending_email ? (
          <>
            <br />
            Troca pendente para <strong className="break-all">{overview.pending_email}</strong>: abra o link
            que enviamos ao novo email e o que enviamos ao email atual. A troca só vale depois dos dois.
          </>
        ) : null}
      </p>
      <p className="text-sm text-slate-600">
        Para trocar, enviamos um link ao novo email e outro ao email atual; os dois precisam ser abertos. Se
        você não tem mais acesso ao email atual, fale com o suporte.
      </p>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Novo email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SubmitRow pending={isSubmitting}>Trocar email</SubmitRow>
      </form>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </SettingsCard>
  );
}

export function PasswordCard() {
  const change = useAccountMutation(accountApi.changePassword, [accountKeys.sessions]);
  const form = useForm<
    z.input<typeof changePasswordBodySchema>,
    unknown,
    z.output<typeof changePasswordBodySchema>
  >({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { notice, submit } = useAnsweredSubmit(
    change.mutateAsync,
    () => form.reset(),
    'Não foi possível trocar a senha.',
    (text) => placeWrongPassword(text, (message) => form.setError('current_password', { message })),
  );
  return (
    <SettingsCard id="conta-senha" title="Senha">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <Field
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 6 caracteres."
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <SubmitRow pending={isSubmitting}>Trocar senha</SubmitRow>
      </form>
      <p className="text-sm text-slate-600">
        Ao trocar a senha, as sessões em outros dispositivos são encerradas.
      </p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </SettingsCard>
  );
}
