import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { loadingTexts } from '@urbana/shared';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { ForgotPasswordForm as ForgotPasswordFormNow } from './forgot-password-form.tsx';
import type { SignUpForm as SignUpFormNow } from './sign-up-form.tsx';
import type { TwoFactorStep as TwoFactorStepNow } from './two-factor-step.tsx';

/*
 * The forms a sign-in page shows only when asked — creating an account, recovering a password, the
 * second step of a two-factor sign-in — each in a chunk of its own, loaded when the visitor heads
 * for it (a pointer over or focus on its tab or link) or, at the latest, when it is drawn: the first
 * screen of /auth is the sign-in form alone (docs/decisions/121).
 */
export const loadSignUpForm = () => import('./sign-up-form.tsx');
export const loadForgotPasswordForm = () => import('./forgot-password-form.tsx');
export const loadTwoFactorStep = () => import('./two-factor-step.tsx');

/** A form drawn when its chunk is there, a spinner of the form's height meanwhile. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={<Spinner label={loadingTexts.loading} className="min-h-48" />}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

type Props<C> = C extends ComponentType<infer P> ? P : never;

export const SignUpForm = deferred<Props<typeof SignUpFormNow>>(
  async () => (await loadSignUpForm()).SignUpForm,
);
export const ForgotPasswordForm = deferred<Props<typeof ForgotPasswordFormNow>>(
  async () => (await loadForgotPasswordForm()).ForgotPasswordForm,
);
export const TwoFactorStep = deferred<Props<typeof TwoFactorStepNow>>(
  async () => (await loadTwoFactorStep()).TwoFactorStep,
);
