import { Plus } from '../../../features/admin/icons.ts';
import { useId, useState, type FormEvent } from 'react';
import {
  couponInputSchema,
  couponStateLabels,
  couponStateOf,
  parseReais,
  type CouponKind,
  type CouponState,
  formatDate,
  formatInteger,
  formatMoney,
  formatAmount,
  fromDateTimeInput,
  toDateTimeInput,
  type AdminCoupon,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import {
  AdminPage,
  Dialog,
  DialogContent,
  Badge,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  SortHeader,
  Table,
  Th,
  Toolbar,
  useAdminCoupons,
  useListParams,
  useSaveCoupon,
} from '../../../features/admin/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const stateTones: Record<CouponState, 'slate' | 'green' | 'red' | 'amber' | 'blue'> = {
  ativo: 'green',
  agendado: 'blue',
  inativo: 'slate',
  esgotado: 'amber',
  expirado: 'red',
};

/** A coupon's real state (shared `couponStateOf`): expired, used up, off, scheduled or active. */
function CouponStateBadge({ state }: { state: CouponState }) {
  return (
    <span data-coupon-state={state}>
      <Badge tone={stateTones[state]}>{couponStateLabels[state]}</Badge>
    </span>
  );
}

const describe = (c: AdminCoupon) => (c.kind === 'percentual' ? `${c.value}%` : formatMoney(c.value));

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const save = useSaveCoupon();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percentual');
  const [value, setValue] = useState(
    coupon ? (coupon.kind === 'percentual' ? String(coupon.value) : formatAmount(coupon.value)) : '',
  );
  const [startsAt, setStartsAt] = useState(toDateTimeInput(coupon?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toDateTimeInput(coupon?.ends_at ?? null));
  const [minOrder, setMinOrder] = useState(coupon ? formatAmount(coupon.min_order) : '');
  const [maxUses, setMaxUses] = useState(coupon?.max_uses ? String(coupon.max_uses) : '');
  const [perUser, setPerUser] = useState(coupon?.max_uses_per_user ? String(coupon.max_uses_per_user) : '');
  const [first, setFirst] = useState(coupon?.first_purchase_only ?? false);
  const [active, setActive] = useState(coupon?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const kindId = useId();

  const optionalInt = (v: string) => (v.trim() ? Number(v) : null);
  const build = () => ({
    code,
    kind,
    value: kind === 'percentual' ? Number(value) : (parseReais(value) ?? Number.NaN),
    starts_at: fromDateTimeInput(startsAt),
    ends_at: fromDateTimeInput(endsAt),
    min_order: minOrder.trim() ? (parseReais(minOrder) ?? Number.NaN) : 0,
    max_uses: optionalInt(maxUses),
    max_uses_per_user: optionalInt(perUser),
    first_purchase_only: first,
    active,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const input = build();
    const parsed = couponInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: coupon?.id, input });
      toast.success(coupon ? 'Cupom salvo' : 'Cupom criado');
      onDone();
    } catch (e) {
      setServerError(errorMessage(e, 'Não foi possível salvar o cupom.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
      {serverError ? (
        <div className="sm:col-span-2">
          <Alert>{serverError}</Alert>
        </div>
      ) : null}
      <Field
        label="Código"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={errors.code}
        autoCapitalize="characters"
      />
      <div className="space-y-1.5">
        <label htmlFor={kindId} className="block text-sm font-medium text-slate-800">
          Tipo de desconto
        </label>
        <select
          id={kindId}
          className={inputClass}
          value={kind}
          onChange={(e) => setKind(e.target.value as CouponKind)}
        >
          <option value="percentual">Percentual (%)</option>
          <option value="valor">Valor fixo (R$)</option>
        </select>
      </div>
      <Field
        label={kind === 'percentual' ? 'Desconto (%)' : 'Desconto (R$)'}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={errors.value}
      />
      <Field
        label="Pedido mínimo (R$)"
        inputMode="decimal"
        placeholder="0,00"
        value={minOrder}
        onChange={(e) => setMinOrder(e.target.value)}
        error={errors.min_order}
      />
      <Field
        label="Início (opcional)"
        type="datetime-local"
        value={startsAt}
        onChange={(e) => setStartsAt(e.target.value)}
        error={errors.starts_at}
      />
      <Field
        label="Fim (opcional)"
        type="datetime-local"
        value={endsAt}
        onChange={(e) => setEndsAt(e.target.value)}
        error={errors.ends_at}
      />
      <Field
        label="Limite total de usos"
        inputMode="numeric"
        placeholder="Sem limite"
        value={maxUses}
        onChange={(e) => setMaxUses(e.target.value)}
        error={errors.max_uses}
      />
      <Field
        label="Limite por cliente"
        inputMode="numeric"
        placeholder="Sem limite"
        value={perUser}
        onChange={(e) => setPerUser(e.target.value)}
        error={errors.max_uses_per_user}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={first}
          onChange={(e) => setFirst(e.target.checked)}
        />
        Só na primeira compra
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
        Ativo
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : coupon ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
      </div>
    </form>
  );
}

export function Component() {
  const list = useListParams({ sort: 'created_at', dir: 'desc', page: '1', page_size: '20' });
  const coupons = useAdminCoupons(list.search);
  const [editing, setEditing] = useState<AdminCoupon | 'novo' | null>(null);
  return (
    <AdminPage
      title="Cupons"
      description="Descontos por código, com validade, limites e o que cada um rendeu."
      actions={
        <Button onClick={() => setEditing('novo')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Novo cupom
        </Button>
      }
    >
      <Toolbar>
        <SearchBox list={list} label="Buscar por código" />
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
        query={coupons}
        loading="Carregando cupons..."
        empty="Nenhum cupom encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Cupons"
              head={
                <>
                  <SortHeader list={list} column="code">
                    Código
                  </SortHeader>
                  <Th>Desconto</Th>
                  <Th>Validade</Th>
                  <Th>Regras</Th>
                  <SortHeader list={list} column="uses">
                    Usos
                  </SortHeader>
                  <Th>Receita</Th>
                  <Th>Status</Th>
                </>
              }
            >
              {data.items.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="font-mono font-semibold text-brand-700 hover:underline"
                      onClick={() => setEditing(c)}
                    >
                      {c.code}
                    </button>
                  </td>
                  <td className="px-3 py-2">{describe(c)}</td>
                  <td className="px-3 py-2">
                    {c.starts_at || c.ends_at
                      ? `${c.starts_at ? formatDate(c.starts_at) : '…'} a ${c.ends_at ? formatDate(c.ends_at) : '…'}`
                      : 'Sem prazo'}
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-600">
                    {[
                      c.min_order ? `mínimo ${formatMoney(c.min_order)}` : null,
                      c.max_uses ? `até ${c.max_uses} usos` : null,
                      c.max_uses_per_user ? `${c.max_uses_per_user} por cliente` : null,
                      c.first_purchase_only ? '1ª compra' : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </td>
                  <td className="px-3 py-2" data-testid={`usos-${c.code}`}>
                    {formatInteger(c.uses)}
                    {c.max_uses ? ` / ${formatInteger(c.max_uses)}` : ''}
                    <span className="block text-xs text-slate-600">{formatInteger(c.paid_uses)} pagos</span>
                  </td>
                  <td className="px-3 py-2">
                    {formatMoney(c.revenue)}
                    <span className="block text-xs text-slate-600">
                      desconto {formatMoney(c.discount_given)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <CouponStateBadge state={couponStateOf(c, new Date())} />
                  </td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
      {editing ? (
        <Dialog open onOpenChange={(open) => (open ? null : setEditing(null))}>
          <DialogContent
            title={editing === 'novo' ? 'Novo cupom' : `Cupom ${editing.code}`}
            className="max-w-2xl"
          >
            <CouponForm coupon={editing === 'novo' ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        </Dialog>
      ) : null}
    </AdminPage>
  );
}
