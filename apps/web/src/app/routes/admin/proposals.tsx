import { Link } from 'react-router';
import { buildPath, paths, proposalStateLabels, proposalStatuses } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  AdminPage,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  Table,
  Th,
  Toolbar,
  useListParams,
} from '../../../features/admin/index.ts';
import { ProposalStateBadge, useProposalList } from '../../../features/proposals/index.ts';
import { formatDate, formatMoney } from '@urbana/shared';

/** /admin/propostas: every proposal, newest first. */
export function Component() {
  const list = useListParams();
  const proposals = useProposalList(list.search);
  return (
    <AdminPage
      title="Propostas"
      description="Propostas comerciais para clientes: ao aceitar, o cliente cria o pedido com os preços negociados."
      actions={
        <Button asChild>
          <Link to={paths.admin.propostaNova}>Nova proposta</Link>
        </Button>
      }
    >
      <Toolbar>
        <SearchBox list={list} label="Buscar" placeholder="Código, cliente ou e-mail" />
        <FilterSelect
          label="Situação"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[
            ['', 'Todas'],
            ...proposalStatuses.map((s) => [s, proposalStateLabels[s]] as [string, string]),
          ]}
        />
      </Toolbar>
      <QueryState
        query={proposals}
        loading="Carregando propostas"
        empty="Nenhuma proposta encontrada."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Propostas"
              head={
                <>
                  <Th>Código</Th>
                  <Th>Cliente</Th>
                  <Th>Situação</Th>
                  <Th>Total</Th>
                  <Th>Válida até</Th>
                </>
              }
            >
              {data.items.map((p) => (
                <tr key={p.id}>
                  <td className="px-3 py-2">
                    <Link
                      className="font-medium text-brand-700 underline"
                      to={buildPath(paths.admin.proposta, { id: p.id })}
                    >
                      {p.code}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {p.customer.nome_completo || p.customer.email}
                    <span className="block text-xs text-slate-600">{p.customer.email}</span>
                  </td>
                  <td className="px-3 py-2">
                    <ProposalStateBadge state={p.state} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatMoney(p.total)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.valid_until)}</td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
