import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  commonPasswordHint,
  paths,
  TERMS_VERSION,
  signUpErrors,
  signUpFormSchema,
  successToasts,
} from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from './use-auth.ts';

export function SignUpForm({ onCreated }: { onCreated: (email: string, confirmed: boolean) => void }) {
  const { signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [commonPassword, setCommonPassword] = useState(false);
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { nome_completo: '', email: '', telefone: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setCommonPassword(false);
    try {
      // Specification §3 (docs/spec/specification.md): trimmed name, telefone trimmed or null (the
      // resolver hands over the checked values); the server always makes a cliente.
      // The version of the terms shown here is the one accepted (the server records it and the date).
      const result = await signUp({
        ...values,
        telefone: values.telefone ?? null,
        terms_version: TERMS_VERSION,
      });
      toast.success(
        successToasts.signUp.title,
        result.email_confirmed
          ? successToasts.signUp.descriptionConfirmed
          : successToasts.signUp.descriptionUnconfirmed,
      );
      onCreated(result.user.email, result.email_confirmed);
    } catch (e) {
      const message = errorMessage(e, signUpErrors.default);
      toast.error(message);
      if (message === signUpErrors.weakPassword) {
        // The form already refuses a short password, so the server refused a common one: keep the
        // seed's text next to the field and say what is wrong with it.
        form.setError('password', { message }, { shouldFocus: true });
        setCommonPassword(true);
        return;
      }
      setError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Criar conta">
      <Field
        label="Nome completo"
        autoComplete="name"
        error={errors.nome_completo?.message}
        {...form.register('nome_completo')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Telefone (opcional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.telefone?.message}
        {...form.register('telefone')}
      />
      <Field
        label="Senha"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 6 caracteres. Evite senhas óbvias."
        error={errors.password?.message}
        {...form.register('password', { onChange: () => setCommonPassword(false) })}
      />
      {commonPassword && errors.password ? (
        <p className="-mt-2 text-sm text-slate-700">{commonPasswordHint}</p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Criando conta...' : 'Criar conta'}
      </Button>
      <p className="text-center text-xs text-slate-600" data-termos-versao={TERMS_VERSION}>
        Ao criar a conta você concorda com os{' '}
        <Link to={paths.termos} target="_blank" className="font-medium text-brand-700 underline">
          termos de uso
        </Link>{' '}
        e a{' '}
        <Link to={paths.privacidade} target="_blank" className="font-medium text-brand-700 underline">
          política de privacidade
        </Link>{' '}
        da Urbana.
      </p>
    </form>
  );
}
