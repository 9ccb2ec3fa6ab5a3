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

/** /usuario/conta: everything a person controls about their account (issue #24 item 2). */
export function Component() {
  const { user } = useAuth();
  const overview = useAccountOverview();
  if (!user || !overview.data) return <Spinner label="Carregando sua conta..." />;
  return (
    <div className="space-y-6">
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
