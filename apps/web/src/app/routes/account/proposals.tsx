import { Link } from 'react-router';
import { buildPath, formatDate, formatMoney, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ProposalStateBadge, useMyProposals } from '../../../features/proposals/index.ts';

/** /usuario/propostas: the proposals the Urbana team sent to this customer (issue #40 item 5). */
export function Component() {
  const list = useMyProposals();
  if (list.isPending) return <Spinner label="Carregando propostas" className="py-16" />;
  if (list.isError) return <Alert>{list.error.message}</Alert>;
  const proposals = list.data.items;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Propostas</h1>
        <p className="mt-1 text-sm text-slate-600">
          Condições preparadas pela equipe Urbana para você. Abra uma para ver os locais, a audiência e
          aceitar.
        </p>
      </div>
      {proposals.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          Nenhuma proposta ainda. Quando a equipe Urbana enviar uma, ela aparece aqui e no seu e-mail.
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Propostas recebidas">
          {proposals.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="min-w-0 space-y-1">
                <Link
                  to={buildPath(paths.proposta, { id: p.id })}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Proposta {p.code}
                </Link>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <ProposalStateBadge state={p.state} />
                  <span>válida até {formatDate(p.valid_until)}</span>
                </p>
              </div>
              <p className="font-semibold text-slate-900">{formatMoney(p.total)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
