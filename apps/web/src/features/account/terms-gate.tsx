import { useState } from 'react';
import { Link } from 'react-router';
import { paths, TERMS_VERSION } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../auth/use-auth.ts';
import { accountApi, useAccountMutation } from './api.ts';
import { formatTermsVersion } from './legal-page.tsx';

/** A new version of the terms: asked once, at the next visit signed in (issue #24 item 1). */
export function TermsGate() {
  const { user, setUser, signOut } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const acceptTerms = useAccountMutation(accountApi.acceptTerms, []);
  if (!user?.terms_outdated) return null;
  const accept = async () => {
    try {
      setUser(await acceptTerms.mutateAsync(TERMS_VERSION));
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível registrar o aceite.'));
    }
  };
  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        title="Atualizamos nossos termos"
        closable={false}
        description={`Os termos de uso e a política de privacidade mudaram (versão de ${formatTermsVersion()}). Leia e aceite para continuar.`}
      >
        <p className="text-sm text-slate-700">
          <Link to={paths.termos} target="_blank" className="text-brand-700 underline">
            Termos de uso
          </Link>{' '}
          ·{' '}
          <Link to={paths.privacidade} target="_blank" className="text-brand-700 underline">
            Política de privacidade
          </Link>
        </p>
        {error ? (
          <div className="mt-3">
            <Alert>{error}</Alert>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void signOut()}>
            Sair
          </Button>
          <Button onClick={accept} disabled={acceptTerms.isPending}>
            Li e aceito
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
