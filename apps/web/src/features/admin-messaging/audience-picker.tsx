import { useId, useState } from 'react';
import {
  audienceSegmentLabels,
  audienceSegments,
  type AudienceSegment,
  type Recipient,
} from '@urbana/shared';
import { inputClass, SelectField } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import { useRecipientSearch } from './api.ts';

const segmentOptions = audienceSegments.map((s) => [s, audienceSegmentLabels[s]] as const);

/**
 * Who a notification or e-mail goes to: everyone, a role, or one user found by name or e-mail.
 * Controlled: `segment` and `userId` live in the parent's form.
 */
export function AudiencePicker({
  chosen = null,
  segment,
  userId,
  onChange,
  segmentError,
  userError,
}: {
  /** The user already chosen (an e-mail being edited): said as "Escolhido" until another is picked. */
  chosen?: Recipient | null;
  segment: AudienceSegment;
  userId: string | null;
  onChange(next: { segment: AudienceSegment; userId: string | null }): void;
  segmentError?: string | undefined;
  userError?: string | undefined;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Recipient | null>(chosen);
  const found = useRecipientSearch(query);
  return (
    <div className="space-y-3">
      <SelectField
        id={`${id}-publico`}
        label="Para quem"
        value={segment}
        error={segmentError}
        onChange={(e) => onChange({ segment: e.target.value as AudienceSegment, userId: null })}
        options={segmentOptions}
      />
      {segment === 'usuario' ? (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-busca`} className="block text-sm font-medium text-slate-800">
            Buscar usuário por nome ou email
          </label>
          <input
            id={`${id}-busca`}
            type="search"
            className={inputClass}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-invalid={userError ? true : undefined}
            aria-describedby={userError ? `${id}-erro` : undefined}
            placeholder="Digite ao menos 2 letras"
          />
          {picked && userId === picked.id ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              Escolhido: <strong>{picked.nome_completo || picked.email}</strong> ({picked.email})
            </p>
          ) : null}
          {query.trim().length >= 2 ? (
            found.isPending ? (
              <p className="text-sm text-slate-600">Buscando...</p>
            ) : found.isError ? (
              <p className="text-sm text-red-700">{found.error.message}</p>
            ) : found.data.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum usuário encontrado.</p>
            ) : (
              <ul
                className="max-h-48 divide-y divide-slate-200 overflow-auto rounded-lg border border-slate-200"
                aria-label="Usuários encontrados"
              >
                {found.data.map((u) => (
                  <li key={u.id}>
                    <button
                      type="button"
                      aria-pressed={userId === u.id}
                      onClick={() => {
                        setPicked(u);
                        onChange({ segment, userId: u.id });
                      }}
                      className={cn(
                        'block w-full px-3 py-2 text-left text-sm hover:bg-slate-50',
                        userId === u.id && 'bg-brand-50',
                      )}
                    >
                      <span className="font-medium text-slate-900">{u.nome_completo || u.email}</span>{' '}
                      <span className="text-slate-600">
                        {u.email} · {u.tipo_usuario}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {userError ? (
            <p id={`${id}-erro`} className="text-sm font-medium text-red-700">
              {userError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
