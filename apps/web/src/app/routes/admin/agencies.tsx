import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDocument } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { AdminPage, Badge, QueryState } from '../../../features/admin/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { call } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

const agenciesKey = ['admin', 'agencies'] as const;

/** Staff confirm an agency's CENP certificate (its orders then carry the agency's commission). */
function ConfirmAgency({ id, name }: { id: string; name: string }) {
  const client = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => call(adminEndpoints.agencies.confirm, { params: { id } }),
    onSuccess: () => {
      toast.success(`Agência ${name} confirmada.`);
      return client.invalidateQueries({ queryKey: agenciesKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Não foi possível confirmar a agência.')),
  });
  return (
    <Button size="sm" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
      {confirm.isPending ? 'Confirmando…' : 'Confirmar certificado'}
    </Button>
  );
}

/**
 * /admin/agencias: the agencies, those waiting for their CENP certificate to be confirmed first; one
 * with a certificate is confirmed here (decision 098).
 */
export function Component() {
  const agencies = useQuery({
    queryKey: agenciesKey,
    queryFn: () => call(adminEndpoints.agencies.list),
  });
  return (
    <AdminPage
      title="Agências"
      description="As agências cadastradas, com o certificado do CENP, quem as abriu, seus anunciantes e pessoas."
    >
      <QueryState
        query={agencies}
        loading="Carregando agências"
        empty="Nenhuma agência cadastrada."
        isEmpty={(d) => d.items.length === 0}
      >
        {(d) => (
          <ul className="space-y-3" aria-label="Agências">
            {d.items.map((agency) => (
              <li
                key={agency.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="font-semibold text-slate-900">{agency.name}</p>
                  <p className="text-slate-700">
                    CNPJ {formatDocument(agency.document)}
                    {agency.owner_email ? ` · aberta por ${agency.owner_email}` : ''}
                  </p>
                  <p className="text-slate-600">
                    {agency.cenp_certificate
                      ? `Certificado do CENP ${agency.cenp_certificate}${agency.cenp_valid_until ? ` até ${formatDate(agency.cenp_valid_until)}` : ''}`
                      : 'Sem certificado do CENP'}
                    {` · ${agency.advertisers} anunciante(s) · ${agency.members} pessoa(s)`}
                  </p>
                </div>
                {agency.confirmed_at ? (
                  <Badge tone="green">Confirmada em {formatDate(agency.confirmed_at)}</Badge>
                ) : (
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="amber">Aguardando confirmação</Badge>
                    {agency.cenp_certificate ? <ConfirmAgency id={agency.id} name={agency.name} /> : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </AdminPage>
  );
}
