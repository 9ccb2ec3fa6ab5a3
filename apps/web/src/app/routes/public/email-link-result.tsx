import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** A page that acts once on a link from an e-mail and says how it went. */
export function EmailLinkResult({
  title,
  waiting,
  missing,
  act,
  next,
}: {
  title: string;
  waiting: string;
  /** Shown when the link lacks its token. */
  missing: string | null;
  act: () => Promise<{ message: string }>;
  next: { to: string; label: string };
}) {
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    // Single-use links: never sent twice (StrictMode runs effects twice in development).
    if (sent.current || missing) return;
    sent.current = true;
    act()
      .then((r) => setState({ ok: true, message: r.message }))
      .catch((e: unknown) => setState({ ok: false, message: errorMessage(e, 'Link inválido.') }));
  }, [act, missing]);
  return (
    <div className="mx-auto max-w-md">
      <Card className="space-y-4 p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {missing ? (
          <p role="alert" className="text-slate-700">
            {missing}
          </p>
        ) : !state ? (
          <Spinner label={waiting} />
        ) : (
          <>
            {state.ok ? (
              <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
            ) : (
              <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
            )}
            <p role={state.ok ? 'status' : 'alert'} className="text-slate-700">
              {state.message}
            </p>
            <Link to={next.to} className="inline-block font-semibold text-brand-700 hover:underline">
              {next.label}
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
