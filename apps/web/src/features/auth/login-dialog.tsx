import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@urbana/shared';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ForgotPasswordForm } from './lazy-forms.tsx';
import { GoogleButton } from './google-button.tsx';
import { SignInForm } from './sign-in-form.tsx';

/**
 * The login dialog (docs/spec/specification.md §2), with the Google button when configured. Controlled by its opener,
 * which loads this module only when the visitor asks to sign in; focus returns to the opener.
 */
export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [forgot, setForgot] = useState(false);
  const setOpen = onOpenChange;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setForgot(false);
      }}
    >
      <DialogContent
        title={forgot ? 'Recuperar senha' : 'Entrar na Urbana'}
        description={forgot ? undefined : 'Acesse seus pedidos, anúncios e favoritos.'}
      >
        {forgot ? (
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        ) : (
          <>
            <GoogleButton />
            <SignInForm onForgotPassword={() => setForgot(true)} />
            <p className="mt-4 text-center text-sm text-slate-600">
              Ainda não tem conta?{' '}
              <Link
                to={`${paths.auth}?modo=cadastro`}
                className="font-semibold text-brand-700 hover:underline"
                onClick={() => setOpen(false)}
              >
                Criar conta
              </Link>
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
