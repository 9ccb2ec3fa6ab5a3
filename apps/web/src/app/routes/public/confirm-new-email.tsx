import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { accountMessages, paths } from '@urbana/shared';
import { accountApi } from '../../../features/account/index.ts';
import { EmailLinkResult } from './email-link-result.tsx';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const act = useCallback(() => accountApi.confirmEmail(token), [token]);
  return (
    <EmailLinkResult
      title="Confirmação da troca de email"
      waiting="Confirmando..."
      missing={token ? null : accountMessages.tokenRequired}
      act={act}
      next={{ to: paths.usuario.conta, label: 'Ir para Minha conta' }}
    />
  );
}
