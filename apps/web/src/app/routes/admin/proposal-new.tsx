import { useNavigate, useSearchParams } from 'react-router';
import { addDays, buildPath, earliestBookableStart, paths, todayInBrasilia } from '@urbana/shared';
import { AdminPage } from '../../../features/admin/index.ts';
import { ProposalForm } from '../../../features/proposals/index.ts';
import { toast } from '../../../lib/toast.ts';

/** /admin/propostas/nova: from the inventory (face and week) or a product (?produto=). */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = params.get('inicio') ?? addDays(earliestBookableStart(todayInBrasilia(), 2), 0);
  return (
    <AdminPage
      title="Nova proposta"
      description="Escolha o cliente, os locais e as semanas, o preço negociado e a validade. Depois de criar, baixe o PDF e envie por e-mail."
    >
      <ProposalForm
        initial={{
          product_id: params.get('produto') ?? '',
          tower_ids: params.get('torre') ? [params.get('torre')!] : [],
          start_date: start,
          weeks: '4',
          price: '',
        }}
        onCreated={(proposal) => {
          toast.success(`Proposta ${proposal.code} criada`);
          void navigate(buildPath(paths.admin.proposta, { id: proposal.id }));
        }}
      />
    </AdminPage>
  );
}
