import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  paths,
  signInFormSchema,
  signInErrors,
  notAllowListedMessage,
  staffOnlyMessage,
  successToasts,
  type Profile,
} from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { authApi } from './api.ts';
import { REDIRECT_DELAY_MS, takeRedirectPath } from './redirect.ts';
import { TwoFactorRequired } from './auth-context.tsx';
import { loadForgotPasswordForm, TwoFactorStep } from './lazy-forms.tsx';
import { useAuth } from './use-auth.ts';

/** The answers of /admin/login to an account that may not use the panel. */
const panelRefusals: readonly string[] = [staffOnlyMessage, notAllowListedMessage];

export function SignInForm({
  onSignedIn,
  onForgotPassword,
  submitLabel = 'Entrar',
  staffOnly = false,
}: {
  /** Replaces the default: success toast, then the saved path or /buscar-locais after 100 ms. */
  onSignedIn?: (user: Profile) => void | Promise<void>;
  onForgotPassword?: () => void;
  submitLabel?: string;
  /** /admin/login: the API refuses a cliente account and opens no session. */
  staffOnly?: boolean;
}) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const resendConfirmation = useMutation({ mutationFn: authApi.resendConfirmation });
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const done = async (user: Profile) => {
    if (onSignedIn) return await onSignedIn(user);
    toast.success(successToasts.signIn.title, successToasts.signIn.description);
    // On /auth the sign-in page gives way to where the person goes: Back leads to the page before it,
    // not to the form of an account that is already in. From the header's dialog, a new page.
    const replace = location.pathname === paths.auth;
    window.setTimeout(() => navigate(takeRedirectPath(), { replace }), REDIRECT_DELAY_MS);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setResent(null);
    const email = values.email.trim().toLowerCase();
    try {
      await done(await signIn(email, values.password, { staffOnly }));
    } catch (e) {
      if (e instanceof TwoFactorRequired) {
        setChallenge(e.challenge);
        return;
      }
      const message = errorMessage(e, signInErrors.default);
      // /admin/login refused a cliente: forget an /admin destination saved for this visit, so a later
      // sign-in on the site does not lead back to a panel this account cannot use.
      if (staffOnly && e instanceof ApiError && e.status === 403 && panelRefusals.includes(message)) {
        takeRedirectPath();
      }
      setError(message);
      toast.error(message);
    }
  });

  const resend = async () => {
    const email = form.getValues('email').trim().toLowerCase();
    try {
      setResent((await resendConfirmation.mutateAsync(email)).message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : signInErrors.default);
    }
  };

  if (challenge)
    return <TwoFactorStep challenge={challenge} onSignedIn={done} onRestart={() => setChallenge(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Entrar">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Senha"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {error ? <SignInError error={error} onResend={resend} /> : null}
      {resent ? <Alert tone="info">{resent}</Alert> : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Entrando...' : submitLabel}
      </Button>
      {onForgotPassword ? <ForgotPasswordLink onClick={onForgotPassword} /> : null}
    </form>
  );
}

/** "Esqueci minha senha": its form's chunk starts loading as the pointer or the focus comes to it. */
function ForgotPasswordLink({ onClick }: { onClick: () => void }) {
  const load = () => void loadForgotPasswordForm();
  return (
    <div className="text-center">
      <Button variant="link" onClick={onClick} onPointerEnter={load} onFocus={load}>
        Esqueci minha senha
      </Button>
    </div>
  );
}

/** The refusal; an unconfirmed e-mail gets the way to a new confirmation link. */
function SignInError({ error, onResend }: { error: string; onResend: () => void }) {
  return (
    <Alert>
      <p>{error}</p>
      {error === signInErrors.emailNotConfirmed ? (
        <Button variant="link" className="mt-1 text-red-900" onClick={onResend}>
          Reenviar link de confirmação
        </Button>
      ) : null}
    </Alert>
  );
}
