import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buildPath, paths, productTypeLabels, productTypes, formatDate, formatMoney } from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  AdminPage,
  Badge,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  SortHeader,
  Table,
  Th,
  Toolbar,
  useAdminProducts,
  useListParams,
} from '../../../features/admin/index.ts';

export function Component() {
  const list = useListParams({ sort: 'created_at', dir: 'desc', page: '1', page_size: '20' });
  const products = useAdminProducts(list.search);
  return (
    <AdminPage
      title="Produtos"
      description="O catálogo: locais, torres, fotos e preços."
      actions={
        <Button asChild>
          <Link to={paths.admin.produtoNovo}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Novo produto
          </Link>
        </Button>
      }
    >
      <Toolbar>
        <SearchBox list={list} label="Buscar por nome, cidade ou endereço" />
        <FilterSelect
          label="Tipo"
          value={list.get('type')}
          onChange={(e) => list.set({ type: e.target.value })}
          options={[['', 'Todos'], ...productTypes.map((t): [string, string] => [t, productTypeLabels[t]])]}
        />
        <FilterSelect
          label="Status"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={[
            ['', 'Todos'],
            ['ativo', 'Ativos'],
            ['inativo', 'Inativos'],
          ]}
        />
      </Toolbar>
      <QueryState
        query={products}
        loading="Carregando produtos..."
        empty="Nenhum produto encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Produtos"
              head={
                <>
                  <Th className="w-16">
                    <span className="sr-only">Foto</span>
                  </Th>
                  <SortHeader list={list} column="name">
                    Nome
                  </SortHeader>
                  <Th>Tipo</Th>
                  <SortHeader list={list} column="city">
                    Cidade
                  </SortHeader>
                  <SortHeader list={list} column="daily_price">
                    Preço diário
                  </SortHeader>
                  <Th>Torres / slots</Th>
                  <Th>Status</Th>
                  <SortHeader list={list} column="updated_at">
                    Atualizado
                  </SortHeader>
                </>
              }
            >
              {data.items.map((p) => (
                <tr key={p.id}>
                  <td className="px-3 py-2">
                    {p.cover ? (
                      <img src={p.cover} alt="" className="h-10 w-14 rounded object-cover" loading="lazy" />
                    ) : (
                      <div className="h-10 w-14 rounded bg-slate-100" />
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Link
                      className="font-medium text-brand-700 hover:underline"
                      to={buildPath(paths.admin.produto, { id: p.id })}
                    >
                      {p.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{productTypeLabels[p.type]}</td>
                  <td className="px-3 py-2">
                    {p.city}/{p.state}
                  </td>
                  <td className="px-3 py-2">{formatMoney(p.daily_price)}</td>
                  <td className="px-3 py-2">
                    {p.towers} / {p.slots}
                  </td>
                  <td className="px-3 py-2">
                    {p.status === 'ativo' ? <Badge tone="green">Ativo</Badge> : <Badge>Inativo</Badge>}
                  </td>
                  <td className="px-3 py-2">{formatDate(p.updated_at)}</td>
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
