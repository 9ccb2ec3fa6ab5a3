import { formatDateTime } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import {
  accountApi,
  accountKeys,
  useAccountMutation,
  useAccountSessions,
  useAccountOverview,
} from './api.ts';
import { SettingsCard } from './settings-cards.tsx';

const when = (iso: string) => formatDateTime(iso);

export function SessionsCard() {
  const sessions = useAccountSessions();
  const end = useAccountMutation(accountApi.endOtherSessions, [accountKeys.sessions]);
  const others = (sessions.data?.items ?? []).filter((s) => !s.current).length;
  return (
    <SettingsCard id="conta-sessoes" title="Sessões ativas">
      <ul className="divide-y divide-slate-100" aria-label="Sessões ativas">
        {(sessions.data?.items ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <span className="font-medium text-slate-900">
              {s.device}
              {s.current ? (
                <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                  Este dispositivo
                </span>
              ) : null}
            </span>
            <span className="text-sm text-slate-600">
              IP {s.ip ?? '—'} · último uso {when(s.last_seen_at)}
            </span>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={others === 0 || end.isPending}
        onClick={() =>
          end.mutate(undefined, {
            onSuccess: (r) => toast.success(r.message),
            onError: (e) => toast.error(errorMessage(e, 'Não foi possível encerrar as sessões.')),
          })
        }
      >
        Sair de todos os outros
      </Button>
    </SettingsCard>
  );
}

export function PreferencesCard() {
  const overview = useAccountOverview();
  const save = useAccountMutation(accountApi.setPreferences, [accountKeys.overview]);
  const prefs = overview.data?.preferences;
  if (!prefs) return null;
  const toggle = (key: 'alerts' | 'news') =>
    save.mutate(
      { ...prefs, [key]: !prefs[key] },
      {
        onSuccess: () => toast.success('Preferências de email salvas.'),
        onError: (e) => toast.error(errorMessage(e, 'Não foi possível salvar.')),
      },
    );
  const row = (key: 'alerts' | 'news', label: string, hint: string) => (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 accent-brand-700"
        checked={prefs[key]}
        disabled={save.isPending}
        onChange={() => toggle(key)}
      />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
  return (
    <SettingsCard id="conta-preferencias" title="Preferências de email">
      {row('alerts', 'Alertas de campanha', 'Quando sua campanha entra no ar e quando termina.')}
      {row('news', 'Novidades e ofertas', 'Novos locais, promoções e conteúdos da Urbana.')}
      <p className="text-sm text-slate-600">
        Emails sobre conta, pedidos, pagamentos, faturas e suporte são sempre enviados.
      </p>
    </SettingsCard>
  );
}
