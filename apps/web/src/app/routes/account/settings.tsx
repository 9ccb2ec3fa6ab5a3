import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@urbana/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../features/auth/use-auth.ts';
import {
  DataCard,
  EmailCard,
  PasswordCard,
  PreferencesCard,
  ProfileCard,
  SessionsCard,
  TwoFactorCard,
  useAccountOverview,
} from '../../../features/account/index.ts';

/**
 * Where "Voltar ao painel" leads: only a page of the panel (`?voltar=/admin/…`), for staff. Staff set
 * up two-factor sign-in here and had no way back to the panel (issue #40 item 8).
 */
export function panelReturn(voltar: string | null, isStaff: boolean): string | null {
  if (!isStaff || !voltar) return null;
  return voltar === paths.admin.dashboard || voltar.startsWith(`${paths.admin.dashboard}/`) ? voltar : null;
}

/** /usuario/conta: everything a person controls about their account (issue #24 item 2). */
export function Component() {
  const { user } = useAuth();
  const overview = useAccountOverview();
  const [params] = useSearchParams();
  if (!user || !overview.data) return <Spinner label="Carregando sua conta..." />;
  const back = panelReturn(params.get('voltar'), Boolean(user.is_staff));
  return (
    <div className="space-y-6">
      {back ? (
        <Link
          to={back}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Voltar ao painel
        </Link>
      ) : null}
      <h1 className="text-2xl font-bold text-slate-900">Minha conta</h1>
      <ProfileCard user={user} />
      <EmailCard overview={overview.data} />
      <PasswordCard />
      <TwoFactorCard overview={overview.data} />
      <SessionsCard />
      <PreferencesCard />
      <DataCard />
    </div>
  );
}
