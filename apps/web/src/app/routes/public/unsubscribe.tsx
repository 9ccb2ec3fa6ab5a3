import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@urbana/shared';
import { accountApi } from '../../../features/account/index.ts';
import { EmailLinkResult } from './email-link-result.tsx';

/** The link at the end of an alert or news e-mail: one click turns that kind of e-mail off. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tipo = params.get('tipo') ?? '';
  const act = useCallback(() => accountApi.unsubscribe(token, tipo), [token, tipo]);
  return (
    <EmailLinkResult
      title={tipo === 'alertas' ? 'Alertas de campanha por email' : 'Novidades por email'}
      waiting="Descadastrando..."
      missing={token && tipo ? null : 'Link de descadastro inválido.'}
      act={act}
      next={{ to: paths.usuario.conta, label: 'Ver minhas preferências de email' }}
    />
  );
}
