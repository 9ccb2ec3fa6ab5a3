import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@urbana/shared';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { GoogleButton } from './google-button.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** The login dialog (seed §2), with the Google button when configured. */
export function LoginDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [forgot, setForgot] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setForgot(false);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
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
